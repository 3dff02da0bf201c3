import { Chip } from '@mui/material';
import { Datagrid, FunctionField, TextField, useTranslate, type RaRecord } from 'react-admin';
import { applicationCalls } from '../../../shared/calls/applications';
import { expulsionApplicationResource } from '../../../shared/resources/applications';
import { callApi } from '../../http/client';
import { PageFrame } from '../../ui/PageFrame';
import { useDates } from '../../ui/dates';
import { DeclaredList } from '../factory/DeclaredList';
import { DecisionButtons } from './DecisionButtons';
import { statusFilters, statusLabel as status } from './statusFilter';

const k = (key: string) => `resources.applications-expulsion.${key}`;

/** /applications-expulsion: students' applications to leave the caller's courses, with their documents; allow or deny. */
export function ExpulsionApplicationList() {
  const translate = useTranslate();
  const dates = useDates();
  const filters = statusFilters(k('all'), ['pending', 'allowed', 'denied', 'withdrawn']);
  return (
    <PageFrame title={translate(k('name'))} plain>
      <DeclaredList decl={expulsionApplicationResource} filters={filters}>
        <Datagrid rowClick={false} bulkActionButtons={false}>
          <FunctionField source="name" label={k('fields.name')} render={(x: RaRecord) => x.name || x.email} />
          <TextField source="courseLabel" label={k('fields.courseLabel')} />
          <FunctionField source="reason" label={k('fields.reason')} sortable={false} render={(x: RaRecord) => x.reason ?? '—'} />
          <FunctionField source="file" label={k('fields.file')} sortable={false} render={(x: RaRecord) => (x.file ? <a href={x.file.address}>{x.file.name}</a> : '—')} />
          <FunctionField source="status" label={k('fields.status')} render={(x: RaRecord) => <Chip size="small" label={translate(status(x.status))} />} />
          <FunctionField source="createdAt" label={k('fields.createdAt')} render={(x: RaRecord) => dates.day(x.createdAt)} />
          <FunctionField
            label=""
            textAlign="right"
            render={(x: RaRecord) =>
              x.status === 'pending' && (
                <DecisionButtons decide={(d) => callApi(d === 'allow' ? applicationCalls.allowExpulsion : applicationCalls.denyExpulsion, { params: { id: x.id } })} />
              )
            }
          />
        </Datagrid>
      </DeclaredList>
    </PageFrame>
  );
}
