import { Alert, Badge, Box, Grid, List, ListItem, ListItemButton, ListItemText, MenuItem, Paper, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { evaluationCalls, type VerifyExercise, type VerifyLesson } from '../../../shared/calls/evaluation';
import { useCall } from '../../http/queries';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { AttemptCard } from './AttemptCard';
import { WaitingSearch } from './WaitingSearch';

const k = (key: string) => `resources.exercises-check.${key}`;
type Filter = 'waiting' | 'evaluated' | 'all';

function Counted({ label, waiting, selected, onClick, testId }: { label: string; waiting: number; selected: boolean; onClick: () => void; testId: string }) {
  const translate = useTranslate();
  return (
    // a list's children are items: the button sits inside one; the count is said by the secondary text
    <ListItem disablePadding>
      <ListItemButton selected={selected} aria-current={selected || undefined} onClick={onClick} data-testid={testId}>
        <ListItemText primary={label} secondary={waiting ? translate(k('waitingCount'), { count: waiting }) : undefined} />
        <Badge badgeContent={waiting} color="warning" sx={{ mr: 1 }} slotProps={{ badge: { 'aria-hidden': true } }} />
      </ListItemButton>
    </ListItem>
  );
}

/** The attempts of one exercise, by state (waiting for a check by default). */
function ExerciseAttempts({ courseId, exerciseId, filter }: { courseId: string; exerciseId: string; filter: Filter }) {
  const translate = useTranslate();
  const list = useCall(evaluationCalls.exercise, { params: { exerciseId }, body: { courseId: Number(courseId), filter } });
  return (
    <PageState isPending={list.isPending} error={list.error} errorTitle={translate(k('loadError'))} refetch={list.refetch} isEmpty={list.data?.attempts.length === 0} emptyText={translate(k('noAttempts'))}>
      <Stack spacing={2}>
        {list.data?.attempts.map((a) => (
          // a new evaluation state starts the form afresh from the server's values
          <AttemptCard key={`${a.sessionId}-${a.evaluation?.status ?? 'none'}`} courseId={courseId} exerciseId={exerciseId} attempt={a} />
        ))}
      </Stack>
    </PageState>
  );
}

/**
 * /courses/{courseId}/exercises-check (spec 1 §2.9): the courses the caller checks, the course's
 * lessons and exercises with the answers waiting, and the students' attempts of the chosen
 * exercise to evaluate. The lesson, exercise and state filter live in the address.
 */
export default function ExercisesCheckPage() {
  const { courseId = '' } = useParams();
  const navigate = useNavigate();
  const translate = useTranslate();
  const [search, setSearch] = useSearchParams();
  const lessonId = search.get('lesson');
  const exerciseId = search.get('exercise');
  const filter = (['waiting', 'evaluated', 'all'].includes(search.get('filter') ?? '') ? search.get('filter') : 'waiting') as Filter;
  const courses = useCall(evaluationCalls.courses, {});
  const lessons = useCall(evaluationCalls.lessons, { params: { courseId } });
  const exercises = useCall(evaluationCalls.exercises, lessonId ? { params: { courseId }, query: { lessonId } } : null);
  const pick = (next: Record<string, string | null>) => {
    const s = new URLSearchParams(search);
    for (const [key, value] of Object.entries(next)) {
      if (value === null) s.delete(key);
      else s.set(key, value);
    }
    setSearch(s, { replace: true });
  };

  return (
    <PageFrame title={translate(k('name'))} back={`/courses/${courseId}`}>
      <Box data-testid="exercises-check-page">
        {courses.data && courses.data.length > 1 && (
          <TextField
            select
            size="small"
            sx={{ mb: 2, minWidth: 280, maxWidth: '100%' }}
            label={translate(k('course'))}
            value={courses.data.some((c) => String(c.id) === courseId) ? courseId : ''}
            onChange={(e) => navigate(`/courses/${e.target.value}/exercises-check`)}
          >
            {courses.data.map((c) => (
              <MenuItem key={c.id} value={String(c.id)}>
                {c.label} {c.waiting ? `(${c.waiting})` : ''}
              </MenuItem>
            ))}
          </TextField>
        )}
        <Alert severity="info" sx={{ mb: 2 }} data-testid="score-scale">{translate(k('scale'))}</Alert>
        <WaitingSearch courseId={courseId} onPick={(w) => pick({ lesson: String(w.lessonId), exercise: String(w.exerciseId), filter: 'waiting' })} />
        <PageState isPending={lessons.isPending} error={lessons.error} errorTitle={translate(k('loadError'))} refetch={lessons.refetch} isEmpty={lessons.data?.length === 0} emptyText={translate(k('noLessons'))}>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 4 }}>
              <Paper variant="outlined">
                <Typography variant="subtitle1" component="h2" sx={{ px: 2, pt: 1 }}>{translate(k('lessons'))}</Typography>
                <List dense>
                  {lessons.data?.map((l: VerifyLesson) => (
                    <Counted key={l.id} label={l.label} waiting={l.waiting} selected={String(l.id) === lessonId} testId={`lesson-${l.id}`} onClick={() => pick({ lesson: String(l.id), exercise: null })} />
                  ))}
                </List>
              </Paper>
            </Grid>
            <Grid size={{ xs: 12, md: 8 }}>
              <Paper variant="outlined" sx={{ minHeight: 80 }}>
                <Typography variant="subtitle1" component="h2" sx={{ px: 2, pt: 1 }}>{translate(k('exercises'))}</Typography>
                {!lessonId ? (
                  <Typography color="text.secondary" sx={{ px: 2, py: 1 }}>{translate(k('pickLesson'))}</Typography>
                ) : (
                  <PageState isPending={exercises.isPending} error={exercises.error} errorTitle={translate(k('loadError'))} refetch={exercises.refetch} isEmpty={exercises.data?.length === 0} emptyText={translate(k('noExercises'))}>
                    <List dense>
                      {exercises.data?.map((e: VerifyExercise) => (
                        <Counted key={e.id} label={e.label} waiting={e.waiting} selected={String(e.id) === exerciseId} testId={`exercise-${e.id}`} onClick={() => pick({ exercise: String(e.id) })} />
                      ))}
                    </List>
                  </PageState>
                )}
              </Paper>
            </Grid>
          </Grid>
          <Box sx={{ mt: 3 }}>
            {exerciseId ? (
              <>
                <ToggleButtonGroup size="small" exclusive value={filter} onChange={(_, v: Filter | null) => v && pick({ filter: v })} sx={{ mb: 2, flexWrap: 'wrap' }}>
                  {(['waiting', 'evaluated', 'all'] as const).map((f) => (
                    <ToggleButton key={f} value={f} data-testid={`filter-${f}`}>{translate(k(`filter.${f}`))}</ToggleButton>
                  ))}
                </ToggleButtonGroup>
                <ExerciseAttempts courseId={courseId} exerciseId={exerciseId} filter={filter} />
              </>
            ) : (
              lessonId && <Typography color="text.secondary">{translate(k('pickExercise'))}</Typography>
            )}
          </Box>
        </PageState>
      </Box>
    </PageFrame>
  );
}
