import { Box, Typography } from '@mui/material';
import { useTranslate } from '../../app';
import { useParams } from 'react-router-dom';
import { learningCalls } from '../../../shared/calls/learning';
import { CourseFolderNotFoundPage } from '../../errors/CourseErrorPages';
import { useCall } from '../../http/queries';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { CardSkeletons, CourseCardGrid } from '../cards/CourseCardGrid';
import { READ_ONCE } from '../learnerReads';
import { courseItemPath } from '../paths';

/** /my-courses/course-folder/{courseGroupId}: the courses of a course group; 404 'Training not found'. */
export default function CourseFolderPage() {
  const translate = useTranslate();
  const id = Number(useParams().courseGroupId);
  const valid = Number.isInteger(id) && id > 0;
  const { data, isPending, error, refetch } = useCall(learningCalls.courseFolder, valid ? { params: { courseGroupId: id } } : null, READ_ONCE);
  if (!valid) return <CourseFolderNotFoundPage />;
  return (
    <Box sx={{ maxWidth: 1200 }} data-testid="course-folder-page">
      <PageState
        isPending={isPending}
        loading={<CardSkeletons />}
        error={error}
        errorTitle={translate('app.learner.myCourses.loadError')}
        refetch={refetch}
        notFound={<CourseFolderNotFoundPage />}
      >
        {data && (
          <PageFrame title={data.label} plain>
            {data.description && <Typography sx={{ mb: 2 }}>{data.description}</Typography>}
            <CourseCardGrid
              courses={data.result}
              to={courseItemPath}
            />
          </PageFrame>
        )}
      </PageState>
    </Box>
  );
}
