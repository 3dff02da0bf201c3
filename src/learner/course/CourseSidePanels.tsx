import ChatIcon from '@mui/icons-material/ChatBubbleOutline';
import { Box, IconButton, Paper, Skeleton, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from '../../app';
import { learningCalls } from '../../../shared/calls/learning';
import { useOpenChat } from '../../chat/ChatContext';
import type { CourseDescription, CourseStaffMember } from '../../../shared/learning';
import { useCall } from '../../http/queries';
import { useNumbers } from '../../ui/numbers';
import { Label } from '../cards/Label';
import { LazyTooltip } from '../cards/LazyTooltip';
import { StaffList } from '../cards/StaffList';
import { READ_ONCE } from '../learnerReads';

function SidePanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>{title}</Typography>
      {children}
    </Paper>
  );
}

/** The course page's side (spec 1 §2.3): its instructors (chat offered), topics and tags, the caller's rating. */
export function CourseSidePanels({ courseId, course: d }: { courseId: number; course: CourseDescription }) {
  const translate = useTranslate();
  const numbers = useNumbers();
  const open = useOpenChat();
  const staff = useCall(learningCalls.staff, { params: { courseId } }, READ_ONCE);
  // a chat is with the course's instructors and tutors (moderators moderate)
  const chat = (p: CourseStaffMember) =>
    p.role === 'moderator' ? null : (
      <LazyTooltip title={translate('app.learner.course.startChat')}>
        <IconButton edge="end" aria-label={translate('app.learner.course.startChat')} onClick={() => open({ userId: p.accountId, courseId })}><ChatIcon /></IconButton>
      </LazyTooltip>
    );
  return (
    <Stack spacing={2}>
      <SidePanel title={translate('app.learner.course.instructors')}>
        {staff.isPending ? <Skeleton /> : <StaffList people={staff.data ?? []} action={chat} />}
      </SidePanel>
      {(d.topics.length > 0 || d.tags.length > 0) && (
        <SidePanel title={translate('app.learner.course.topicsTags')}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {d.topics.map((t) => <Label key={`t${t}`}>{t}</Label>)}
            {d.tags.map((t) => <Label key={`g${t.label}`} variant="outlined">#{t.label}</Label>)}
          </Stack>
        </SidePanel>
      )}
      <SidePanel title={translate('app.learner.course.rating')}>
        <Box data-testid="course-rating">
          <Typography>{translate('app.learner.course.place')}: {d.rating.position}</Typography>
          <Typography>{translate('app.learner.course.studentsCount')}: {d.rating.studentsCount}</Typography>
          <Typography>{translate('app.learner.course.averageScore')}: {numbers.decimal(d.rating.averageScore)}</Typography>
        </Box>
      </SidePanel>
    </Stack>
  );
}
