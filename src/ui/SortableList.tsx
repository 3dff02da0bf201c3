import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent, type UniqueIdentifier } from '@dnd-kit/core';
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
  // a row with its own content (and buttons) moves by its handle only, so the buttons keep their keys;
  // either way the draggable part (role button) sits inside the list item, not as the item itself
  const handle = renderItem !== undefined;
  return (
    <ListItem
      ref={setNodeRef}
      data-testid="sortable-item"
      disablePadding={!handle}
      sx={{
        transform: CSS.Transform.toString(transform),
        transition,
        bgcolor: isDragging ? 'action.selected' : 'background.paper',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        mb: 1,
        gap: 1,
      }}
    >
      {handle ? (
        <>
          <IconButton size="small" aria-label={translate('app.common.dragHandle')} {...attributes} {...listeners} sx={{ cursor: 'grab' }}>
            <DragIndicator />
          </IconButton>
          <Box sx={{ flex: 1, minWidth: 0 }}>{renderItem(item, index)}</Box>
        </>
      ) : (
        <Box
          {...attributes}
          {...listeners}
          aria-roledescription={translate('app.common.sortable')}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, width: '100%', px: 2, py: 1, cursor: 'grab', borderRadius: 1, '&:focus-visible': { outline: 2, outlineColor: 'primary.main' } }}
        >
          <ListItemIcon>
            <DragIndicator />
          </ListItemIcon>
          {item.icon && <ListItemIcon>{item.icon}</ListItemIcon>}
          <ListItemText primary={`${index + 1}. ${item.label}`} secondary={item.secondary} />
        </Box>
      )}
    </ListItem>
  );
}

/** dnd-kit's screen-reader texts in the UI's language (its own are English only). */
function useSortAnnouncements<T extends SortItem>(items: T[]) {
  const translate = useTranslate();
  const label = (id: UniqueIdentifier) => items.find((i) => i.id === id)?.label ?? String(id);
  const position = (id: UniqueIdentifier | undefined) => (id === undefined ? 0 : items.findIndex((i) => i.id === id) + 1);
  const announcements: Announcements = {
    onDragStart: ({ active }) => translate('app.common.sort.picked', { label: label(active.id), position: position(active.id), total: items.length }),
    onDragOver: ({ active, over }) => (over ? translate('app.common.sort.moved', { label: label(active.id), position: position(over.id), total: items.length }) : undefined),
    onDragEnd: ({ active, over }) => translate('app.common.sort.dropped', { label: label(active.id), position: position(over?.id ?? active.id), total: items.length }),
    onDragCancel: ({ active }) => translate('app.common.sort.cancelled', { label: label(active.id) }),
  };
  return { announcements, screenReaderInstructions: { draggable: translate('app.common.sort.instructions') } };
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
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={useSortAnnouncements(items)}>
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
