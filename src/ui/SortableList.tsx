import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import DragIndicator from '@mui/icons-material/DragIndicator';
import { List, ListItem, ListItemIcon, ListItemText } from '@mui/material';

export interface SortItem {
  id: number;
  label: string;
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
      <ListItemText primary={`${index + 1}. ${item.label}`} />
    </ListItem>
  );
}

/** A vertical list reordered by drag and drop (mouse, touch or keyboard: space, arrows, space). */
export function SortableList({ items, onChange }: { items: SortItem[]; onChange: (items: SortItem[]) => void }) {
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
