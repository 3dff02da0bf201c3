import { Button } from '@mui/material';
import { Datagrid, FunctionField, TextField, useListContext, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { applicationCalls } from '../../../shared/calls/applications';
import { enrolmentApplicationResource } from '../../../shared/resources/applications';
import { callApi } from '../../http/client';
import { callDownload } from '../../http/download';
import { serverText } from '../../http/errors';
import { PageFrame } from '../../ui/PageFrame';
import { useDates } from '../../ui/dates';
import { DeclaredList } from '../factory/DeclaredList';
import { DecisionButtons } from './DecisionButtons';
import { statusFilters } from './statusFilter';

const k = (key: string) => `resources.applications-enrollment.${key}`;

/** One export button per course on the page: that course's applications as an Excel file. */
function ExportButtons() {
  const translate = useTranslate();
  const notify = useNotify();
  const { data = [] } = useListContext();
  const courses = [...new Map(data.map((a) => [a.trainingId as number, a.courseLabel as string])).entries()];
  return courses.map(([trainingId, label]) => (
    <Button key={trainingId} size="small" onClick={() => callDownload(applicationCalls.export, { params: { trainingId } }, 'applications.xlsx').catch((e) => notify(serverText(e) ?? 'app.common.toast.error', { type: 'error' }))}>
      {translate(k('export'))}: {label}
    </Button>
  ));
}

/** /applications-enrollment: applications to the caller's courses (pending unless another status is chosen); allow or deny. */
export function EnrolmentApplicationList() {
  const translate = useTranslate();
  const dates = useDates();
  // no choice: the call's default, the pending ones
  const filters = statusFilters(k('status.pending'), ['allowed', 'denied', 'withdrawn']);
  return (
    <PageFrame title={translate(k('name'))} plain>
      <DeclaredList decl={enrolmentApplicationResource} filters={filters} actions={<ExportButtons />}>
        <Datagrid rowClick={false} bulkActionButtons={false}>
          <FunctionField source="name" label={k('fields.name')} sortable={false} render={(a: RaRecord) => a.name || a.email} />
          <TextField source="email" label={k('fields.email')} sortable={false} />
          <TextField source="courseLabel" label={k('fields.courseLabel')} sortable={false} />
          <FunctionField source="createdAt" label={k('fields.createdAt')} sortable={false} render={(a: RaRecord) => dates.day(a.createdAt)} />
          <FunctionField
            label=""
            textAlign="right"
            render={(a: RaRecord) =>
              a.status === 'pending' && (
                <DecisionButtons
                  allowed={k('allowed')}
                  denied={k('denied')}
                  decide={(d) => callApi(d === 'allow' ? applicationCalls.allow : applicationCalls.deny, { params: { applicationId: a.id } })}
                />
              )
            }
          />
        </Datagrid>
      </DeclaredList>
    </PageFrame>
  );
}
