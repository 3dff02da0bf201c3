import { Checkbox, ListItemText, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { learningAnalyticsCalls } from '../../../shared/calls/learningAnalytics';
import { useCall } from '../../http/queries';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { useNumbers } from '../../ui/numbers';
import { GroupSelect, T } from './parts';
import { P, PathsSteps } from './PathsSteps';

/**
 * /courses/{courseId}/paths-analytics (spec 1 §2.9; ExportStudentActions): how the course's
 * students move through its exercises — how many reached and completed each step in course
 * order, the drop-off, where they stopped, who went out of order and the frequent moves —
 * as a bar chart with its table.
 */
export default function PathsAnalyticsPage() {
  const { courseId = '' } = useParams();
  const translate = useTranslate();
  const numbers = useNumbers();
  const [groupId, setGroupId] = useState('');
  const [lessonIds, setLessonIds] = useState<number[]>([]);
  const lessons = useCall(learningAnalyticsCalls.pathsLessons, { params: { courseId } }, { staleTime: 60_000 });
  const { data, isPending, error, refetch } = useCall(
    learningAnalyticsCalls.paths,
    { params: { courseId }, query: { groupId: groupId ? Number(groupId) : undefined, lessonIds: lessonIds.length ? lessonIds : undefined } },
    { placeholderData: keepPreviousData, staleTime: 0 },
  );
  const steps = data?.steps ?? [];

  return (
    <PageFrame title={translate(`${P}.title`)} back={`/courses/${courseId}`}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }} useFlexGap flexWrap="wrap">
        <GroupSelect courseId={courseId} value={groupId} onChange={setGroupId} />
        <TextField
          select
          size="small"
          sx={{ minWidth: 220 }}
          label={translate(`${T}.filters.lessons`)}
          value={lessonIds}
          onChange={(e) => {
            const v = e.target.value as unknown as number[] | string;
            setLessonIds(typeof v === 'string' ? v.split(',').filter(Boolean).map(Number) : v);
          }}
          slotProps={{
            select: {
              multiple: true,
              displayEmpty: true,
              renderValue: (sel) => {
                const ids = sel as number[];
                return ids.length ? (lessons.data ?? []).filter((l) => ids.includes(l.id)).map((l) => l.label).join(', ') : translate(`${T}.filters.allLessons`);
              },
            },
            inputLabel: { shrink: true },
          }}
        >
          {(lessons.data ?? []).map((l) => (
            <MenuItem key={l.id} value={l.id}>
              <Checkbox size="small" checked={lessonIds.includes(l.id)} />
              <ListItemText primary={l.label} />
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <PageState isPending={isPending} error={error} refetch={refetch} errorTitle={translate(`${T}.common.loadError`)} isEmpty={!data || data.students === 0 || steps.length === 0} emptyText={translate(`${T}.common.empty`)}>
        {data && (
          <>
            <Typography sx={{ mb: 2 }} data-testid="paths-summary">
              {translate(`${P}.summary`, { students: numbers.count(data.students), finished: numbers.count(data.finished), offOrder: numbers.count(data.offOrder) })}
            </Typography>
            <PathsSteps data={data} chart={translate(`${P}.chart`)} steps={translate(`${P}.steps`)} />
          </>
        )}
      </PageState>
    </PageFrame>
  );
}
