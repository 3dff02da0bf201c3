import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import DragIndicator from '@mui/icons-material/DragIndicator';
import { Box, IconButton, List, ListItem, ListItemIcon, ListItemText } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from '../app';

export interface SortItem {
  /** unique among the items (a string when items of several kinds share a list, e.g. `2:15`) */
  id: number | string;
  label: string;
  /** a second line under the label */
  secondary?: string;
  /** an icon before the label */
  icon?: ReactNode;
}

interface RowProps<T extends SortItem> {
  item: T;
  index: number;
  renderItem?: (item: T, index: number) => ReactNode;
}

function Row<T extends SortItem>({ item, index, renderItem }: RowProps<T>) {
  const translate = useTranslate();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: item.id });
  // a row with its own content (and buttons) moves by its handle only, so the buttons keep their keys
  const handle = renderItem !== undefined;
  return (
    <ListItem
      ref={setNodeRef}
      data-testid="sortable-item"
      {...(handle ? {} : { ...attributes, ...listeners })}
      sx={{
        transform: CSS.Transform.toString(transform),
        transition,
        cursor: handle ? undefined : 'grab',
        bgcolor: isDragging ? 'action.selected' : 'background.paper',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        mb: 1,
        gap: 1,
      }}
    >
      {handle ? (
        <IconButton size="small" aria-label={translate('app.common.dragHandle')} {...attributes} {...listeners} sx={{ cursor: 'grab' }}>
          <DragIndicator />
        </IconButton>
      ) : (
        <ListItemIcon>
          <DragIndicator />
        </ListItemIcon>
      )}
      {handle ? <Box sx={{ flex: 1, minWidth: 0 }}>{renderItem(item, index)}</Box> : <>
          {item.icon && <ListItemIcon>{item.icon}</ListItemIcon>}
          <ListItemText primary={`${index + 1}. ${item.label}`} secondary={item.secondary} />
        </>}
    </ListItem>
  );
}

/**
 * A vertical list reordered by drag and drop (mouse, touch or keyboard: space, arrows, space).
 * By default a row is its label and moves as a whole; with `renderItem` it shows that content
 * (actions included) and moves by its handle.
 */
export function SortableList<T extends SortItem>({ items, onChange, renderItem }: { items: T[]; onChange: (items: T[]) => void; renderItem?: (item: T, index: number) => ReactNode }) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((i) => i.id === active.id);
    const to = items.findIndex((i) => i.id === over.id);
    onChange(arrayMove(items, from, to));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={items.map((i) => i.id)} strategy={verticalListSortingStrategy}>
        <List disablePadding>
          {items.map((item, i) => (
            <Row key={item.id} item={item} index={i} renderItem={renderItem} />
          ))}
        </List>
      </SortableContext>
    </DndContext>
  );
}
