import FolderIcon from '@mui/icons-material/FolderOutlined';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { Box, Card, CardActionArea, CardActions, CardContent, CardMedia, IconButton, Stack, Typography } from '@mui/material';
import { useTranslate } from '../../app';
import { Link } from 'react-router-dom';
import type { CourseCard as CourseCardData, CourseListItem } from '../../../shared/learning';
import { useDates } from '../../ui/dates';
import { isCourseGroup } from '../paths';

/** A course or course-group card: picture, label, start and end dates, Completed footer, folder progress. */
export function CourseCard({
  course,
  to,
  onToggleFavorite,
}: {
  course: CourseCardData & Partial<CourseListItem>;
  to: string;
  /** shows a star button outside the link that adds or removes the course from favorites */
  onToggleFavorite?: () => void;
}) {
  const translate = useTranslate();
  const { longDay } = useDates();
  const isFolder = isCourseGroup(course);
  return (
    // a column: the link takes the room the star's row leaves (at full height it pushed the star out of the card, clipped)
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }} data-testid="course-card">
      <CardActionArea component={Link} to={to} sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}>
        {course.picture ? (
          <CardMedia component="img" height={100} image={course.picture} alt="" loading="lazy" />
        ) : (
          <Box sx={{ height: 100, bgcolor: 'action.hover', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
            {isFolder && <FolderIcon color="action" fontSize="large" />}
          </Box>
        )}
        <CardContent sx={{ flexGrow: 1 }}>
          <Stack direction="row" spacing={1} alignItems="flex-start">
            <Typography variant="subtitle1" component="h2" sx={{ flexGrow: 1, fontWeight: 600 }}>
              {course.label}
            </Typography>
            {course.isFavorite && !onToggleFavorite && <StarIcon color="warning" fontSize="small" aria-label={translate('app.learner.myCourses.favorites')} />}
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {translate('app.learner.dates.from')}: {longDay(course.begin) || '—'}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('app.learner.dates.to')}: {longDay(course.end) || '—'}
          </Typography>
          {isFolder && course.maxModulesAmountCalc !== undefined && (
            <Typography variant="body2" sx={{ mt: 1 }}>
              {translate('app.learner.myCourses.modules', { done: course.modulesAmountCalc ?? 0, total: course.maxModulesAmountCalc })}
            </Typography>
          )}
          {/* a plain label rather than a Chip: the cards are on the learner's first load */}
          {course.isJoined === false && (
            <Typography variant="caption" component="span" sx={{ display: 'inline-block', mt: 1, px: 1, py: 0.25, borderRadius: 4, bgcolor: 'action.selected' }}>
              {translate('app.learner.myCourses.notJoined')}
            </Typography>
          )}
        </CardContent>
        {course.completed && (
          <Box sx={{ px: 2, py: 1, bgcolor: 'success.light', color: 'success.contrastText' }} data-testid="course-completed">
            <Typography variant="body2">{translate('app.learner.myCourses.completed')}</Typography>
          </Box>
        )}
      </CardActionArea>
      {onToggleFavorite && (
        <CardActions sx={{ justifyContent: 'flex-end', py: 0 }}>
          <IconButton
            size="small"
            onClick={onToggleFavorite}
            aria-label={translate(course.isFavorite ? 'app.learner.course.removeFavorite' : 'app.learner.course.addFavorite')}
          >
            {course.isFavorite ? <StarIcon color="warning" fontSize="small" /> : <StarBorderIcon fontSize="small" />}
          </IconButton>
        </CardActions>
      )}
    </Card>
  );
}
