import { Alert, Box, Button, Grid, Link as MuiLink, Skeleton, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { serverText, useApi } from '../api';
import { CourseCard } from '../myCourses/CourseCard';
import { PHYSMATH_URL, type PhysmathCourse, type PhysmathSection } from './api';

/**
 * /physmath-breakthrough (spec 1: a special section for students with accessToPhysical; the
 * route guard and the server's rule 'physmath' refuse everyone else). Its content is not
 * specified: the section's introduction, the student's courses of the section (to their course
 * page) and the open ones (to the catalogue preview, where joining works as usual).
 */
export default function PhysmathPage() {
  const translate = useTranslate();
  const { data, isPending, error, refetch } = useApi<PhysmathSection>(['physmath'], PHYSMATH_URL);
  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 1200 }} data-testid="physmath-page">
      <Title title={translate('app.physmath.title')} />
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {translate('app.physmath.title')}
      </Typography>
      <Typography sx={{ mb: 3, maxWidth: 760 }}>{translate('app.physmath.intro')}</Typography>
      {error ? (
        <Alert
          severity="error"
          action={<Button color="inherit" size="small" onClick={() => void refetch()}>{translate('app.physmath.retry')}</Button>}
        >
          {translate('app.physmath.loadError')}
          {serverText(error) ? `: ${serverText(error)}` : ''}
        </Alert>
      ) : (
        <>
          <Section title={translate('app.physmath.myCourses')} testId="physmath-my-courses">
            <Cards
              loading={isPending}
              courses={data?.myCourses}
              empty={translate('app.physmath.myCoursesEmpty')}
              to={(c) => `/my-courses/course/${c.id}`}
            />
          </Section>
          <Section title={translate('app.physmath.catalogue')} testId="physmath-catalogue">
            <Cards
              loading={isPending}
              courses={data?.catalogue}
              empty={translate('app.physmath.catalogueEmpty')}
              to={(c) => `/student-catalog/catalog/course/${c.id}`}
            />
          </Section>
          <MuiLink component={Link} to="/student-catalog">{translate('app.physmath.openCatalogue')}</MuiLink>
        </>
      )}
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

function Cards<T extends PhysmathCourse>({ loading, courses, empty, to }: { loading: boolean; courses?: T[]; empty: string; to: (c: T) => string }) {
  if (loading) {
    return (
      <Grid container spacing={2} data-testid="physmath-loading">
        {[0, 1, 2].map((i) => <Grid key={i} size={{ xs: 12, sm: 6, md: 4 }}><Skeleton variant="rounded" height={200} /></Grid>)}
      </Grid>
    );
  }
  if (!courses?.length) return <Alert severity="info">{empty}</Alert>;
  return (
    <Grid container spacing={2}>
      {courses.map((c) => (
        <Grid key={c.id} size={{ xs: 12, sm: 6, md: 4 }}>
          <CourseCard course={c} to={to(c)} />
        </Grid>
      ))}
    </Grid>
  );
}
