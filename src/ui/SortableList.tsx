import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import DragIndicator from '@mui/icons-material/DragIndicator';
import { List, ListItem, ListItemIcon, ListItemText } from '@mui/material';
import type { ReactNode } from 'react';

export interface SortItem {
  /** unique among the items (a string when items of several kinds share a list, e.g. `2:15`) */
  id: number | string;
  label: string;
  /** a second line under the label */
  secondary?: string;
  /** an icon before the label */
  icon?: ReactNode;
}

function Row({ item, index }: { item: SortItem; index: number }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: item.id });
  return (
    <ListItem
      ref={setNodeRef}
      data-testid="sortable-item"
      {...attributes}
      {...listeners}
      sx={{
        transform: CSS.Transform.toString(transform),
        transition,
        cursor: 'grab',
        bgcolor: isDragging ? 'action.selected' : 'background.paper',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        mb: 1,
      }}
    >
      <ListItemIcon>
        <DragIndicator />
      </ListItemIcon>
      {item.icon && <ListItemIcon>{item.icon}</ListItemIcon>}
      <ListItemText primary={`${index + 1}. ${item.label}`} secondary={item.secondary} />
    </ListItem>
  );
}

/** A vertical list reordered by drag and drop (mouse, touch or keyboard: space, arrows, space). */
export function SortableList<T extends SortItem>({ items, onChange }: { items: T[]; onChange: (items: T[]) => void }) {
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
            <Row key={item.id} item={item} index={i} />
          ))}
        </List>
      </SortableContext>
    </DndContext>
  );
}
