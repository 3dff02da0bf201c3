import { Alert, Avatar, Box, Button, CircularProgress, Divider, List, ListItem, ListItemAvatar, ListItemText, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { NotFoundPage } from '../../errors/NotFoundPage';
import { SafeHtml } from '../../ui/richText/SafeHtml';
import { errorCodeOf, formatDay, serverText, useApi, type CoursePreview, type Person } from '../api';
import { UnfilledAttributesForm } from './UnfilledAttributesForm';
import { useJoinCourse } from './useJoinCourse';

function People({ title, people }: { title: string; people: Person[] }) {
  if (people.length === 0) return null;
  return (
    <Box>
      <Typography variant="h6" component="h2">{title}</Typography>
      <List dense>
        {people.map((p) => (
          <ListItem key={p.accountId} disableGutters>
            <ListItemAvatar><Avatar src={p.picture ?? undefined} alt="">{p.firstName.charAt(0)}</Avatar></ListItemAvatar>
            <ListItemText primary={`${p.lastName} ${p.firstName}`} secondary={p.eMail} />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

/** /student-catalog/catalog/course/{courseId} (spec 1 §2.2): preview, pending-application notice, join. */
export default function CoursePreviewPage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const courseId = Number(useParams().courseId);
  const valid = Number.isInteger(courseId) && courseId > 0;
  const queryClient = useQueryClient();
  const { data, isPending, error } = useApi<CoursePreview>(['preview', courseId], valid ? `/api/catalog/course/${courseId}` : null);
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: ['learner', 'preview', courseId] }), [queryClient, courseId]);
  const { join, pending, needsProfile } = useJoinCourse(courseId, refresh);

  if (!valid || errorCodeOf(error)?.startsWith('404')) return <NotFoundPage />;
  if (needsProfile) return <UnfilledAttributesForm courseId={courseId} onDone={join} />;
  if (error) return <Alert severity="error" sx={{ m: 2 }}>{translate('app.learner.preview.loadError')}{serverText(error) ? `: ${serverText(error)}` : ''}</Alert>;
  if (isPending || !data) return <Box sx={{ p: 2 }}><Skeleton variant="rounded" height={200} /><Skeleton sx={{ mt: 2 }} /><Skeleton /></Box>;

  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 1000 }} data-testid="course-preview">
      <Title title={data.label} />
      {data.picture && <Box component="img" src={data.picture} alt="" sx={{ width: '100%', maxHeight: 240, objectFit: 'cover', borderRadius: 1, mb: 2 }} />}
      <Typography variant="h4" component="h1">{data.label}</Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {formatDay(data.begin, locale)} — {formatDay(data.end, locale)}
      </Typography>

      {data.applicationPending && <Alert severity="info" sx={{ mb: 2 }} data-testid="application-pending">{translate('app.learner.preview.applicationPending')}</Alert>}
      <Stack direction="row" spacing={2} sx={{ mb: 3 }}>
        {data.isJoined ? (
          <Button variant="contained" component={Link} to={`/my-courses/course/${courseId}`}>{translate('app.learner.preview.goToCourse')}</Button>
        ) : (
          !data.applicationPending && (
            <Button variant="contained" onClick={() => void join()} disabled={pending} startIcon={pending ? <CircularProgress size={16} /> : undefined}>
              {translate(data.joinMode === 'application' ? 'app.learner.preview.apply' : 'app.learner.preview.join')}
            </Button>
          )
        )}
      </Stack>

      <SafeHtml html={data.description} />
      {data.group && (
        <Typography sx={{ mt: 2 }}><b>{translate('app.learner.preview.group')}:</b> {data.group.label}</Typography>
      )}

      {data.exercises.length > 0 && (
        <Paper variant="outlined" sx={{ p: 2, my: 2 }}>
          <Typography variant="h6" component="h2">{translate('app.learner.preview.exercises')}</Typography>
          <List dense>
            {data.exercises.map((e, i) => (
              <Box key={e.id}>
                {i > 0 && <Divider component="li" />}
                <ListItem disableGutters>
                  <ListItemText primary={e.label} secondary={e.description ?? undefined} />
                </ListItem>
              </Box>
            ))}
          </List>
        </Paper>
      )}
      <People title={translate('app.learner.preview.instructors')} people={data.instructors} />
      <People title={translate('app.learner.preview.tutors')} people={data.tutors} />
      {data.support && (data.support.emailAddress || data.support.phoneNumber || data.support.telegramAddress) && (
        <Paper variant="outlined" sx={{ p: 2, mt: 2 }}>
          <Typography variant="h6" component="h2">{translate('app.learner.preview.support')}</Typography>
          {data.support.initials && <Typography>{data.support.initials}</Typography>}
          {data.support.emailAddress && <Typography><a href={`mailto:${data.support.emailAddress}`}>{data.support.emailAddress}</a></Typography>}
          {data.support.phoneNumber && <Typography><a href={`tel:${data.support.phoneNumber}`}>{data.support.phoneNumber}</a></Typography>}
          {data.support.telegramAddress && <Typography>{data.support.telegramAddress}</Typography>}
        </Paper>
      )}
    </Box>
  );
}
