import EventIcon from '@mui/icons-material/EventOutlined';
import StarIcon from '@mui/icons-material/StarBorder';
import WarningIcon from '@mui/icons-material/WarningAmber';
import { Alert, Box, Button, Grid, Stack } from '@mui/material';
import { lazy, useState } from 'react';
import { Deferred, useTranslate } from '../../app';
import { Link } from 'react-router-dom';
import { learningCalls } from '../../../shared/calls/learning';
import { useCall } from '../../http/queries';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { CardSkeletons, CourseCardGrid } from '../cards/CourseCardGrid';
import { READ_ONCE } from '../learnerReads';
import { courseItemPath, isCourseGroup, playerPath } from '../paths';
import { MyCoursesWidgets } from './MyCoursesWidgets';
import { useToggleFavorite } from './useToggleFavorite';

// the calendar (a drawer) loads when first opened
const EventsCalendarDrawer = lazy(() => import('./EventsCalendarDrawer').then((m) => ({ default: m.EventsCalendarDrawer })));

/** How many cards show before "Show more". */
export const MY_COURSES_PAGE = 6;

/** the cards' column is narrower than the page: three a row only on wide screens */
const CELL = { xs: 12, sm: 6, lg: 4 };

/** /my-courses (spec 1 §2.3): course and folder cards, the unfinished-exercise warning, Show more, Favorites link, widgets. */
export default function MyCoursesPage() {
  const translate = useTranslate();
  const { data, isPending, error, refetch } = useCall(learningCalls.myCourses, {}, READ_ONCE);
  const [shown, setShown] = useState(MY_COURSES_PAGE);
  const [calendar, setCalendar] = useState(false);
  const toggleFavorite = useToggleFavorite();
  const items = data?.result ?? [];
  const actions = (
    <>
      <Button component={Link} to="/my-courses/favorites" startIcon={<StarIcon />}>{translate('app.learner.myCourses.favorites')}</Button>
      <Button onClick={() => setCalendar(true)} startIcon={<EventIcon />}>{translate('app.learner.myCourses.calendar')}</Button>
    </>
  );

  return (
    <Box sx={{ maxWidth: 1400 }} data-testid="my-courses-page">
      <PageFrame title={translate('app.learner.myCourses.title')} actions={actions} plain>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 8, lg: 9 }}>
            {data?.warning && (
              <Alert
                severity="warning"
                icon={<WarningIcon />}
                sx={{ mb: 2 }}
                data-testid="unfinished-warning"
                action={
                  <Button color="inherit" size="small" component={Link} to={playerPath(data.warning.courseId, data.warning.lessonId, data.warning.exerciseId)}>
                    {translate('app.learner.myCourses.continue')}
                  </Button>
                }
              >
                {translate('app.learner.myCourses.warning', { exercise: data.warning.exerciseLabel, course: data.warning.courseLabel })}
              </Alert>
            )}
            <PageState
              isPending={isPending}
              loading={<CardSkeletons cell={CELL} />}
              error={error}
              errorTitle={translate('app.learner.myCourses.loadError')}
              refetch={refetch}
              isEmpty={items.length === 0}
              emptyText={translate('app.learner.myCourses.empty')}
              emptyAction={<Button component={Link} to="/student-catalog" variant="outlined" size="small">{translate('app.learner.myCourses.toCatalogue')}</Button>}
            >
              <CourseCardGrid
                cell={CELL}
                courses={items.slice(0, shown)}
                to={courseItemPath}
                onToggleFavorite={(c) => (isCourseGroup(c) ? undefined : () => void toggleFavorite(c.id))}
              />
              {items.length > shown && (
                <Stack alignItems="center" sx={{ mt: 2 }}>
                  <Button variant="outlined" onClick={() => setShown((n) => n + MY_COURSES_PAGE)}>{translate('app.learner.myCourses.showMore')}</Button>
                </Stack>
              )}
            </PageState>
          </Grid>
          {/* after the cards have their height: on a phone the widgets sit below them and would be pushed down */}
          {!isPending && (
            <Grid size={{ xs: 12, md: 4, lg: 3 }}>
              <MyCoursesWidgets />
            </Grid>
          )}
        </Grid>
      </PageFrame>
      <Deferred when={calendar}>
        <EventsCalendarDrawer open={calendar} onClose={() => setCalendar(false)} />
      </Deferred>
    </Box>
  );
}
