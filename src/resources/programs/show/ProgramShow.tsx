import Delete from '@mui/icons-material/Delete';
import { Button, Chip, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import { programPaths as P } from '../../../../shared/programs';
import { apiPath, apiSend, errorText, keys, useProgramView } from '../api';
import { ConfirmButton } from '../common/ConfirmButton';
import { PageState } from '../common/PageState';
import { ProgramPage } from '../common/ProgramPage';
import { useIds } from '../common/useIds';
import { LessonCard } from './LessonCard';

/** /programs/{programId}: the program with its lessons and exercises. */
export function ProgramShow() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { programId } = useIds();
  const { data, isPending, error, refetch } = useProgramView(programId);
  const refresh = () => client.invalidateQueries({ queryKey: keys.program(programId) });
  const base = `/programs/${programId}`;
  const drop = async () => {
    try {
      await apiSend('DELETE', apiPath(P.drop, { id: programId }));
      notify(translate('resources.programs.messages.deleted'), { type: 'success' });
      await client.invalidateQueries({ queryKey: ['programs'] });
      navigate('/programs');
    } catch (err) {
      // 409 ProgramUsedByCourses: the server's text says why
      notify(errorText(err), { type: 'error', autoHideDuration: 6000 });
    }
  };
  const actions = (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
      <Button component={Link} to={`${base}/edit`}>{translate('resources.programs.actions.edit')}</Button>
      <Button component={Link} to={`${base}/sort`}>{translate('resources.programs.actions.sortLessons')}</Button>
      <Button component={Link} to={`${base}/authors`}>{translate('resources.programs.actions.authors')}</Button>
      <Button component={Link} to={`${base}/copy`}>{translate('resources.programs.actions.copy')}</Button>
      <ConfirmButton
        color="error"
        startIcon={<Delete />}
        title={translate('resources.programs.confirm.deleteProgramTitle')}
        content={translate('resources.programs.confirm.deleteProgram', { label: data?.label ?? '' })}
        onConfirm={drop}
      >
        {translate('resources.programs.actions.delete')}
      </ConfirmButton>
    </Stack>
  );
  return (
    <PageState isPending={isPending} error={error} refetch={refetch}>
      {data && (
        <ProgramPage title={data.label} back="/programs" actions={actions}>
          <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 2 }}>
            <Chip size="small" color={data.isReady ? 'success' : 'default'} label={translate(data.isReady ? 'resources.programs.ready' : 'resources.programs.draft')} />
            <Typography color="text.secondary">
              {translate('resources.programs.counts', { lessons: data.lessonsCount, exercises: data.exercisesCount })}
            </Typography>
          </Stack>
          {data.description && <Typography sx={{ mb: 2, whiteSpace: 'pre-line' }}>{data.description}</Typography>}
          <Stack direction="row" sx={{ mb: 2 }}>
            <Button variant="contained" component={Link} to={`${base}/create-lesson`} data-testid="add-lesson">
              {translate('resources.programs.actions.addLesson')}
            </Button>
          </Stack>
          {data.lessons.length === 0 ? (
            <Typography color="text.secondary" data-testid="empty">
              {translate('resources.programs.messages.noLessons')}
            </Typography>
          ) : (
            data.lessons.map((l) => <LessonCard key={l.id} programId={data.id} lesson={l} onChanged={refresh} />)
          )}
        </ProgramPage>
      )}
    </PageState>
  );
}
