import { Form, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { programInput, programPaths as P, type ProgramRecord } from '../../../../shared/programs';
import { zodFormResolver } from '../../factory/zodFormResolver';
import { apiPath, apiSend } from '../api';
import { ProgramPage } from '../common/ProgramPage';
import { useSubmit } from '../common/useSubmit';
import { FormActions } from './FormActions';
import { ProgramInputs } from './ProgramInputs';

/** /programs/create */
export function ProgramCreate() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const submit = useSubmit(
    (values: Record<string, unknown>) => apiSend<ProgramRecord>('POST', apiPath(P.create), values),
    (p) => navigate(`/programs/${(p as ProgramRecord).id}`),
  );
  return (
    <ProgramPage title={translate('resources.programs.titles.create')} back="/programs">
      <Form defaultValues={{ label: '', description: '', isReady: false }} resolver={zodFormResolver(programInput)} onSubmit={submit}>
        <ProgramInputs />
        <FormActions cancel="/programs" />
      </Form>
    </ProgramPage>
  );
}
