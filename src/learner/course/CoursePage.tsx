import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ChatIcon from '@mui/icons-material/ChatBubbleOutline';
import LockIcon from '@mui/icons-material/LockOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import PendingIcon from '@mui/icons-material/PendingActions';
import ReplayIcon from '@mui/icons-material/Replay';
import PlayCircleIcon from '@mui/icons-material/PlayCircleOutline';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import {
  Accordion, AccordionDetails, AccordionSummary, Alert, Avatar, Box, Button, Chip, Grid, IconButton, LinearProgress, Link as MuiLink,
  List, ListItem, ListItemAvatar, ListItemText, Menu, MenuItem, Paper, Skeleton, Stack, Tooltip, Typography,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Confirm, Title, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { ErrorPage, LinkAction } from '../../errors/ErrorPage';
import { SafeHtml } from '../../ui/richText/SafeHtml';
import {
  absoluteAddress, errorCodeOf, formatDay, playerPath, postJson, serverText, useApi,
  type CourseDescription, type Exercise, type Lesson, type Person,
} from '../api';

/** Restart answers (spec 3 §8.3) → text key. */
export const retakeErrorKeys: Record<string, string> = {
  '400': 'app.learner.course.retakeLecture',
  '401': 'app.learner.course.retakeExceeded',
  '404': 'app.learner.course.retakeNotFound',
};

/** Retake is offered for an open, started exercise that is not a lecture, within its restart limit. */
export const canRetake = (x: Pick<Exercise, 'exerciseType' | 'status' | 'restarts' | 'restartLimit' | 'isAvailable'>) =>
  x.isAvailable && x.exerciseType !== 10 && x.status !== 0 && x.restarts < x.restartLimit;

/** Status icon and tooltip key of an exercise (spec 2 §5): not started shows nothing. */
export function statusIcon(status: number): { icon: ReactNode; key: string } | null {
  switch (status) {
    case 1: return { icon: <PlayCircleIcon color="info" fontSize="small" />, key: 'inProgress' };
    case 3: return { icon: <PendingIcon color="warning" fontSize="small" />, key: 'evaluation' };
    case 4: return { icon: <CheckCircleIcon color="success" fontSize="small" />, key: 'completed' };
    case 5: return { icon: <TaskAltIcon color="success" fontSize="small" />, key: 'completedWithoutVerification' };
    default: return null;
  }
}

function ExerciseRow({ courseId, exercise, onToggleFavorite, onChanged }: { courseId: number; exercise: Exercise; onToggleFavorite: (e: Exercise) => void; onChanged: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [restarting, setRestarting] = useState(false);
  const retake = async () => {
    setRestarting(true);
    try {
      await postJson(`/api/trainings/${courseId}/exercises/${exercise.id}/restart`);
      notify(translate('app.learner.course.retakeDone'), { type: 'success' });
      onChanged();
    } catch (e) {
      const status = String((e as { status?: number }).status ?? '');
      notify(translate(retakeErrorKeys[status] ?? 'app.learner.course.retakeFailed'), { type: 'error' });
    } finally {
      setRestarting(false);
      setConfirming(false);
    }
  };
  const st = statusIcon(exercise.status);
  const done = exercise.status === 3 || exercise.status === 4 || exercise.status === 5;
  const path = playerPath(courseId, exercise.lessonId, exercise.id);
  return (
    <ListItem
      disableGutters
      data-testid="exercise-row"
      secondaryAction={
        <IconButton edge="end" aria-label={translate('app.learner.course.menu')} onClick={(e) => setAnchor(e.currentTarget)}>
          <MoreVertIcon />
        </IconButton>
      }
    >
      <Stack direction="row" spacing={1} alignItems="flex-start" sx={{ pr: 5, width: '100%' }}>
        <Box sx={{ width: 24, pt: 0.25 }}>
          {st ? (
            <Tooltip title={translate(`app.learner.course.status.${st.key}`)}><span data-testid={`status-${exercise.status}`}>{st.icon}</span></Tooltip>
          ) : !exercise.isAvailable ? (
            <Tooltip title={translate('app.learner.course.notAvailable')}><LockIcon fontSize="small" color="disabled" /></Tooltip>
          ) : null}
        </Box>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          {exercise.isAvailable ? (
            <MuiLink component={Link} to={path} underline="hover">{exercise.label}</MuiLink>
          ) : (
            <Typography color="text.disabled">{exercise.label}</Typography>
          )}
          {exercise.isFavorite && <StarIcon sx={{ ml: 0.5, verticalAlign: 'middle' }} color="warning" fontSize="inherit" />}
          {exercise.description && <Typography variant="body2" color="text.secondary">{exercise.description}</Typography>}
          {exercise.files.map((f) => (
            <MuiLink key={f.address} href={absoluteAddress(f.address)} target="_blank" rel="noopener noreferrer" variant="body2" sx={{ display: 'block' }}>{f.title}</MuiLink>
          ))}
          {/* the results open in the player, which a locked exercise refuses (403.15) */}
          {done && exercise.isAvailable && (
            <MuiLink component={Link} to={`/my-courses/course/${courseId}/${exercise.lessonId}/${exercise.id}/end`} variant="body2">
              {translate('app.learner.course.checkResults')}
            </MuiLink>
          )}
        </Box>
      </Stack>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => { setAnchor(null); onToggleFavorite(exercise); }}>
          {exercise.isFavorite ? <StarIcon fontSize="small" sx={{ mr: 1 }} /> : <StarBorderIcon fontSize="small" sx={{ mr: 1 }} />}
          {translate(exercise.isFavorite ? 'app.learner.course.removeFavorite' : 'app.learner.course.addFavorite')}
        </MenuItem>
        {canRetake(exercise) && (
          <MenuItem onClick={() => { setAnchor(null); setConfirming(true); }}>
            <ReplayIcon fontSize="small" sx={{ mr: 1 }} />
            {translate('app.learner.course.retake')}
          </MenuItem>
        )}
      </Menu>
      <Confirm
        isOpen={confirming}
        loading={restarting}
        title={translate('app.learner.course.retake')}
        content={translate('app.learner.course.retakeConfirm')}
        onConfirm={() => void retake()}
        onClose={() => setConfirming(false)}
      />
    </ListItem>
  );
}

function SidePanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>{title}</Typography>
      {children}
    </Paper>
  );
}

