import { Button, MenuItem, Stack, Tab, Tabs, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useCanAccess, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { visitJournalCalls as calls } from '../../../shared/calls/visitJournal';
import { useCall } from '../../http/queries';
import { DEFAULT_PAGE_SIZE, ListPagination } from '../../ui/ListPagination';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { useDebounced } from '../../ui/useDebounced';
import { GroupPerformanceTable } from './GroupPerformanceTable';
import { GroupFilter, type GroupChoice } from './GroupFilter';
import { JOURNAL_STALE_MS, JournalTable } from './JournalTable';

/**
 * /courses/{courseId}/visit-journal (spec 1 §2.9, ShowVisitJournal): the students of a lesson with
 * the lesson's mark and a mark per exercise (or of one exercise), filtered by group and name; marks
 * set and cleared with EditVisitJournal; group performance on its own tab. Links to the download,
 * its task queue and the digital-code journal.
 */
export default function VisitJournalPage() {
  const { courseId: raw = '' } = useParams();
  const courseId = Number(raw);
  const translate = useTranslate();
  const [tab, setTab] = useState(0);
  const [lessonId, setLessonId] = useState<number | ''>('');
  const [exerciseId, setExerciseId] = useState<number | ''>('');
  const [groupId, setGroupId] = useState<GroupChoice>('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [take, setTake] = useState(DEFAULT_PAGE_SIZE);
  const debounced = useDebounced(search);
  const { canAccess: canConfirm } = useCanAccess({ action: 'list', resource: `/courses/${courseId}/visit-journal/digitalCode` });
  const lessons = useCall(calls.lessons, { params: { courseId } }, { staleTime: JOURNAL_STALE_MS });
  useEffect(() => {
    if (lessonId === '' && lessons.data?.length) setLessonId(lessons.data[0].id);
  }, [lessons.data, lessonId]);
  const lessonArgs = lessonId === '' ? null : { params: { courseId, lessonId } };
  const exercises = useCall(calls.exercises, lessonArgs, { staleTime: JOURNAL_STALE_MS });
  const groups = useCall(calls.groups, lessonArgs, { staleTime: JOURNAL_STALE_MS });
  const body = { groupId: groupId === '' ? null : groupId, search: debounced || null, take, skip: page * take };
  const lessonView = useCall(calls.lessonView, lessonId !== '' && exerciseId === '' ? { params: { courseId, lessonId }, body } : null, { staleTime: JOURNAL_STALE_MS });
  const exerciseView = useCall(calls.exerciseView, lessonId !== '' && exerciseId !== '' ? { params: { courseId, lessonId, exerciseId }, body } : null, { staleTime: JOURNAL_STALE_MS });
  const view = exerciseId === '' ? lessonView : exerciseView;
  const reset = () => setPage(0);

  const actions = (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      <Button component={Link} to={`/courses/${courseId}/visit-journal/download`} variant="outlined" size="small">
        {translate('resources.visitJournal.actions.download')}
      </Button>
      <Button component={Link} to={`/courses/${courseId}/visit-journal/task-queue`} size="small">
        {translate('resources.visitJournal.actions.taskQueue')}
      </Button>
      {canConfirm && (
        <Button component={Link} to={`/courses/${courseId}/visit-journal/digitalCode`} size="small">
          {translate('resources.visitJournal.actions.digitalCode')}
        </Button>
      )}
    </Stack>
  );

  return (
    <PageFrame title={translate('resources.visitJournal.name')} back={`/courses/${courseId}`} actions={actions}>
      <Tabs value={tab} onChange={(_, v: number) => setTab(v)} sx={{ mb: 2 }}>
        <Tab label={translate('resources.visitJournal.tabs.journal')} />
        <Tab label={translate('resources.visitJournal.tabs.performance')} />
      </Tabs>
      {tab === 1 ? (
        <GroupPerformanceTable courseId={courseId} />
      ) : (
        <PageState isPending={lessons.isPending} error={lessons.error} refetch={lessons.refetch} isEmpty={!lessons.data?.length} emptyText={translate('resources.visitJournal.empty')}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
            <TextField
              select
              size="small"
              label={translate('resources.visitJournal.fields.lesson')}
              value={lessonId}
              onChange={(e) => {
                setLessonId(Number(e.target.value));
                setExerciseId('');
                reset();
              }}
              sx={{ width: { xs: '100%', sm: 220 } }}
              slotProps={{ htmlInput: { 'data-testid': 'journal-lesson' } }}
            >
              {(lessons.data ?? []).map((l) => (
                <MenuItem key={l.id} value={l.id}>
                  {l.label}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label={translate('resources.visitJournal.fields.exercise')}
              value={exerciseId}
              onChange={(e) => {
                setExerciseId(e.target.value === '' ? '' : Number(e.target.value));
                reset();
              }}
              sx={{ width: { xs: '100%', sm: 220 } }}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">{translate('resources.visitJournal.fields.allExercises')}</MenuItem>
              {(exercises.data ?? []).map((e) => (
                <MenuItem key={e.id} value={e.id}>
                  {e.label}
                </MenuItem>
              ))}
            </TextField>
            <GroupFilter
              value={groupId}
              onChange={(value) => {
                setGroupId(value);
                reset();
              }}
              groups={groups.data}
            />
            <TextField
              size="small"
              type="search"
              label={translate('resources.visitJournal.fields.search')}
              sx={{ width: { xs: '100%', sm: 260 } }}
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                reset();
              }}
            />
          </Stack>
          <PageState
            isPending={lessonId === '' || view.isPending}
            error={view.error}
            refetch={view.refetch}
            errorTitle={translate('resources.visitJournal.loadError')}
            isEmpty={!view.data?.result.length}
            emptyText={translate('resources.visitJournal.noStudents')}
          >
            {lessonId !== '' && exerciseId === '' && lessonView.data && (
              <JournalTable courseId={courseId} lessonId={lessonId} exercises={lessonView.data.exercises} rows={lessonView.data.result} canEdit={lessonView.data.canEdit} withLesson />
            )}
            {lessonId !== '' && exerciseId !== '' && exerciseView.data && (
              <JournalTable
                courseId={courseId}
                lessonId={lessonId}
                exercises={[exerciseView.data.exercise]}
                rows={exerciseView.data.result.map((r) => ({ ...r, exercises: { [String(exerciseId)]: r.mark } }))}
                canEdit={exerciseView.data.canEdit}
                withLesson={false}
              />
            )}
            <ListPagination count={view.data?.metadata.filteredRecords ?? 0} page={page} take={take} onPageChange={setPage} onTakeChange={setTake} />
          </PageState>
        </PageState>
      )}
    </PageFrame>
  );
}
