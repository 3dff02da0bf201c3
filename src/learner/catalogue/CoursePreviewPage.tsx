import { Alert, Box, Button, CircularProgress, List, ListItem, ListItemText, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslate } from '../../app';
import { Link, useParams } from 'react-router-dom';
import { catalogueCalls } from '../../../shared/calls/catalogue';
import type { CoursePreview, CourseStaffMember } from '../../../shared/learning';
import { NotFoundPage } from '../../errors/NotFoundPage';
import { callKey, useCall } from '../../http/queries';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { SafeHtml } from '../../ui/richText/SafeHtml';
import { StaffList } from '../cards/StaffList';
import { usePeriod } from '../cards/usePeriod';
import { READ_ONCE } from '../learnerReads';
import { coursePath } from '../paths';
import { UnfilledAttributesForm } from './UnfilledAttributesForm';
import { useJoinCourse } from './useJoinCourse';

function People({ title, people }: { title: string; people: CourseStaffMember[] }) {
  if (people.length === 0) return null;
  return (
    <Box>
      <Typography variant="h6" component="h2">{title}</Typography>
      <StaffList people={people} />
    </Box>
  );
}

function Support({ support }: { support: CoursePreview['support'] }) {
  const translate = useTranslate();
  if (!support || !(support.emailAddress || support.phoneNumber || support.telegramAddress)) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }}>
      <Typography variant="h6" component="h2">{translate('app.learner.preview.support')}</Typography>
      {support.initials && <Typography>{support.initials}</Typography>}
      {support.emailAddress && <Typography><a href={`mailto:${support.emailAddress}`}>{support.emailAddress}</a></Typography>}
      {support.phoneNumber && <Typography><a href={`tel:${support.phoneNumber}`}>{support.phoneNumber}</a></Typography>}
      {support.telegramAddress && <Typography>{support.telegramAddress}</Typography>}
    </Paper>
  );
}

const loading = (
  <Box>
    <Skeleton variant="rounded" height={200} />
    <Skeleton sx={{ mt: 2 }} />
    <Skeleton />
  </Box>
);

/** /student-catalog/catalog/course/{courseId} (spec 1 §2.2): preview, pending-application notice, join. */
export default function CoursePreviewPage() {
  const translate = useTranslate();
  const period = usePeriod();
  const courseId = Number(useParams().courseId);
  const valid = Number.isInteger(courseId) && courseId > 0;
  const queryClient = useQueryClient();
  const { data, isPending, error, refetch } = useCall(catalogueCalls.preview, valid ? { params: { courseId } } : null, READ_ONCE);
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: callKey(catalogueCalls.preview) }), [queryClient]);
  const { join, pending, needsProfile } = useJoinCourse(courseId, refresh);

  if (!valid) return <NotFoundPage />;
  if (needsProfile) return <UnfilledAttributesForm courseId={courseId} onDone={join} />;
  return (
    <Box sx={{ maxWidth: 1000 }} data-testid={data ? 'course-preview' : undefined}>
      <PageState isPending={isPending} loading={loading} error={error} errorTitle={translate('app.learner.preview.loadError')} refetch={refetch} notFound={<NotFoundPage />}>
        {data && (
          <PageFrame title={data.label} plain>
            {data.picture && <Box component="img" src={data.picture} alt="" sx={{ width: '100%', maxHeight: 240, objectFit: 'cover', borderRadius: 1, mb: 2 }} />}
            <Typography color="text.secondary" sx={{ mb: 2 }}>{period(data.begin, data.end)}</Typography>
            {data.applicationPending && <Alert severity="info" sx={{ mb: 2 }} data-testid="application-pending">{translate('app.learner.preview.applicationPending')}</Alert>}
            <Stack direction="row" spacing={2} sx={{ mb: 3 }}>
              {data.isJoined ? (
                <Button variant="contained" component={Link} to={coursePath(courseId)}>{translate('app.learner.preview.goToCourse')}</Button>
              ) : (
                !data.applicationPending && (
                  <Button variant="contained" onClick={() => void join()} disabled={pending} startIcon={pending ? <CircularProgress size={16} /> : undefined}>
                    {translate(data.joinMode === 'application' ? 'app.learner.preview.apply' : 'app.learner.preview.join')}
                  </Button>
                )
              )}
            </Stack>
            <SafeHtml html={data.description} />
            {data.group && <Typography sx={{ mt: 2 }}><b>{translate('app.learner.preview.group')}:</b> {data.group.label}</Typography>}
            {data.exercises.length > 0 && (
              <Paper variant="outlined" sx={{ p: 2, my: 2 }}>
                <Typography variant="h6" component="h2">{translate('app.learner.preview.exercises')}</Typography>
                <List dense>
                  {/* the list's items are its children (a Box between them broke the list for screen readers) */}
                  {data.exercises.map((e, i) => (
                    <ListItem key={e.id} disableGutters divider={i < data.exercises.length - 1}>
                      <ListItemText primary={e.label} secondary={e.description ?? undefined} />
                    </ListItem>
                  ))}
                </List>
              </Paper>
            )}
            <People title={translate('app.learner.preview.instructors')} people={data.instructors} />
            <People title={translate('app.learner.preview.tutors')} people={data.tutors} />
            <Support support={data.support} />
          </PageFrame>
        )}
      </PageState>
    </Box>
  );
}
