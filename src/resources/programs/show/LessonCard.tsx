import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import { Box, Button, ListItemText, Menu, MenuItem, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { callApi } from '../../../http/client';
import { focusRing, useFocusWhenNew } from '../../../ui/arrivalFocus';
import { lessonTitle } from '../../../ui/lessonTitle';
import { useSavedToast } from '../../../ui/savedToast';
import { useToasts } from '../../../ui/useToasts';
import { lessonCalls } from '../../../../shared/calls/programs';
import type { LessonRecord } from '../../../../shared/programs';
import { ConfirmButton } from '../common/ConfirmButton';
import { ExerciseRow } from './ExerciseRow';

/** The kinds of exercise a lesson may add, and where each is created. */
const kindItems = [
  ['presentation', 'create-exercise'],
  ['scorm', 'create-scorm'],
  ['webinar', 'webinar/create'],
  ['lti', 'create-lti'],
] as const;

/** A lesson on the program view: its actions and its exercises. */
export function LessonCard({ programId, lesson, onChanged }: { programId: number; lesson: LessonRecord; onChanged: () => void }) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const base = `/programs/${programId}/${lesson.id}`;
  // a lesson just created takes focus when the program's page comes back to show it
  const heading = useFocusWhenNew<HTMLHeadingElement>(`lesson-${lesson.id}`);
  const toasts = useToasts();
  const toast = useSavedToast();
  const drop = async () => {
    if (!(await toasts.run(() => callApi(lessonCalls.drop, { params: { programId, lessonId: lesson.id }, query: { isAgree: 'true' } }), null))) return;
    toast('resources.programs.notifications.lessonDeleted', 'deleted', lesson.label);
    onChanged();
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="lesson-card">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} alignItems={{ md: 'center' }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h6" component="h2" ref={heading} tabIndex={-1} sx={focusRing}>
            {lessonTitle(lesson.sequence, lesson.label, `${lesson.sequence}.`)}
          </Typography>
          {lesson.description && <Typography color="text.secondary">{lesson.description}</Typography>}
        </Box>
        <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
          <Button size="small" component={Link} to={`${base}/edit`}>{translate('resources.programs.actions.edit')}</Button>
          <Button size="small" component={Link} to={`${base}/constraints`}>{translate('resources.programs.actions.constraints')}</Button>
          <Button size="small" component={Link} to={`/programs/${programId}/lesson/${lesson.id}/sort`} disabled={lesson.exercises.length < 2}>
            {translate('resources.programs.actions.sortExercises')}
          </Button>
          <Button size="small" startIcon={<Add />} onClick={(e) => setAnchor(e.currentTarget)} data-testid="add-exercise">
            {translate('resources.programs.actions.addExercise')}
          </Button>
          {/* each kind says what it is made of: «Стандартное» alone tells a newcomer nothing */}
          <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} slotProps={{ paper: { sx: { maxWidth: 360 } } }}>
            {kindItems.map(([kind, to]) => (
              <MenuItem key={kind} component={Link} to={`${base}/${to}`} data-testid={`add-${kind}`}>
                <ListItemText
                  primary={translate(`resources.programs.kinds.${kind}`)}
                  secondary={translate(`resources.programs.kindHints.${kind}`)}
                  slotProps={{ secondary: { sx: { whiteSpace: 'normal' } } }}
                />
              </MenuItem>
            ))}
          </Menu>
          <ConfirmButton
            size="small"
            color="error"
            startIcon={<Delete />}
            title={translate('resources.programs.confirm.deleteLessonTitle')}
            content={translate('resources.programs.confirm.deleteLesson', { label: lesson.label })}
            onConfirm={drop}
          >
            {translate('resources.programs.actions.delete')}
          </ConfirmButton>
        </Stack>
      </Stack>
      {lesson.exercises.length === 0 ? (
        <Typography color="text.secondary" sx={{ mt: 1 }} data-testid="empty">
          {translate('resources.programs.messages.noExercises')}
        </Typography>
      ) : (
        // a narrow screen scrolls the table inside the card
        <Box sx={{ mt: 1, overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('resources.programs.fields.exercise')}</TableCell>
                <TableCell>{translate('resources.programs.fields.kind')}</TableCell>
                <TableCell>{translate('resources.programs.fields.exerciseType')}</TableCell>
                <TableCell align="right">{translate('resources.programs.fields.slidesCount')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {lesson.exercises.map((e) => (
                <ExerciseRow key={e.id} programId={programId} exercise={e} onChanged={onChanged} />
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Paper>
  );
}
