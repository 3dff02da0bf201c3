import { closestCenter, DndContext, KeyboardSensor, PointerSensor, TouchSensor, useSensor, useSensors, type Announcements, type DragEndEvent, type ScreenReaderInstructions, type UniqueIdentifier } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DragIndicator from '@mui/icons-material/DragIndicator';
import { IconButton, List, ListItem, ListItemIcon, ListItemText } from '@mui/material';
import { useRef, useState } from 'react';
import { useTranslate } from '../../../app';
import type { SlideViewProps } from '../types';
import { questionOf, savedItemIds, type Choice, type SequenceQuestion } from './content';
import { QuestionText } from './QuestionText';
import { SaveBar } from './SaveBar';
import { UnknownKind } from './UnknownKind';
import { useSave } from './useSave';

const k = (key: string) => `app.playerQuestions.${key}`;

/** The items in the saved order when the saved answer is a permutation of them, else as shown by the server. */
export function initialOrder(items: Choice[], saved: number[]): Choice[] {
  const byId = new Map(items.map((i) => [i.id, i]));
  if (saved.length !== items.length || !saved.every((id) => byId.has(id))) return items;
  return saved.map((id) => byId.get(id)!);
}

function Row({ item, index, count, readOnly, move }: { item: Choice; index: number; count: number; readOnly: boolean; move: (from: number, to: number) => void }) {
  const translate = useTranslate();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: item.id, disabled: readOnly, attributes: { roleDescription: translate(k('sequence.roleDescription')) } });
  return (
    <ListItem
      ref={setNodeRef}
      data-testid="sequence-item"
      sx={{ transform: CSS.Transform.toString(transform), transition, bgcolor: isDragging ? 'action.selected' : 'background.paper', border: 1, borderColor: 'divider', borderRadius: 1, mb: 1, pr: 12 }}
      secondaryAction={
        !readOnly && (
          <>
            <IconButton aria-label={translate(k('sequence.up'), { item: item.text })} disabled={index === 0} onClick={() => move(index, index - 1)}>
              <ArrowUpward />
            </IconButton>
            <IconButton aria-label={translate(k('sequence.down'), { item: item.text })} disabled={index === count - 1} onClick={() => move(index, index + 1)}>
              <ArrowDownward />
            </IconButton>
          </>
        )
      }
    >
      {!readOnly && (
        <ListItemIcon sx={{ cursor: 'grab', touchAction: 'none' }} {...attributes} {...listeners} aria-label={translate(k('sequence.drag'), { item: item.text })}>
          <DragIndicator />
        </ListItemIcon>
      )}
      <ListItemText primary={`${index + 1}. ${item.text}`} />
    </ListItem>
  );
}

/**
 * What a screen reader hears while an item is dragged with the keyboard (dnd-kit's live region):
 * the item by its text and its place, in the student's language (dnd-kit's own are English and
 * name items by id). The instructions are the handle's description.
 */
function useSortAnnouncements(order: Choice[]): { announcements: Announcements; screenReaderInstructions: ScreenReaderInstructions } {
  const translate = useTranslate();
  // dnd-kit reports the item over its own place right after the pick-up: that would replace the
  // pick-up's announcement before it is read, so the item's own place is said only once it has moved
  const moved = useRef(false);
  const text = (id: UniqueIdentifier) => order.find((i) => i.id === id)?.text ?? '';
  const place = (id: UniqueIdentifier | undefined) => ({ position: order.findIndex((i) => i.id === id) + 1, total: order.length });
  return {
    screenReaderInstructions: { draggable: translate(k('sequence.instructions')) },
    announcements: {
      onDragStart: ({ active }) => {
        moved.current = false;
        return translate(k('sequence.picked'), { item: text(active.id), ...place(active.id) });
      },
      onDragOver: ({ active, over }) => {
        if (!over || (over.id === active.id && !moved.current)) return undefined;
        moved.current = true;
        return translate(k('sequence.over'), { item: text(active.id), ...place(over.id) });
      },
      onDragEnd: ({ active, over }) => (over ? translate(k('sequence.dropped'), { item: text(active.id), ...place(over.id) }) : translate(k('sequence.cancelled'), { item: text(active.id) })),
      onDragCancel: ({ active }) => translate(k('sequence.cancelled'), { item: text(active.id) }),
    },
  };
}

/** Sequence: drag the handle (mouse, touch, or keyboard: space, arrows, space) or use the up/down buttons. */
export function SequenceForm(props: SlideViewProps) {
  const { page, readOnly } = props;
  const q = questionOf<SequenceQuestion>(page.content);
  const [order, setOrder] = useState<Choice[]>(() => initialOrder(q?.items ?? [], savedItemIds(page.answer)));
  const save = useSave('sequences', props);
  const accessibility = useSortAnnouncements(order);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  if (!q) return <UnknownKind message={k('errors.noQuestion')} />;
  const move = (from: number, to: number) => {
    if (to < 0 || to >= order.length || from === to) return;
    setOrder(arrayMove(order, from, to));
    save.touch();
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over) move(order.findIndex((i) => i.id === active.id), order.findIndex((i) => i.id === over.id));
  };

  return (
    <div data-testid="question-form" data-kind="sequence">
      <QuestionText html={q.text || q.label} />
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={accessibility}>
        <SortableContext items={order.map((i) => i.id)} strategy={verticalListSortingStrategy}>
          <List disablePadding>
            {order.map((item, i) => (
              <Row key={item.id} item={item} index={i} count={order.length} readOnly={readOnly} move={move} />
            ))}
          </List>
        </SortableContext>
      </DndContext>
      <SaveBar save={save} readOnly={readOnly} onSave={() => save.send({ itemIds: order.map((i) => i.id) })} />
    </div>
  );
}
