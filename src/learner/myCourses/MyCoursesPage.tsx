import EventIcon from '@mui/icons-material/EventOutlined';
import StarIcon from '@mui/icons-material/StarBorder';
import WarningIcon from '@mui/icons-material/WarningAmber';
import { Alert, Box, Button, Grid, Link as MuiLink, List, ListItem, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { absoluteAddress, playerPath, serverText, useApi, type Achievements, type LinkNode, type MyCourses } from '../api';
import { CourseCard } from './CourseCard';
import { EventsCalendarDrawer } from './EventsCalendarDrawer';
import { useToggleFavorite } from './useToggleFavorite';

/** How many cards show before "Show more". */
export const MY_COURSES_PAGE = 6;

function LinksTree({ nodes }: { nodes: LinkNode[] }) {
  return (
    <List dense disablePadding sx={{ pl: 1 }}>
      {nodes.map((n) => (
        <ListItem key={n.id} disableGutters sx={{ display: 'block' }}>
          {n.address ? <MuiLink href={absoluteAddress(n.address)} target="_blank" rel="noopener noreferrer">{n.text}</MuiLink> : <Typography variant="body2">{n.text}</Typography>}
          {n.children.length > 0 && <LinksTree nodes={n.children} />}
        </ListItem>
      ))}
    </List>
  );
}

function Widgets() {
  const translate = useTranslate();
  const links = useApi<LinkNode[]>(['links'], '/api/students/trainings/links');
  const ach = useApi<Achievements>(['achievements'], '/api/Achievements');
  const count = (ach.data?.certificates.length ?? 0) + (ach.data?.achievements.length ?? 0);
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }} data-testid="widget-support">
        <Typography variant="h6" component="h2">{translate('app.learner.myCourses.support')}</Typography>
        <Typography variant="body2">{translate('app.learner.myCourses.supportText')}</Typography>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }} data-testid="widget-links">
        <Typography variant="h6" component="h2">{translate('app.learner.myCourses.links')}</Typography>
        {links.isPending ? <Skeleton /> : links.data?.length ? <LinksTree nodes={links.data} /> : <Typography variant="body2" color="text.secondary">{translate('app.learner.myCourses.noLinks')}</Typography>}
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }} data-testid="widget-achievements">
        <Typography variant="h6" component="h2">
          <MuiLink component={Link} to="/achievements">{translate('app.learner.myCourses.achievements')}</MuiLink>
        </Typography>
        {ach.isPending ? <Skeleton /> : count ? (
          <List dense>
            {ach.data!.certificates.map((c) => <ListItem key={`c${c.certificateId}`} disableGutters>{c.title} — {c.trainingLabel}</ListItem>)}
            {ach.data!.achievements.map((a) => <ListItem key={a.kind} disableGutters>{a.kind}</ListItem>)}
          </List>
        ) : <Typography variant="body2" color="text.secondary">{translate('app.learner.myCourses.noAchievements')}</Typography>}
      </Paper>
    </Stack>
  );
}

/** /my-courses (spec 1 §2.3): course and folder cards, the unfinished-exercise warning, Show more, Favorites link, widgets. */
export default function MyCoursesPage() {
  const translate = useTranslate();
  const { data, isPending, error } = useApi<MyCourses>(['my-courses'], '/api/students/trainings');
  const [shown, setShown] = useState(MY_COURSES_PAGE);
  const [calendar, setCalendar] = useState(false);
  const toggleFavorite = useToggleFavorite();
  const items = data?.result ?? [];

  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 1400 }} data-testid="my-courses-page">
      <Title title={translate('app.learner.myCourses.title')} />
      <Stack direction="row" alignItems="center" spacing={1} sx={{ mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>{translate('app.learner.myCourses.title')}</Typography>
        <Button component={Link} to="/my-courses/favorites" startIcon={<StarIcon />}>{translate('app.learner.myCourses.favorites')}</Button>
        <Button onClick={() => setCalendar(true)} startIcon={<EventIcon />}>{translate('app.learner.myCourses.calendar')}</Button>
      </Stack>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 8, lg: 9 }}>
          {data?.warning && (
            <Alert
              severity="warning"
              icon={<WarningIcon />}
              sx={{ mb: 2 }}
              data-testid="unfinished-warning"
              action={<Button color="inherit" size="small" component={Link} to={playerPath(data.warning.courseId, data.warning.lessonId, data.warning.exerciseId)}>{translate('app.learner.myCourses.continue')}</Button>}
            >
              {translate('app.learner.myCourses.warning', { exercise: data.warning.exerciseLabel, course: data.warning.courseLabel })}
            </Alert>
          )}
          {error && <Alert severity="error">{translate('app.learner.myCourses.loadError')}{serverText(error) ? `: ${serverText(error)}` : ''}</Alert>}
          {!isPending && !error && items.length === 0 && (
            <Alert severity="info" action={<Button component={Link} to="/student-catalog" color="inherit" size="small">{translate('app.learner.myCourses.toCatalogue')}</Button>}>
              {translate('app.learner.myCourses.empty')}
            </Alert>
          )}
          <Grid container spacing={2}>
            {isPending && [0, 1, 2].map((i) => <Grid key={i} size={{ xs: 12, sm: 6, lg: 4 }}><Skeleton variant="rounded" height={200} /></Grid>)}
            {items.slice(0, shown).map((c) => (
              <Grid key={`${c.type}-${c.id}`} size={{ xs: 12, sm: 6, lg: 4 }}>
                <CourseCard
                  course={c}
                  to={c.type === 2 ? `/my-courses/course-folder/${c.id}` : `/my-courses/course/${c.id}`}
                  onToggleFavorite={c.type === 1 ? () => void toggleFavorite(c.id) : undefined}
                />
              </Grid>
            ))}
          </Grid>
          {items.length > shown && (
            <Stack alignItems="center" sx={{ mt: 2 }}>
              <Button variant="outlined" onClick={() => setShown((n) => n + MY_COURSES_PAGE)}>{translate('app.learner.myCourses.showMore')}</Button>
            </Stack>
          )}
        </Grid>
        <Grid size={{ xs: 12, md: 4, lg: 3 }}>
          <Widgets />
        </Grid>
      </Grid>
      <EventsCalendarDrawer open={calendar} onClose={() => setCalendar(false)} />
    </Box>
  );
}
