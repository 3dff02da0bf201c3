import Calculate from '@mui/icons-material/Calculate';
import Settings from '@mui/icons-material/Settings';
import { Box, Button, Card, CardContent, Chip, Grid, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import {
  coursePaths as P,
  type CourseDescription,
  type CourseInstructorItem,
  type CourseLessonItem,
  type RecalculateAnswer,
} from '../../../../shared/courses';
import { courseAllows } from '../../../../shared/permissions';
import { SafeHtml } from '../../richText';
import { apiPath, apiSend, errorText, formatDay, useApiQuery } from '../api';
import { CoursePage } from '../common/CoursePage';
import { PageState } from '../common/PageState';
import { dateStatusColor } from '../list/CourseList';
import { CourseMenu } from './CourseMenu';

function Row({ label, children }: { label: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1} sx={{ py: 0.5 }}>
      <Typography color="text.secondary" sx={{ minWidth: 200 }}>
        {translate(label)}
      </Typography>
      <Box sx={{ flexGrow: 1 }}>{children}</Box>
    </Stack>
  );
}

function Staff({ courseId }: { courseId: string }) {
  const translate = useTranslate();
  const staff = useApiQuery<CourseInstructorItem[]>(['courses', courseId, 'staff'], apiPath(P.instructorsDescription, { courseId }));
  return (
    <Box>
      <Typography variant="subtitle1">{translate('resources.courses.sections.staff')}</Typography>
      <PageState isPending={staff.isPending} error={staff.error} coursePages={false} isEmpty={staff.data?.length === 0} emptyText={translate('resources.courses.messages.noStaff')}>
        <List dense>
          {(staff.data ?? []).map((s) => (
            <ListItem key={s.accountId} disableGutters>
              <ListItemText primary={`${s.lastName} ${s.firstName}`.trim() || s.eMail} secondary={`${translate(`resources.courses.roles.${s.role}`)} · ${s.eMail}`} />
            </ListItem>
          ))}
        </List>
      </PageState>
    </Box>
  );
}

function Lessons({ courseId }: { courseId: string }) {
  const translate = useTranslate();
  const lessons = useApiQuery<CourseLessonItem[]>(['courses', courseId, 'lessons'], apiPath(P.lessonsDescription, { courseId }));
  return (
    <Box>
      <Typography variant="subtitle1">{translate('resources.courses.sections.lessons')}</Typography>
      <PageState isPending={lessons.isPending} error={lessons.error} coursePages={false} isEmpty={lessons.data?.length === 0} emptyText={translate('resources.courses.messages.noLessons')}>
        <List dense>
          {(lessons.data ?? []).map((l, i) => (
            <ListItem key={l.id} disableGutters>
              <ListItemText primary={`${i + 1}. ${l.label}`} secondary={translate('resources.courses.lessonsCount', { count: l.exercisesCount, smart_count: l.exercisesCount })} />
            </ListItem>
          ))}
        </List>
      </PageState>
    </Box>
  );
}

function RecalculateButton({ courseId }: { courseId: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useQueryClient();
  const run = useMutation({
    mutationFn: () => apiSend<RecalculateAnswer>('POST', apiPath(P.recalculate, { courseId })),
    onSuccess: async (r) => {
      notify(translate('resources.courses.messages.recalculated', { students: r.students, completed: r.completed }), { type: 'success' });
      await client.invalidateQueries({ queryKey: ['courses', courseId] });
    },
    onError: (e) => notify(errorText(e) || translate('resources.courses.messages.failed'), { type: 'error' }),
  });
  return (
    <Button startIcon={<Calculate />} onClick={() => run.mutate()} disabled={run.isPending} data-testid="recalculate">
      {translate('resources.courses.actions.recalculate')}
    </Button>
  );
}

/** /courses/{courseId}: the course description with the menu of its sub-screens. */
export function CourseShow() {
  const translate = useTranslate();
  const { courseId = '' } = useParams();
  const course = useApiQuery<CourseDescription>(['courses', courseId, 'description'], apiPath(P.description, { courseId }));
  const c = course.data;
  const notSet = translate('resources.courses.messages.notSet');
  return (
    <PageState isPending={course.isPending} error={course.error} refetch={course.refetch}>
      {c && (
        <CoursePage
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
                <CardContent data-testid="course-description">
                  {c.picture && <Box component="img" src={c.picture} alt="" sx={{ maxWidth: '100%', maxHeight: 240, borderRadius: 1, mb: 2 }} />}
                  <Row label="resources.courses.fields.program">{c.programLabel}</Row>
                  <Row label="resources.courses.fields.dates">
                    {formatDay(c.begin) || notSet} — {formatDay(c.end) || notSet}{' '}
                    <Chip size="small" color={dateStatusColor[c.dateStatus]} label={translate(`resources.courses.dateStatus.${c.dateStatus}`)} />
                  </Row>
                  <Row label="resources.courses.fields.availability">
                    {c.alwaysAvailableByDates ? `${formatDay(c.open)} — ${formatDay(c.close)}` : translate('resources.courses.messages.always')}
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
              </Card>
              <Card sx={{ mt: 2 }}>
                <CardContent>
                  <Lessons courseId={courseId} />
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
                  <Staff courseId={courseId} />
                </CardContent>
              </Card>
            </Grid>
          </Grid>
        </CoursePage>
      )}
    </PageState>
  );
}
