import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import DragIndicator from '@mui/icons-material/DragIndicator';
import Folder from '@mui/icons-material/Folder';
import School from '@mui/icons-material/School';
import { Button, List, ListItem, ListItemIcon, ListItemText, Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { courseGroupPaths as P, type CourseGroupChild } from '../../../shared/courseGroups';
import { TrainingKind } from '../../../shared/enums';
import { apiPath, apiSend, errorText, useApiQuery } from '../courses/api';
import { CoursePage } from '../courses/common/CoursePage';
import { PageState } from '../courses/common/PageState';
import { groupKey, groupPath } from './api';

const keyOf = (c: CourseGroupChild) => `${c.type}:${c.id}`;

function Row({ item, index }: { item: CourseGroupChild; index: number }) {
  const translate = useTranslate();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: keyOf(item) });
  const group = item.type === TrainingKind.courseGroup;
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
      <ListItemIcon>{group ? <Folder /> : <School />}</ListItemIcon>
      <ListItemText primary={`${index + 1}. ${item.label}`} secondary={translate(`resources.courseGroups.kinds.${group ? 'group' : 'course'}`)} />
    </ListItem>
  );
}

/** /courses/course-group/{courseGroupId}/sort: the order of its groups and courses, by drag and drop (mouse, touch or keyboard). */
export function CourseGroupSort() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { courseGroupId = '' } = useParams();
  const current = useApiQuery<CourseGroupChild[]>(groupKey(courseGroupId, 'order'), apiPath(P.reorder, { id: courseGroupId }));
  const [items, setItems] = useState<CourseGroupChild[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (current.data) setItems(current.data);
  }, [current.data]);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    setItems((list) => arrayMove(list, list.findIndex((i) => keyOf(i) === active.id), list.findIndex((i) => keyOf(i) === over.id)));
  };
  const save = async () => {
    setSaving(true);
    try {
      await apiSend('PUT', apiPath(P.reorder, { id: courseGroupId }), { orders: items.map((i) => ({ id: i.id, type: i.type })) });
      await client.invalidateQueries({ queryKey: ['courseGroups'] });
      notify(translate('resources.courseGroups.messages.sorted'), { type: 'success' });
      navigate(groupPath(courseGroupId));
    } catch (e) {
      notify(errorText(e) || translate('resources.courses.messages.failed'), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };
  return (
    <CoursePage title={translate('resources.courseGroups.titles.sort')} back={groupPath(courseGroupId)}>
      <PageState
        isPending={current.isPending}
        error={current.error}
        refetch={current.refetch}
        isEmpty={current.data?.length === 0}
        emptyText={translate('resources.courseGroups.messages.emptyGroup')}
      >
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={items.map(keyOf)} strategy={verticalListSortingStrategy}>
            <List disablePadding>
              {items.map((item, i) => (
                <Row key={keyOf(item)} item={item} index={i} />
              ))}
            </List>
          </SortableContext>
        </DndContext>
        <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
          <Button variant="contained" onClick={() => void save()} disabled={saving} data-testid="save">
            {translate('resources.courseGroups.actions.save')}
          </Button>
          <Button component={Link} to={groupPath(courseGroupId)}>
            {translate('resources.courseGroups.actions.cancel')}
          </Button>
        </Stack>
      </PageState>
    </CoursePage>
  );
}
