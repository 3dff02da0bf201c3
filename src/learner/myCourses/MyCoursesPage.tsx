import EventIcon from '@mui/icons-material/EventOutlined';
import StarIcon from '@mui/icons-material/StarBorder';
import WarningIcon from '@mui/icons-material/WarningAmber';
import { Alert, Box, Button, Stack } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { Deferred, useTranslate } from '../../app';
import { Link } from 'react-router-dom';
import { learningCalls } from '../../../shared/calls/learning';
import { useCall } from '../../http/queries';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { useRevealed } from '../../ui/useRevealed';
import { CardSkeletons, CourseCardGrid } from '../cards/CourseCardGrid';
import { READ_ONCE } from '../learnerReads';
import { courseItemPath, isCourseGroup, playerPath } from '../paths';
import { useToggleFavorite } from './useToggleFavorite';

// the side widgets (support, links, achievements) come after the cards, with their own data
const MyCoursesWidgets = lazy(() => import('./MyCoursesWidgets').then((m) => ({ default: m.MyCoursesWidgets })));
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
  // the warning and the widgets appear with the cards, which PageState reveals a render later: not
  // before them, above or below the skeletons the cards replace (that would shift the page)
  const settled = useRevealed(isPending ? undefined : true);
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
        {/* the cards beside the widgets from md (8/12 and 4/12 of the width, 9/12 and 3/12 from lg); CSS grid, not MUI's Grid */}
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 1fr)' } }}>
          <Box sx={{ minWidth: 0 }}>
            {settled && data?.warning && (
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
          </Box>
          {/* after the cards have their height: on a phone the widgets sit below them and would be pushed down */}
          {settled && (
            <Box sx={{ minWidth: 0 }}>
              <Suspense fallback={null}>
                <MyCoursesWidgets />
              </Suspense>
            </Box>
          )}
        </Box>
      </PageFrame>
      <Deferred when={calendar}>
        <EventsCalendarDrawer open={calendar} onClose={() => setCalendar(false)} />
      </Deferred>
    </Box>
  );
}
