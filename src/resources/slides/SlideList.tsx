import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import DragIndicator from '@mui/icons-material/DragIndicator';
import Edit from '@mui/icons-material/Edit';
import Visibility from '@mui/icons-material/Visibility';
import { Alert, Box, Button, Card, CardContent, CircularProgress, IconButton, Menu, MenuItem, Stack, Tooltip, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { slideKinds, type SlideRouteType } from '../../../shared/enums';
import type { SlideRecord } from '../../../shared/slides';
import { slidesApi } from './api';
import { SlidePreviewDialog } from './SlidePreview';

function SlideRow({ slide, base, onPreview, onDrop }: { slide: SlideRecord; base: string; onPreview: () => void; onDrop: () => void }) {
  const translate = useTranslate();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: slide.id });
  return (
    <Card ref={setNodeRef} sx={{ mb: 1, opacity: isDragging ? 0.6 : 1, transform: CSS.Transform.toString(transform), transition }} data-testid="slide-row">
      <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 1, py: '8px !important' }}>
        <IconButton size="small" aria-label={translate('resources.slides.dragHandle')} {...attributes} {...listeners} sx={{ cursor: 'grab' }}>
          <DragIndicator />
        </IconButton>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography noWrap>{slide.label || '—'}</Typography>
          <Typography variant="caption" color="text.secondary">
            {translate(`resources.slides.kinds.${slide.type}`)}
            {slide.question ? ` · ${slide.question.label}` : ''}
          </Typography>
        </Box>
        <Tooltip title={translate('resources.slides.preview')}>
          <IconButton aria-label={translate('resources.slides.preview')} onClick={onPreview}><Visibility /></IconButton>
        </Tooltip>
        <Tooltip title={translate('resources.slides.edit')}>
          <IconButton aria-label={translate('resources.slides.edit')} component={RouterLink} to={`${base}/${slide.type}/${slide.id}/edit`}><Edit /></IconButton>
        </Tooltip>
        <Tooltip title={translate('resources.slides.drop')}>
          <IconButton aria-label={translate('resources.slides.drop')} onClick={onDrop}><Delete /></IconButton>
        </Tooltip>
      </CardContent>
    </Card>
  );
}

/** The exercise's slides (/programs/{programId}/{lessonId}/{exerciseId}/slides): order by drag and drop, add, edit, drop, preview. */
export function SlideList() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { programId, lessonId, exerciseId } = useParams() as { programId: string; lessonId: string; exerciseId: string };
  const base = `/programs/${programId}/${lessonId}/${exerciseId}/slides`;
  const key = ['slides', 'list', exerciseId];
  const { data, isPending, isError, refetch } = useQuery({ queryKey: key, queryFn: () => slidesApi.list(exerciseId), retry: 1 });
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [previewId, setPreviewId] = useState<number | null>(null);
  const [dropping, setDropping] = useState<SlideRecord | null>(null);
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  const sort = useMutation({
    mutationFn: (orders: number[]) => slidesApi.sort(exerciseId, orders),
    onMutate: async (orders) => {
      const previous = queryClient.getQueryData<SlideRecord[]>(key);
      queryClient.setQueryData<SlideRecord[]>(key, (list) => orders.map((id) => list!.find((s) => s.id === id)!));
      return { previous };
    },
    onError: (_e, _o, ctx) => {
      queryClient.setQueryData(key, ctx?.previous);
      notify('resources.slides.failed', { type: 'error' });
    },
    onSuccess: (list) => {
      queryClient.setQueryData(key, list);
      notify('resources.slides.orderSaved', { type: 'success' });
    },
  });
  const drop = useMutation({
    mutationFn: (slide: SlideRecord) => slidesApi.drop(exerciseId, slide.id),
    onSuccess: () => {
      notify('resources.slides.deleted', { type: 'success' });
      return queryClient.invalidateQueries({ queryKey: key });
    },
    onError: () => notify('resources.slides.failed', { type: 'error' }),
    onSettled: () => setDropping(null),
  });

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!data || !over || active.id === over.id) return;
    const from = data.findIndex((s) => s.id === active.id);
    const to = data.findIndex((s) => s.id === over.id);
    sort.mutate(arrayMove(data, from, to).map((s) => s.id));
  };

  return (
    <Box sx={{ maxWidth: 960, mx: 'auto', my: 2 }} data-testid="slide-list">
      <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ mb: 2 }}>
        <Typography variant="h5" component="h1">{translate('resources.slides.listTitle')}</Typography>
        <Button variant="contained" startIcon={<Add />} onClick={(e) => setMenu(e.currentTarget)}>
          {translate('resources.slides.add')}
        </Button>
        <Menu anchorEl={menu} open={!!menu} onClose={() => setMenu(null)}>
          {(Object.keys(slideKinds) as SlideRouteType[]).map((type) => (
            <MenuItem key={type} component={RouterLink} to={`${base}/${type}/create`} onClick={() => setMenu(null)}>
              {translate(`resources.slides.kinds.${type}`)}
            </MenuItem>
          ))}
        </Menu>
      </Stack>
      {isPending && (
        <Box sx={{ p: 4, textAlign: 'center' }} data-testid="slide-list-loading">
          <CircularProgress aria-label={translate('resources.slides.loading')} />
        </Box>
      )}
      {isError && (
        <Alert severity="error" data-testid="slide-list-error" action={<Button onClick={() => void refetch()}>{translate('resources.slides.retry')}</Button>}>
          {translate('resources.slides.loadError')}
        </Alert>
      )}
      {data && data.length === 0 && (
        <Typography color="text.secondary" sx={{ p: 4, textAlign: 'center' }} data-testid="slide-list-empty">
          {translate('resources.slides.empty')}
        </Typography>
      )}
      {data && data.length > 0 && (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={data.map((s) => s.id)} strategy={verticalListSortingStrategy}>
            {data.map((slide) => (
              <SlideRow key={slide.id} slide={slide} base={base} onPreview={() => setPreviewId(slide.id)} onDrop={() => setDropping(slide)} />
            ))}
          </SortableContext>
        </DndContext>
      )}
      <SlidePreviewDialog exerciseId={exerciseId} slideId={previewId} onClose={() => setPreviewId(null)} />
      <Confirm
        isOpen={!!dropping}
        loading={drop.isPending}
        title="resources.slides.drop"
        content={translate('resources.slides.dropConfirm', { label: dropping?.label ?? '' })}
        onConfirm={() => dropping && drop.mutate(dropping)}
        onClose={() => setDropping(null)}
      />
    </Box>
  );
}
