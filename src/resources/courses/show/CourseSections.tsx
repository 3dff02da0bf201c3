import { Box, List, ListItem, ListItemText, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { courseCalls } from '../../../../shared/calls/courses';
import { useCall } from '../../../http/queries';
import { lessonTitle } from '../../../ui/lessonTitle';
import { PageState } from '../../../ui/PageState';

function Section({ title, query, emptyText, children }: { title: string; query: { isPending: boolean; error: unknown; data?: unknown[] }; emptyText: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box>
      <Typography variant="subtitle1">{translate(title)}</Typography>
      <PageState isPending={query.isPending} error={query.error} isEmpty={query.data?.length === 0} emptyText={translate(emptyText)}>
        <List dense>{children}</List>
      </PageState>
    </Box>
  );
}

/** The course's staff (course page). */
export function CourseStaff({ courseId }: { courseId: string }) {
  const translate = useTranslate();
  const staff = useCall(courseCalls.instructorsDescription, { params: { courseId } });
  return (
    <Section title="resources.courses.sections.staff" query={staff} emptyText="resources.courses.messages.noStaff">
      {(staff.data ?? []).map((s) => (
        <ListItem key={s.accountId} disableGutters>
          <ListItemText primary={`${s.lastName} ${s.firstName}`.trim() || s.eMail} secondary={`${translate(`resources.courses.roles.${s.role}`)} · ${s.eMail}`} />
        </ListItem>
      ))}
    </Section>
  );
}

/** The lessons of the course's program (course page). */
export function CourseLessons({ courseId }: { courseId: string }) {
  const translate = useTranslate();
  const lessons = useCall(courseCalls.lessonsDescription, { params: { courseId } });
  return (
    <Section title="resources.courses.sections.lessons" query={lessons} emptyText="resources.courses.messages.noLessons">
      {(lessons.data ?? []).map((l, i) => (
        <ListItem key={l.id} disableGutters>
          <ListItemText primary={lessonTitle(i + 1, l.label, `${i + 1}.`)} secondary={translate('resources.courses.lessonsCount', { count: l.exercisesCount, smart_count: l.exercisesCount })} />
        </ListItem>
      ))}
    </Section>
  );
}
