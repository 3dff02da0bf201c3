import { Form, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { programInput, programPaths as P } from '../../../../shared/programs';
import { zodFormResolver } from '../../factory/zodFormResolver';
import { apiPath, apiSend, useProgramView } from '../api';
import { PageState } from '../common/PageState';
import { ProgramPage } from '../common/ProgramPage';
import { programUrl, useIds } from '../common/useIds';
import { useSubmit } from '../common/useSubmit';
import { FormActions } from './FormActions';
import { ProgramInputs } from './ProgramInputs';

/** /programs/{programId}/edit */
export function ProgramEdit() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { programId } = useIds();
  const { data, isPending, error, refetch } = useProgramView(programId);
  const back = programUrl(programId);
  const submit = useSubmit(
    (values: Record<string, unknown>) => apiSend('PUT', apiPath(P.edit, { id: programId }), values),
    () => navigate(back),
  );
  return (
    <PageState isPending={isPending} error={error} refetch={refetch}>
      <ProgramPage title={translate('resources.programs.titles.edit', { label: data?.label ?? '' })} back={back}>
        {data && (
          <Form
            defaultValues={{ label: data.label, description: data.description ?? '', isReady: data.isReady }}
            resolver={zodFormResolver(programInput)}
            onSubmit={submit}
          >
            <ProgramInputs />
            <FormActions cancel={back} />
          </Form>
        )}
      </ProgramPage>
    </PageState>
  );
}
