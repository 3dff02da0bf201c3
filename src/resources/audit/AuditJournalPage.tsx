import { Typography } from '@mui/material';
import { Datagrid, DateInput, FunctionField, SelectInput, TextInput, useTranslate, type RaRecord } from 'react-admin';
import { auditCalls, type AuditRow } from '../../../shared/calls/audit';
import { AUDIT_ROLE_CHOICES, auditJournal } from '../../../shared/resources/audit';
import { useCall } from '../../http/queries';
import { PageFrame } from '../../ui/PageFrame';
import { TableScroll } from '../../ui/TableScroll';
import { useDates } from '../../ui/dates';
import { DeclaredList } from '../factory/DeclaredList';
import { AuditDetails } from './AuditDetails';

const k = (key: string) => `resources.audit-journal.${key}`;
const f = (field: string) => k(`fields.${field}`);

/** An entity's label (a table or a call's area), else its own name. */
const useTableLabel = () => {
  const translate = useTranslate();
  return (table: string) => translate(k(`tables.${table}`), { _: table });
};

/** The journal's filters: the entity (those present), the user, the role, the dates. */
function useAuditFilters() {
  const tableLabel = useTableLabel();
  const tables = useCall(auditCalls.tables, {}).data ?? [];
  return [
    <SelectInput key="table" source="table" label={f('table')} alwaysOn choices={tables.map((t) => ({ id: t, name: tableLabel(t) }))} translateChoice={false} />,
    <TextInput key="user" source="user" label={f('user')} alwaysOn slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'audit-user' } }} />,
    <SelectInput key="role" source="role" label={f('actorRole')} alwaysOn choices={AUDIT_ROLE_CHOICES} />,
    <DateInput key="from" source="from" label={f('from')} alwaysOn />,
    <DateInput key="to" source="to" label={f('to')} alwaysOn />,
  ];
}

/** Who acted: name and e-mail, the role, and the account the session was switched from. */
function Actor({ row }: { row: AuditRow }) {
  const translate = useTranslate();
  if (!row.actor) return <>{translate(k('deletedAccount'))}</>;
  return (
    <>
      <Typography variant="body2">{row.actor.name || row.actor.email}</Typography>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {row.actor.email}
        {row.actorRole ? ` · ${translate(k(`roles.${row.actorRole}`), { _: row.actorRole })}` : ''}
      </Typography>
      {row.switchedFrom && (
        <Typography variant="caption" component="div">
          {translate(k('switchedFrom'), { name: row.switchedFrom.name || row.switchedFrom.email })}
        </Typography>
      )}
    </>
  );
}

/**
 * /courses/audit-journal (spec 1 §2.9; AdminPanelAccess, Root): who changed what and when, newest
 * first; a row opens into what it changed (before and after, field by field).
 */
export default function AuditJournalPage() {
  const translate = useTranslate();
  const dates = useDates();
  const tableLabel = useTableLabel();
  const filters = useAuditFilters();
  return (
    <PageFrame title={translate(k('name'))} back="/courses" plain>
      <DeclaredList decl={auditJournal} filters={filters}>
        <TableScroll>
          <Datagrid rowClick="expand" expand={<AuditDetails />} bulkActionButtons={false} data-testid="audit-journal">
            <FunctionField source="at" label={f('at')} sortable={false} render={(r: RaRecord) => dates.dateTime(r.at)} />
            <FunctionField source="actor" label={f('actor')} sortable={false} render={(r: RaRecord) => <Actor row={r as unknown as AuditRow} />} />
            <FunctionField
              source="action"
              label={f('action')}
              sortable={false}
              render={(r: RaRecord) => (
                <>
                  <Typography variant="body2">{translate(k(`actions.${r.action}`), { _: r.action })}</Typography>
                  {r.call && (
                    <Typography variant="caption" color="text.secondary" component="div" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                      {r.call}
                    </Typography>
                  )}
                </>
              )}
            />
            <FunctionField
              source="table"
              label={f('table')}
              sortable={false}
              render={(r: RaRecord) => (
                <>
                  <Typography variant="body2">
                    {tableLabel(r.table)}
                    {r.recordId ? ` ${translate(k('record'), { id: r.recordId })}` : ''}
                  </Typography>
                  {r.courseLabel && (
                    <Typography variant="caption" color="text.secondary" component="div">
                      {translate(k('inCourse'), { label: r.courseLabel })}
                    </Typography>
                  )}
                </>
              )}
            />
          </Datagrid>
        </TableScroll>
      </DeclaredList>
    </PageFrame>
  );
}
