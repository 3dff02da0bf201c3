import { closestCenter, DndContext, KeyboardSensor, PointerSensor, TouchSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DragIndicator from '@mui/icons-material/DragIndicator';
import { IconButton, List, ListItem, ListItemIcon, ListItemText } from '@mui/material';
import { useState } from 'react';
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
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: item.id, disabled: readOnly });
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

/** Sequence: drag the handle (mouse, touch, or keyboard: space, arrows, space) or use the up/down buttons. */
export function SequenceForm(props: SlideViewProps) {
  const { page, readOnly } = props;
  const q = questionOf<SequenceQuestion>(page.content);
  const [order, setOrder] = useState<Choice[]>(() => initialOrder(q?.items ?? [], savedItemIds(page.answer)));
  const save = useSave('sequences', props);
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
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
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
