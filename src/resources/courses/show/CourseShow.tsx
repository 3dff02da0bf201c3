import Calculate from '@mui/icons-material/Calculate';
import Settings from '@mui/icons-material/Settings';
import { Box, Button, Card, CardContent, Grid, Stack, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ShowBase, useNotify, useShowContext, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { courseCalls } from '../../../../shared/calls/courses';
import type { CourseDescription } from '../../../../shared/courses';
import { courseAllows } from '../../../../shared/permissions';
import { courses } from '../../../../shared/resources/courses';
import { CourseForbiddenPage, CourseNotFoundPage } from '../../../errors';
import { callApi } from '../../../http/client';
import { serverText } from '../../../http/errors';
import { useDates } from '../../../ui/dates';
import { PageFrame } from '../../../ui/PageFrame';
import { PageState } from '../../../ui/PageState';
import { SafeHtml } from '../../richText';
import { DateStatusChip } from '../dateStatus';
import { CourseMenu } from './CourseMenu';
import { CourseLessons, CourseStaff } from './CourseSections';

function Row({ label, children }: { label: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 1 }} sx={{ py: 0.5 }}>
      <Typography color="text.secondary" sx={{ minWidth: 200 }}>
        {translate(label)}
      </Typography>
      <Box sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{children}</Box>
    </Stack>
  );
}

function RecalculateButton({ courseId }: { courseId: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useQueryClient();
  const run = useMutation({
    mutationFn: () => callApi(courseCalls.recalculate, { params: { courseId } }),
    onSuccess: async (r) => {
      notify(translate('resources.courses.messages.recalculated', { students: r.students, completed: r.completed }), { type: 'success' });
      await client.invalidateQueries({ queryKey: [courses.name] });
    },
    onError: (e) => notify(serverText(e) ?? translate('app.common.toast.error'), { type: 'error' }),
  });
  return (
    <Button startIcon={<Calculate />} onClick={() => run.mutate()} disabled={run.isPending} data-testid="recalculate">
      {translate('resources.courses.actions.recalculate')}
    </Button>
  );
}

function Description({ c }: { c: CourseDescription }) {
  const translate = useTranslate();
  const { day } = useDates();
  const notSet = translate('resources.courses.messages.notSet');
  return (
    <CardContent data-testid="course-description">
      {c.picture && <Box component="img" src={c.picture} alt="" sx={{ maxWidth: '100%', maxHeight: 240, borderRadius: 1, mb: 2 }} />}
      <Row label="resources.courses.fields.program">{c.programLabel}</Row>
      <Row label="resources.courses.fields.dates">
        {day(c.begin) || notSet} — {day(c.end) || notSet} <DateStatusChip status={c.dateStatus} />
      </Row>
      <Row label="resources.courses.fields.availability">
        {c.alwaysAvailableByDates ? `${day(c.open)} — ${day(c.close)}` : translate('resources.courses.messages.always')}
      </Row>
      {c.group && <Row label="resources.courses.fields.groupLabel">{c.group}</Row>}
      <Row label="resources.courses.fields.joinMode">{translate(`resources.courses.joinModes.${c.joinMode}`)}</Row>
      {c.requiresEmailConfirmation && <Row label="resources.courses.fields.requiresEmailConfirmation">✓</Row>}
      {c.relatedCategory && <Row label="resources.courses.fields.relatedCategory">{c.relatedCategory}</Row>}
      {c.tutor && <Row label="resources.courses.fields.tutor">{c.tutor.name || c.tutor.email}</Row>}
      {c.moderator && <Row label="resources.courses.fields.moderator">{c.moderator.name || c.moderator.email}</Row>}
      <Row label="resources.courses.fields.studentsCount">{c.studentsCount}</Row>
      <Row label="resources.courses.fields.isPublished">{translate(c.isPublished ? 'ra.boolean.true' : 'ra.boolean.false')}</Row>
      {c.description && <SafeHtml html={c.description} sx={{ mt: 2 }} data-testid="course-description-html" />}
    </CardContent>
  );
}

function CoursePage({ courseId }: { courseId: string }) {
  const translate = useTranslate();
  const { record: c, isPending, error, refetch } = useShowContext<CourseDescription>();
  return (
    <PageState isPending={isPending} error={error} refetch={refetch} notFound={<CourseNotFoundPage />} forbidden={<CourseForbiddenPage />}>
      {c && (
        <PageFrame
          title={c.label}
          back="/courses"
          plain
          actions={
            courseAllows(c.member, 'settings') && (
              <>
                <RecalculateButton courseId={courseId} />
                <Button variant="contained" startIcon={<Settings />} component={Link} to={`/courses/${courseId}/edit`}>
                  {translate('resources.courses.actions.edit')}
                </Button>
              </>
            )
          }
        >
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 8 }}>
              <Card>
                <Description c={c} />
              </Card>
              <Card sx={{ mt: 2 }}>
                <CardContent>
                  <CourseLessons courseId={courseId} />
                </CardContent>
              </Card>
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <Card>
                <CardContent>
                  <CourseMenu courseId={courseId} member={c.member} />
                </CardContent>
              </Card>
              <Card sx={{ mt: 2 }}>
                <CardContent>
                  <CourseStaff courseId={courseId} />
                </CardContent>
              </Card>
            </Grid>
          </Grid>
        </PageFrame>
      )}
    </PageState>
  );
}

/** /courses/{courseId}: the course page — its description, lessons, staff and the menu of its sub-screens. */
export function CourseShow() {
  const { courseId = '' } = useParams();
  return (
    // a course the caller may not open shows the course 404/403 page, not react-admin's redirect
    <ShowBase resource={courses.name} id={courseId} queryOptions={{ onError: () => undefined }}>
      <CoursePage courseId={courseId} />
    </ShowBase>
  );
}
