import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import Visibility from '@mui/icons-material/Visibility';
import { Box, Button, IconButton, Menu, MenuItem, Tooltip, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { ListAnswer } from '../../../shared/account';
import { slideCalls } from '../../../shared/calls/slides';
import { slideKinds, type SlideRouteType } from '../../../shared/enums';
import type { SlideRecord } from '../../../shared/slides';
import { callApi } from '../../http/client';
import { callKey, useCall } from '../../http/queries';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { SortableList } from '../../ui/SortableList';
import { focusRing, useFocusWhenNew } from '../../ui/arrivalFocus';
import { useSavedToast } from '../../ui/savedToast';
import { useToasts } from '../../ui/useToasts';
import { SlidePreviewDialog } from './SlidePreview';

/** One slide in the list: its label and kind, then preview, edit and drop. */
function SlideRow({ slide, base, onPreview, onDrop }: { slide: SlideRecord; base: string; onPreview: () => void; onDrop: () => void }) {
  const translate = useTranslate();
  // a slide just saved takes focus when the list comes back to show it
  const label = useFocusWhenNew<HTMLSpanElement>(`slide-${slide.id}`);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} data-testid="slide-row">
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography noWrap ref={label} tabIndex={-1} sx={focusRing}>{slide.label || '—'}</Typography>
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
    </Box>
  );
}

/** The exercise's slides (/programs/{programId}/{lessonId}/{exerciseId}/slides): order by drag and drop, add, edit, drop, preview. */
export function SlideList() {
  const translate = useTranslate();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const { programId, lessonId, exerciseId } = useParams() as { programId: string; lessonId: string; exerciseId: string };
  const base = `/programs/${programId}/${lessonId}/${exerciseId}/slides`;
  const args = { params: { exerciseId } };
  const key = callKey(slideCalls.list, args);
  const { data, isPending, error, refetch } = useCall(slideCalls.list, args);
  const slides = data?.result ?? [];
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [previewId, setPreviewId] = useState<number | null>(null);
  const [dropping, setDropping] = useState<SlideRecord | null>(null);

  // the new order shows at once and comes back when the server refuses it
  const sort = useMutation({
    mutationFn: (orders: number[]) => callApi(slideCalls.sort, { ...args, body: { orders } }),
    onMutate: async (orders) => {
      const previous = queryClient.getQueryData<ListAnswer<SlideRecord>>(key);
      if (previous) queryClient.setQueryData(key, { ...previous, result: orders.map((id) => previous.result.find((s) => s.id === id)!) });
      return { previous };
    },
    onError: (e, _o, ctx) => {
      queryClient.setQueryData(key, ctx?.previous);
      toasts.failed(e);
    },
    onSuccess: (answer) => {
      queryClient.setQueryData(key, answer);
      toasts.done('resources.slides.orderSaved');
    },
  });
  const toast = useSavedToast();
  const drop = useMutation({
    mutationFn: (slide: SlideRecord) => callApi(slideCalls.drop, { params: { exerciseId, slideId: slide.id } }),
    onSuccess: (_answer, slide) => {
      toast('resources.slides.notifications.deleted', 'deleted', slide.label);
      return queryClient.invalidateQueries({ queryKey: key });
    },
    onError: toasts.failed,
    onSettled: () => setDropping(null),
  });

  const add = (
    <>
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
    </>
  );

  return (
    <PageFrame title={translate('resources.slides.listTitle')} back={`/programs/${programId}`} actions={add} plain>
      <Box data-testid="slide-list">
        <PageState
          isPending={isPending}
          error={error}
          refetch={refetch}
          errorTitle={translate('resources.slides.loadError')}
          isEmpty={slides.length === 0}
          emptyText={translate('resources.slides.empty')}
        >
          <SortableList
            items={slides}
            onChange={(items) => sort.mutate(items.map((s) => s.id))}
            renderItem={(slide) => <SlideRow slide={slide} base={base} onPreview={() => setPreviewId(slide.id)} onDrop={() => setDropping(slide)} />}
          />
        </PageState>
      </Box>
      <SlidePreviewDialog exerciseId={exerciseId} slideId={previewId} onClose={() => setPreviewId(null)} />
      <Confirm
        isOpen={!!dropping}
        loading={drop.isPending}
        title="resources.slides.drop"
        content={translate('resources.slides.dropConfirm', { label: dropping?.label ?? '' })}
        onConfirm={() => dropping && drop.mutate(dropping)}
        onClose={() => setDropping(null)}
      />
    </PageFrame>
  );
}
