import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { Box, Button, Grid, IconButton, Link as MuiLink, Skeleton, Typography } from '@mui/material';
import { Suspense, useId } from 'react';
import { useNotify, useTranslate } from '../../app';
import { Link, useParams } from 'react-router-dom';
import { learningCalls } from '../../../shared/calls/learning';
import type { CourseDescription } from '../../../shared/learning';
import { ErrorPage, LinkAction } from '../../errors/ErrorPage';
import { useCall } from '../../http/queries';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { usePeriod } from '../cards/usePeriod';
import { READ_ONCE, useRefreshLearning } from '../learnerReads';
import { useToggleFavorite } from '../myCourses/useToggleFavorite';
import { absoluteAddress, playerPath } from '../paths';
import { CourseSidePanels } from './CourseSidePanels';
import { LazySafeHtml } from '../../ui/richText/LazySafeHtml';
import { LessonAccordion } from './LessonAccordion';
import { ProgressBar } from './ProgressBar';

// The first paint is the title, facts, progress and Continue.

/** The player's exercise menu shows the same status icons. */

const loading = (
  <Box>
    <Skeleton variant="rounded" height={160} />
    <Skeleton sx={{ mt: 2 }} height={60} />
    <Skeleton height={60} />
  </Box>
);

const lessonsLoading = <Skeleton height={120} />;

/** Group, tutor, moderator, dates and availability of the course, as a definition list. */
function CourseFacts({ course: d }: { course: CourseDescription }) {
  const translate = useTranslate();
  const period = usePeriod();
  const person = (p: { firstName: string; lastName: string } | null) => (p ? `${p.lastName} ${p.firstName}` : null);
  const facts: [string, string | null][] = [
    [translate('app.learner.course.group'), d.group],
    [translate('app.learner.course.tutor'), person(d.tutor)],
    [translate('app.learner.course.moderator'), person(d.moderator)],
    [translate('app.learner.course.dates'), period(d.begin, d.end)],
    [translate('app.learner.course.availability'), d.open || d.close ? period(d.open, d.close) : translate('app.learner.dates.always')],
  ];
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, my: 2 }}>
      {facts.filter(([, v]) => v).map(([k, v]) => (
        <Box key={k} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">{k}</Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>{v}</Typography>
        </Box>
      ))}
    </Box>
  );
}

/**
 * The description and the lessons: the lessons wait for the description's sanitiser only when there
 * is a description above them, so that it cannot push them down.
 */
function CourseLessons({ courseId, description }: { courseId: number; description: string | null }) {
  const translate = useTranslate();
  const refresh = useRefreshLearning();
  const toggleFavorite = useToggleFavorite();
  // the page's own read of the lessons (CoursePage) is the one made on mounting: this part mounts
  // once the description is in, a moment later, and would read them again
  const lessons = useCall(learningCalls.lessons, { params: { courseId } }, { ...READ_ONCE, refetchOnMount: false });
  return (
    <Suspense fallback={lessonsLoading}>
      {description && <LazySafeHtml html={description} />}
      <PageState isPending={lessons.isPending} loading={lessonsLoading} error={lessons.error} errorTitle={translate('app.learner.course.loadError')} refetch={lessons.refetch}>
        {lessons.data?.map((l) => (
          <LessonAccordion key={l.id} courseId={courseId} lesson={l} onChanged={() => void refresh()} onToggleFavorite={(exerciseId) => void toggleFavorite(courseId, exerciseId)} />
        ))}
      </PageState>
    </Suspense>
  );
}

/** /my-courses/course/{courseId} (spec 1 §2.3): facts, progress, Continue, lessons with statuses, side panels. */
export default function CoursePage() {
  const translate = useTranslate();
  const notify = useNotify();
  const toggleFavorite = useToggleFavorite();
  const progressId = useId();
  const courseId = Number(useParams().courseId);
  const valid = Number.isInteger(courseId) && courseId > 0;
  const args = valid ? { params: { courseId } } : null;
  const desc = useCall(learningCalls.description, args, READ_ONCE);
  // the lessons are read beside the description, not after it; CourseLessons shows them, and this
  // component is told of no change (react-query would re-render it on any, as it reads no field),
  // so their arrival re-renders the lessons only, not the page
  useCall(learningCalls.lessons, args, { ...READ_ONCE, notifyOnChangeProps: [] });
  const notFound = <ErrorPage code="404" title={translate('app.learner.join.notFound')} actions={<LinkAction to="/my-courses" label="app.errors.toMyCourses" />} />;
  if (!valid) return notFound;
  const d = desc.data;

  return (
    <Box sx={{ maxWidth: 1400 }} data-testid="course-page">
      <PageState isPending={desc.isPending} loading={loading} error={desc.error} errorTitle={translate('app.learner.course.loadError')} refetch={desc.refetch} notFound={notFound}>
        {d && (
          <Grid container spacing={3}>
            <Grid size={{ xs: 12, md: 8 }}>
              <PageFrame
                title={d.label}
                plain
                actions={
                  <IconButton aria-label={translate(d.isFavorite ? 'app.learner.course.removeFavorite' : 'app.learner.course.addFavorite')} onClick={() => void toggleFavorite(courseId)}>
                    {d.isFavorite ? <StarIcon color="warning" /> : <StarBorderIcon />}
                  </IconButton>
                }
              >
                <CourseFacts course={d} />
                <Box sx={{ mb: 2 }} data-testid="course-progress">
                  <Typography id={progressId}>
                    {translate('app.learner.course.progress', { completed: d.progress.completed, count: d.progress.total })} · {d.progress.percent}%
                    {d.progress.inReview > 0 && ` · ${translate('app.learner.course.inReview', { n: d.progress.inReview })}`}
                  </Typography>
                  <ProgressBar value={d.progress.percent} labelledBy={progressId} sx={{ mt: 0.5 }} />
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
                <CourseLessons courseId={courseId} description={d.description} />
                {d.files.length > 0 && (
                  <Box sx={{ mt: 2 }}>
                    <Typography variant="h6" component="h2">{translate('app.learner.course.files')}</Typography>
                    {d.files.map((f) => <MuiLink key={f.address} href={absoluteAddress(f.address)} target="_blank" rel="noopener noreferrer" sx={{ display: 'block' }}>{f.title}</MuiLink>)}
                  </Box>
                )}
                {d.footer && (
                  <Suspense fallback={null}>
                    <LazySafeHtml html={d.footer} sx={{ mt: 2 }} />
                  </Suspense>
                )}
              </PageFrame>
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <CourseSidePanels courseId={courseId} course={d} />
            </Grid>
          </Grid>
        )}
      </PageState>
    </Box>
  );
}