/** /my-courses/course/{courseId} (spec 1 §2.3): metadata, Continue, lessons with statuses, side panels, progress. */
export default function CoursePage() {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const queryClient = useQueryClient();
  const courseId = Number(useParams().courseId);
  const valid = Number.isInteger(courseId) && courseId > 0;
  const desc = useApi<CourseDescription>(['course', courseId], valid ? `/api/students/trainings/${courseId}/description` : null);
  const lessons = useApi<Lesson[]>(['lessons', courseId], valid ? `/api/students/trainings/${courseId}/lessons` : null);
  const instructors = useApi<Person[]>(['instructors', courseId], valid ? `/api/trainings/${courseId}/instructors/description` : null);

  if (!valid || errorCodeOf(desc.error)?.startsWith('404')) {
    return <ErrorPage code="404" title={translate('app.learner.join.notFound')} actions={<LinkAction to="/my-courses" label="app.errors.toMyCourses" />} />;
  }
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['learner'] });
  const toggle = async (url: string) => {
    try {
      await postJson(url);
      refresh();
    } catch {
      notify(translate('app.learner.course.favoriteError'), { type: 'error' });
    }
  };
  const d = desc.data;
  if (desc.error) {
    return (
      <Alert severity="error" sx={{ m: 2 }} action={<Button color="inherit" onClick={() => void desc.refetch()}>{translate('app.learner.course.retry')}</Button>}>
        {translate('app.learner.course.loadError')}{serverText(desc.error) ? `: ${serverText(desc.error)}` : ''}
      </Alert>
    );
  }
  if (!d) return <Box sx={{ p: 2 }}><Skeleton variant="rounded" height={160} /><Skeleton sx={{ mt: 2 }} height={60} /><Skeleton height={60} /></Box>;

  const person = (p: { firstName: string; lastName: string } | null) => (p ? `${p.lastName} ${p.firstName}` : null);
  const meta: [string, string | null][] = [
    [translate('app.learner.course.group'), d.group],
    [translate('app.learner.course.tutor'), person(d.tutor)],
    [translate('app.learner.course.moderator'), person(d.moderator)],
    [translate('app.learner.course.dates'), `${formatDay(d.begin, locale)} — ${formatDay(d.end, locale)}`],
    [
      translate('app.learner.course.availability'),
      d.open || d.close ? `${formatDay(d.open, locale)} — ${formatDay(d.close, locale)}` : translate('app.learner.dates.always'),
    ],
  ];

  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 1400 }} data-testid="course-page">
      <Title title={d.label} />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Stack direction="row" alignItems="flex-start" spacing={1}>
            <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>{d.label}</Typography>
            <IconButton
              aria-label={translate(d.isFavorite ? 'app.learner.course.removeFavorite' : 'app.learner.course.addFavorite')}
              onClick={() => void toggle(`/api/Favorites/Training/${courseId}`)}
            >
              {d.isFavorite ? <StarIcon color="warning" /> : <StarBorderIcon />}
            </IconButton>
          </Stack>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, my: 2 }}>
            {meta.filter(([, v]) => v).map(([k, v]) => (
              <Box key={k} sx={{ display: 'contents' }}>
                <Typography component="dt" color="text.secondary">{k}</Typography>
                <Typography component="dd" sx={{ m: 0 }}>{v}</Typography>
              </Box>
            ))}
          </Box>
          <Box sx={{ mb: 2 }} data-testid="course-progress">
            <Typography>{translate('app.learner.course.progress', { completed: d.progress.completed, total: d.progress.total })} · {d.progress.percent}%</Typography>
            <LinearProgress variant="determinate" value={d.progress.percent} sx={{ mt: 0.5 }} />
          </Box>
          {d.nextExercise ? (
            <Button variant="contained" component={Link} to={playerPath(courseId, d.nextExercise.lessonId, d.nextExercise.exerciseId)} sx={{ mb: 2 }}>
              {translate('app.learner.course.continue')}
            </Button>
          ) : (
            <Button variant="contained" sx={{ mb: 2 }} onClick={() => notify(translate('app.learner.course.nextNotFound'), { type: 'info' })}>
              {translate('app.learner.course.continue')}
            </Button>
          )}
          <SafeHtml html={d.description} />

          {lessons.error && (
            <Alert severity="error" action={<Button color="inherit" onClick={() => void lessons.refetch()}>{translate('app.learner.course.retry')}</Button>}>
              {translate('app.learner.course.loadError')}
            </Alert>
          )}
          {lessons.isPending && <Skeleton height={120} />}
          {lessons.data?.map((l) => (
            <Accordion key={l.id} defaultExpanded={l.status !== 'completed'} disableGutters data-testid="lesson">
              <AccordionSummary expandIcon={<ExpandMoreIcon />}>
                <Stack direction="row" spacing={1} alignItems="center" sx={{ flexWrap: 'wrap' }}>
                  <Typography sx={{ fontWeight: 600 }}>{translate('app.learner.course.lesson', { n: l.number })} {l.label}</Typography>
                  {l.status !== 'notStarted' && (
                    <Chip size="small" color={l.status === 'completed' ? 'success' : 'info'} label={translate(`app.learner.course.lessonStatus.${l.status}`)} />
                  )}
                </Stack>
              </AccordionSummary>
              <AccordionDetails>
                <List dense disablePadding>
                  {l.exercises.map((x) => (
                    <ExerciseRow key={x.id} courseId={courseId} exercise={x} onChanged={refresh} onToggleFavorite={(e) => void toggle(`/api/Favorites/Training/${courseId}/Exercise/${e.id}`)} />
                  ))}
                </List>
              </AccordionDetails>
            </Accordion>
          ))}
          {d.files.length > 0 && (
            <Box sx={{ mt: 2 }}>
              <Typography variant="h6" component="h2">{translate('app.learner.course.files')}</Typography>
              {d.files.map((f) => <MuiLink key={f.address} href={absoluteAddress(f.address)} target="_blank" rel="noopener noreferrer" sx={{ display: 'block' }}>{f.title}</MuiLink>)}
            </Box>
          )}
          {d.footer && <SafeHtml html={d.footer} sx={{ mt: 2 }} />}
        </Grid>

        <Grid size={{ xs: 12, md: 4 }}>
          <Stack spacing={2}>
            <SidePanel title={translate('app.learner.course.instructors')}>
              {instructors.isPending ? <Skeleton /> : (
                <List dense disablePadding>
                  {(instructors.data ?? []).map((p) => (
                    <ListItem key={p.accountId} disableGutters secondaryAction={
                      <Tooltip title={translate('app.learner.course.startChat')}>
                        <IconButton edge="end" aria-label={translate('app.learner.course.startChat')} onClick={() => notify(translate('app.common.toast.inDevelopment'))}><ChatIcon /></IconButton>
                      </Tooltip>
                    }>
                      <ListItemAvatar><Avatar src={p.picture ?? undefined} alt="">{p.firstName.charAt(0)}</Avatar></ListItemAvatar>
                      <ListItemText primary={`${p.lastName} ${p.firstName}`} secondary={p.eMail} />
                    </ListItem>
                  ))}
                </List>
              )}
            </SidePanel>
            {(d.topics.length > 0 || d.tags.length > 0) && (
              <SidePanel title={translate('app.learner.course.topicsTags')}>
                <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  {d.topics.map((t) => <Chip key={`t${t}`} label={t} />)}
                  {d.tags.map((t) => <Chip key={`g${t.label}`} label={`#${t.label}`} variant="outlined" />)}
                </Stack>
              </SidePanel>
            )}
            <SidePanel title={translate('app.learner.course.rating')}>
              <Box data-testid="course-rating">
                <Typography>{translate('app.learner.course.place')}: {d.rating.position}</Typography>
                <Typography>{translate('app.learner.course.studentsCount')}: {d.rating.studentsCount}</Typography>
                <Typography>{translate('app.learner.course.averageScore')}: {d.rating.averageScore.toFixed(2)}</Typography>
              </Box>
            </SidePanel>
          </Stack>
        </Grid>
      </Grid>
    </Box>
  );
}
