import StarIcon from '@mui/icons-material/Star';
import { Box, Card, CardActionArea, CardActions, CardContent, IconButton, Tooltip, Typography } from '@mui/material';
import { useTranslate } from '../../app';
import { Link } from 'react-router-dom';
import type { FavoriteExercise } from '../../../shared/learning';
import { playerPath } from '../paths';

/** A favourite exercise: its course and lesson; an exercise not open now is not a link and says so. */
export function FavoriteExerciseCard({ exercise: e, onRemove }: { exercise: FavoriteExercise; onRemove: () => void }) {
  const translate = useTranslate();
  const body = (
    <CardContent>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>{e.label}</Typography>
      <Typography variant="body2" color="text.secondary">{e.trainingLabel}</Typography>
      <Typography variant="body2" color="text.secondary">{translate('app.learner.course.lesson', { n: e.lessonNumber })} {e.lessonLabel}</Typography>
    </CardContent>
  );
  return (
    <Card variant="outlined" data-testid="favorite-exercise">
      {e.isAvailable ? (
        <CardActionArea component={Link} to={playerPath(e.trainingId, e.lessonId, e.id)}>{body}</CardActionArea>
      ) : (
        <Tooltip title={translate('app.learner.favorites.notAvailable')}>
          <Box sx={{ opacity: 0.6 }} tabIndex={0} aria-disabled="true">{body}</Box>
        </Tooltip>
      )}
      <CardActions sx={{ justifyContent: 'flex-end', py: 0 }}>
        <IconButton size="small" aria-label={translate('app.learner.course.removeFavorite')} onClick={onRemove}>
          <StarIcon color="warning" fontSize="small" />
        </IconButton>
      </CardActions>
    </Card>
  );
}
