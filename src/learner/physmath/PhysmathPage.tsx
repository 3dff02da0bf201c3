import { Box, Link as MuiLink, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from '../../app';
import { Link } from 'react-router-dom';
import { learningCalls } from '../../../shared/calls/learning';
import type { CourseCard } from '../../../shared/learning';
import { useCall } from '../../http/queries';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { CardSkeletons, CourseCardGrid } from '../cards/CourseCardGrid';
import { READ_ONCE } from '../learnerReads';
import { coursePath, coursePreviewPath } from '../paths';

/**
 * /physmath-breakthrough (spec 1: a special section for students with accessToPhysical; the
 * route guard and the server's rule 'physmath' refuse everyone else). Its content is not
 * specified: the section's introduction, the student's courses of the section (to their course
 * page) and the open ones (to the catalogue preview, where joining works as usual).
 */
export default function PhysmathPage() {
  const translate = useTranslate();
  const { data, isPending, error, refetch } = useCall(learningCalls.physmath, {}, READ_ONCE);
  const section = (title: string, testId: string, courses: CourseCard[] | undefined, empty: string, to: (c: CourseCard) => string) => (
    <Section title={title} testId={testId}>
      <PageState isPending={isPending} loading={<CardSkeletons testId="physmath-loading" />} error={null} isEmpty={!courses?.length} emptyText={empty}>
        <CourseCardGrid courses={courses ?? []} to={to} />
      </PageState>
    </Section>
  );
  return (
    <Box sx={{ maxWidth: 1200 }} data-testid="physmath-page">
      <PageFrame title={translate('app.physmath.title')} plain>
        <Typography sx={{ mb: 3, maxWidth: 760 }}>{translate('app.physmath.intro')}</Typography>
        <PageState isPending={false} error={error} errorTitle={translate('app.physmath.loadError')} refetch={refetch}>
          {section(translate('app.physmath.myCourses'), 'physmath-my-courses', data?.myCourses, translate('app.physmath.myCoursesEmpty'), (c) => coursePath(c.id))}
          {section(translate('app.physmath.catalogue'), 'physmath-catalogue', data?.catalogue, translate('app.physmath.catalogueEmpty'), (c) => coursePreviewPath(c.id))}
          <MuiLink component={Link} to="/student-catalog">{translate('app.physmath.openCatalogue')}</MuiLink>
        </PageState>
      </PageFrame>
    </Box>
  );
}

function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 4 }} data-testid={testId}>
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>{title}</Typography>
      {children}
    </Box>
  );
}
