import { Alert, Box, Card, CardActionArea, CardActions, CardContent, Grid, IconButton, Skeleton, Tab, Tabs, Tooltip, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { playerPath, postJson, type CourseItem, type FavoriteExercise } from '../api';
import { CourseCard } from './CourseCard';
import { useToggleFavorite } from './useToggleFavorite';
import StarIcon from '@mui/icons-material/Star';

/** Session key of the chosen tab (spec 2 §5: tabs remember the chosen tab per id for the session). */
export const FAVORITES_TAB_KEY = 'elp.tab.favorites';

type ListAnswer<T> = { result: T[]; metadata: { filteredRecords: number } };

function readTab(): 'courses' | 'exercises' {
  try {
    return sessionStorage.getItem(FAVORITES_TAB_KEY) === 'exercises' ? 'exercises' : 'courses';
  } catch {
    return 'courses';
  }
}

/** /my-courses/favorites: Courses and Exercises tabs; exercise cards show course and lesson; unavailable ones say 'Not available'. */
export default function FavoritesPage() {
  const translate = useTranslate();
  const [tab, setTab] = useState(readTab);
  const toggleFavorite = useToggleFavorite();
  const courses = useQuery({
    queryKey: ['learner', 'favorites', 'courses'],
    queryFn: () => postJson<ListAnswer<CourseItem>>('/api/Favorites/Trainings/List', {}),
    enabled: tab === 'courses',
    retry: false,
  });
  const exercises = useQuery({
    queryKey: ['learner', 'favorites', 'exercises'],
    queryFn: () => postJson<ListAnswer<FavoriteExercise>>('/api/Favorites/Exercises/List', {}),
    enabled: tab === 'exercises',
    retry: false,
  });
  const current = tab === 'courses' ? courses : exercises;
  const choose = (t: 'courses' | 'exercises') => {
    setTab(t);
    try {
      sessionStorage.setItem(FAVORITES_TAB_KEY, t);
    } catch {
      /* private mode */
    }
  };

  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 1200 }} data-testid="favorites-page">
      <Title title={translate('app.learner.favorites.title')} />
      <Typography variant="h4" component="h1">{translate('app.learner.favorites.title')}</Typography>
      <Tabs value={tab} onChange={(_, v) => choose(v)} sx={{ my: 2 }}>
        <Tab value="courses" label={translate('app.learner.favorites.courses')} />
        <Tab value="exercises" label={translate('app.learner.favorites.exercises')} />
      </Tabs>
      {current.isError && <Alert severity="error">{translate('app.common.toast.error')}</Alert>}
      {current.isSuccess && current.data.result.length === 0 && <Alert severity="info" data-testid="favorites-empty">{translate('app.learner.favorites.empty')}</Alert>}
      <Grid container spacing={2}>
        {current.isPending && [0, 1].map((i) => <Grid key={i} size={{ xs: 12, sm: 6, md: 4 }}><Skeleton variant="rounded" height={160} /></Grid>)}
        {tab === 'courses' &&
          courses.data?.result.map((c) => (
            <Grid key={c.id} size={{ xs: 12, sm: 6, md: 4 }}><CourseCard course={c} to={`/my-courses/course/${c.id}`} onToggleFavorite={() => void toggleFavorite(c.id)} /></Grid>
          ))}
        {tab === 'exercises' &&
          exercises.data?.result.map((e) => {
            const body = (
              <CardContent>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>{e.label}</Typography>
                <Typography variant="body2" color="text.secondary">{e.trainingLabel}</Typography>
                <Typography variant="body2" color="text.secondary">{translate('app.learner.course.lesson', { n: e.lessonNumber })} {e.lessonLabel}</Typography>
              </CardContent>
            );
            return (
              <Grid key={`${e.trainingId}-${e.id}`} size={{ xs: 12, sm: 6, md: 4 }}>
                <Card variant="outlined" data-testid="favorite-exercise">
                  {e.isAvailable ? (
                    <CardActionArea component={Link} to={playerPath(e.trainingId, e.lessonId, e.id)}>{body}</CardActionArea>
                  ) : (
                    <Tooltip title={translate('app.learner.favorites.notAvailable')}>
                      <Box sx={{ opacity: 0.6 }} tabIndex={0} aria-disabled="true">{body}</Box>
                    </Tooltip>
                  )}
                  <CardActions sx={{ justifyContent: 'flex-end', py: 0 }}>
                    <IconButton size="small" aria-label={translate('app.learner.course.removeFavorite')} onClick={() => void toggleFavorite(e.trainingId, e.id)}>
                      <StarIcon color="warning" fontSize="small" />
                    </IconButton>
                  </CardActions>
                </Card>
              </Grid>
            );
          })}
      </Grid>
    </Box>
  );
}
