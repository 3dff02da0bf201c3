import { Box, Grid, Tab, Tabs } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from '../../app';
import { favoriteCalls } from '../../../shared/calls/learning';
import { useCall } from '../../http/queries';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { readStored, writeStored } from '../../ui/storage';
import { CARD_CELL, CardSkeletons, CourseCardGrid } from '../cards/CourseCardGrid';
import { READ_ONCE } from '../learnerReads';
import { coursePath } from '../paths';
import { FavoriteExerciseCard } from './FavoriteExerciseCard';
import { useToggleFavorite } from './useToggleFavorite';

/** Session key of the chosen tab (spec 2 §5: tabs remember the chosen tab per id for the session). */
export const FAVORITES_TAB_KEY = 'elp.tab.favorites';

type FavoritesTab = 'courses' | 'exercises';

/** /my-courses/favorites: Courses and Exercises tabs; exercise cards show course and lesson; unavailable ones say 'Not available'. */
export default function FavoritesPage() {
  const translate = useTranslate();
  const [tab, setTab] = useState<FavoritesTab>(() => (readStored('session', FAVORITES_TAB_KEY) === 'exercises' ? 'exercises' : 'courses'));
  const toggleFavorite = useToggleFavorite();
  const courses = useCall(favoriteCalls.courses, tab === 'courses' ? { body: {} } : null, READ_ONCE);
  const exercises = useCall(favoriteCalls.exercises, tab === 'exercises' ? { body: {} } : null, READ_ONCE);
  const current = tab === 'courses' ? courses : exercises;
  const choose = (t: FavoritesTab) => {
    setTab(t);
    writeStored('session', FAVORITES_TAB_KEY, t);
  };

  return (
    <Box sx={{ maxWidth: 1200 }} data-testid="favorites-page">
      <PageFrame title={translate('app.learner.favorites.title')} plain>
        <Tabs value={tab} onChange={(_, v: FavoritesTab) => choose(v)} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile sx={{ mb: 2 }}>
          <Tab value="courses" label={translate('app.learner.favorites.courses')} />
          <Tab value="exercises" label={translate('app.learner.favorites.exercises')} />
        </Tabs>
        <PageState
          isPending={current.isPending}
          loading={<CardSkeletons count={2} />}
          error={current.error}
          refetch={current.refetch}
          isEmpty={current.data?.result.length === 0}
          emptyText={translate('app.learner.favorites.empty')}
        >
          {tab === 'courses' && courses.data && (
            <CourseCardGrid courses={courses.data.result} to={(c) => coursePath(c.id)} onToggleFavorite={(c) => () => void toggleFavorite(c.id)} />
          )}
          {tab === 'exercises' && exercises.data && (
            <Grid container spacing={2}>
              {exercises.data.result.map((e) => (
                <Grid key={`${e.trainingId}-${e.id}`} size={CARD_CELL}>
                  <FavoriteExerciseCard exercise={e} onRemove={() => void toggleFavorite(e.trainingId, e.id)} />
                </Grid>
              ))}
            </Grid>
          )}
        </PageState>
      </PageFrame>
    </Box>
  );
}
