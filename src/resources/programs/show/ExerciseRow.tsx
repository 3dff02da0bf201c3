import Delete from '@mui/icons-material/Delete';
import { Button, Chip, Stack, TableCell, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { exerciseCalls } from '../../../../shared/calls/exercises';
import type { ExerciseSummary } from '../../../../shared/programs';
import { callApi } from '../../../http/client';
import { focusRing, useFocusWhenNew } from '../../../ui/arrivalFocus';
import { useSavedToast } from '../../../ui/savedToast';
import { useToasts } from '../../../ui/useToasts';
import { ConfirmButton } from '../common/ConfirmButton';

/** Where an exercise is edited, by kind (spec 1 §2.8). */
export function exerciseEditPath(programId: number | string, e: Pick<ExerciseSummary, 'id' | 'lessonId' | 'kind'>): string {
  const base = `/programs/${programId}/${e.lessonId}/${e.id}`;
  if (e.kind === 'scorm') return `${base}/edit-scorm`;
  if (e.kind === 'webinar') return `${base}/webinar/edit`;
  if (e.kind === 'lti') return `${base}/edit-lti`;
  return `${base}/edit`;
}

/** One exercise of a lesson on the program view. */
export function ExerciseRow({ programId, exercise: e, onChanged }: { programId: number; exercise: ExerciseSummary; onChanged: () => void }) {
  const translate = useTranslate();
  const base = `/programs/${programId}/${e.lessonId}/${e.id}`;
  const links: [string, string][] = [
    [exerciseEditPath(programId, e), 'edit'],
    ...(e.kind === 'presentation' ? ([[`${base}/slides`, 'slides']] as [string, string][]) : []),
    ...(e.kind === 'webinar' ? ([[`${base}/webinar/video`, 'video']] as [string, string][]) : []),
    [`${base}/constraints`, 'constraints'],
    [`${base}/competencies`, 'competencies'],
    [`${base}/files`, 'files'],
  ];
  const toasts = useToasts();
  const toast = useSavedToast();
  // an exercise just created takes focus when the program's page comes back to show it
  const label = useFocusWhenNew<HTMLSpanElement>(`exercise-${e.id}`);
  const drop = async () => {
    if (!(await toasts.run(() => callApi(exerciseCalls.drop, { params: { programId, id: e.id }, query: { isAgree: 'true' } }), null))) return;
    toast('resources.programs.notifications.exerciseDeleted', 'deleted', e.label);
    onChanged();
  };
  return (
    <TableRow data-testid="exercise-row">
      <TableCell>
        <Typography component="span" variant="body2" ref={label} tabIndex={-1} sx={focusRing}>
          {e.label}
        </Typography>
      </TableCell>
      <TableCell>
        <Chip size="small" label={translate(`resources.programs.kinds.${e.kind}`)} />
      </TableCell>
      <TableCell>{translate(`resources.programs.exerciseTypes.${e.exerciseType}`, { _: String(e.exerciseType) })}</TableCell>
      <TableCell align="right">{e.slidesCount}</TableCell>
      <TableCell>
        <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
          {links.map(([to, key]) => (
            <Button key={key} size="small" component={Link} to={to}>
              {translate(`resources.programs.actions.${key}`)}
            </Button>
          ))}
          <ConfirmButton
            size="small"
            color="error"
            startIcon={<Delete />}
            title={translate('resources.programs.confirm.deleteExerciseTitle')}
            content={translate('resources.programs.confirm.deleteExercise', { label: e.label })}
            onConfirm={drop}
          >
            {translate('resources.programs.actions.delete')}
          </ConfirmButton>
        </Stack>
      </TableCell>
    </TableRow>
  );
}
