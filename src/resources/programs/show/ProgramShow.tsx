import { Button, Stack, Typography } from '@mui/material';
import { DeleteWithConfirmButton, useGetOne, useRedirect, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { canAccessPath } from '../../../../shared/permissions';
import type { ProgramView } from '../../../../shared/programs';
import { useAccount } from '../../../layout/useAccount';
import { retryUnless4xx } from '../../../http/queries';
import { PageFrame } from '../../../ui/PageFrame';
import { PageState } from '../../../ui/PageState';
import { useSavedToast } from '../../../ui/savedToast';
import { ProgramState } from '../common/ProgramState';
import { ReadyChip } from '../common/ReadyChip';
import { programUrl } from '../common/useIds';
import { LessonCard } from './LessonCard';

/** /programs/{programId}: the program's page (the resource's record, through the dataProvider) with its lessons and exercises. */
export function ProgramShow() {
  const translate = useTranslate();
  const { id: programId = '' } = useParams();
  const { data, isPending, error, refetch } = useGetOne<ProgramView>('programs', { id: Number(programId) }, { retry: retryUnless4xx });
  const base = programUrl(programId);
  const toast = useSavedToast();
  const redirect = useRedirect();
  const { principal } = useAccount();
  // the paths of the program's courses: offered to those with ExportStudentActions, the server decides which courses
  const paths = `${base}/paths-analytics`;
  const actions = data && (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
      <Button component={Link} to={`${base}/edit`}>{translate('resources.programs.actions.edit')}</Button>
      <Button component={Link} to={`${base}/sort`}>{translate('resources.programs.actions.sortLessons')}</Button>
      <Button component={Link} to={`${base}/authors`}>{translate('resources.programs.actions.authors')}</Button>
      <Button component={Link} to={`${base}/copy`}>{translate('resources.programs.actions.copy')}</Button>
      {canAccessPath(principal, paths) && (
        <Button component={Link} to={paths}>
          {translate('resources.learning-analytics.menu.paths')}
        </Button>
      )}
      {/* through the dataProvider (Drop); a 409 (courses run it) is the server's text in a toast */}
      <DeleteWithConfirmButton
        record={data}
        resource="programs"
        mutationMode="pessimistic"
        redirect="list"
        mutationOptions={{
          onSuccess: () => {
            toast('resources.programs.notifications.deleted', 'deleted', data.label);
            redirect('/programs');
          },
        }}
        label={translate('resources.programs.actions.delete')}
        confirmTitle={translate('resources.programs.confirm.deleteProgramTitle')}
        confirmContent={translate('resources.programs.confirm.deleteProgram', { label: data.label })}
      />
    </Stack>
  );
  return (
    <ProgramState isPending={isPending} error={error} refetch={refetch}>
      {data && (
        <PageFrame title={data.label} back="/programs" actions={actions}>
          <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 2, flexWrap: 'wrap' }}>
            <ReadyChip isReady={data.isReady} />
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
          {/* the record the list, create or edit left in the cache has no lessons: they follow */}
          <PageState isPending={!data.lessons} error={null} isEmpty={data.lessons?.length === 0} emptyText={translate('resources.programs.messages.noLessons')}>
            {data.lessons?.map((l) => <LessonCard key={l.id} programId={data.id} lesson={l} onChanged={refetch} />)}
          </PageState>
        </PageFrame>
      )}
    </ProgramState>
  );
}
