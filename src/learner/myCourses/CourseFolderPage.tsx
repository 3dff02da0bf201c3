import { Alert, Box, Grid, Skeleton, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { CourseFolderNotFoundPage } from '../../errors/CourseErrorPages';
import { errorCodeOf, serverText, useApi, type CourseFolder } from '../api';
import { CourseCard } from './CourseCard';

/** /my-courses/course-folder/{courseGroupId}: the courses of a course group; 404 'Training not found'. */
export default function CourseFolderPage() {
  const translate = useTranslate();
  const id = Number(useParams().courseGroupId);
  const valid = Number.isInteger(id) && id > 0;
  const { data, isPending, error } = useApi<CourseFolder>(['folder', id], valid ? `/api/students/sets/${id}` : null);
  if (!valid || errorCodeOf(error)?.startsWith('404')) return <CourseFolderNotFoundPage />;
  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 1200 }} data-testid="course-folder-page">
      <Title title={data?.label ?? translate('app.learner.myCourses.folder')} />
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>{data?.label ?? translate('app.learner.myCourses.folder')}</Typography>
      {error && <Alert severity="error">{translate('app.learner.myCourses.loadError')}{serverText(error) ? `: ${serverText(error)}` : ''}</Alert>}
      {data?.description && <Typography sx={{ mb: 2 }}>{data.description}</Typography>}
      <Grid container spacing={2}>
        {isPending && valid && [0, 1, 2].map((i) => <Grid key={i} size={{ xs: 12, sm: 6, md: 4 }}><Skeleton variant="rounded" height={200} /></Grid>)}
        {data?.result.map((c) => (
          <Grid key={`${c.type}-${c.id}`} size={{ xs: 12, sm: 6, md: 4 }}>
            <CourseCard
              course={c}
              to={c.type === 2 ? `/my-courses/course-folder/${c.id}` : c.isJoined === false ? `/student-catalog/catalog/course/${c.id}` : `/my-courses/course/${c.id}`}
            />
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
