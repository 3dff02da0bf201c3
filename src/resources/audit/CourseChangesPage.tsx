import { Typography } from '@mui/material';
import { Datagrid, DateInput, FunctionField, SelectInput, TextInput, useTranslate, type RaRecord } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { AuditPerson, ProfileChangeRow } from '../../../shared/calls/audit';
import { courseCalls } from '../../../shared/calls/courses';
import { courseProfileChanges } from '../../../shared/resources/audit';
import { useCall } from '../../http/queries';
import { PageFrame } from '../../ui/PageFrame';
import { TableScroll } from '../../ui/TableScroll';
import { useDates } from '../../ui/dates';
import { DeclaredList } from '../factory/DeclaredList';

const k = (key: string) => `resources.course-profile-changes.${key}`;
const f = (field: string) => k(`fields.${field}`);

/** A person of a row: the name (or the e-mail) over the e-mail. */
function Person({ who }: { who: AuditPerson }) {
  return (
    <>
      <Typography variant="body2">{who.name || who.email}</Typography>
      {who.name && (
        <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
          {who.email}
        </Typography>
      )}
    </>
  );
}

/**
 * /courses/{courseId}/changes (spec 1 §2.9): the profile change history of the course's students
 * (a tutor: their own), newest first, by student, attribute and dates. One student's changes are on
 * their page (/student-management/{accountId}/changes), read by the same query.
 */
export default function CourseChangesPage() {
  const { courseId = '' } = useParams();
  const translate = useTranslate();
  const dates = useDates();
  const attributes = useCall(courseCalls.attributes, {}).data ?? [];
  const filters = [
    <TextInput key="user" source="user" label={f('user')} alwaysOn slotProps={{ htmlInput: { maxLength: 200 } }} />,
    <SelectInput key="attributeId" source="attributeId" label={f('attributeId')} alwaysOn choices={attributes} optionText="label" translateChoice={false} />,
    <DateInput key="from" source="from" label={f('from')} alwaysOn />,
    <DateInput key="to" source="to" label={f('to')} alwaysOn />,
  ];
  return (
    <PageFrame title={translate(k('name'))} back={`/courses/${courseId}`} plain>
      <DeclaredList decl={courseProfileChanges} filters={filters}>
        <TableScroll>
          <Datagrid rowClick={false} bulkActionButtons={false} data-testid="course-profile-changes">
            <FunctionField source="at" label={f('at')} sortable={false} render={(r: RaRecord) => dates.dateTime(r.at)} />
            <FunctionField source="student" label={f('student')} sortable={false} render={(r: RaRecord) => <Person who={(r as unknown as ProfileChangeRow).student} />} />
            <FunctionField
              source="field"
              label={f('field')}
              sortable={false}
              render={(r: RaRecord) => (
                <>
                  <Typography variant="body2">{r.field ?? '—'}</Typography>
                  {r.courseId !== null && (
                    <Typography variant="caption" color="text.secondary" component="div">
                      {translate(k('courseValue'))}
                    </Typography>
                  )}
                </>
              )}
            />
            <FunctionField
              source="newValue"
              label={f('change')}
              sortable={false}
              render={(r: RaRecord) => <span style={{ overflowWrap: 'anywhere' }}>{translate(k('change'), { before: r.oldValue ?? '—', after: r.newValue ?? '—' })}</span>}
            />
            <FunctionField
              source="changedBy"
              label={f('changedBy')}
              sortable={false}
              render={(r: RaRecord) => {
                const row = r as unknown as ProfileChangeRow;
                if (!row.changedBy) return '—';
                return row.changedBy.accountId === row.student.accountId ? translate(k('self')) : <Person who={row.changedBy} />;
              }}
            />
          </Datagrid>
        </TableScroll>
      </DeclaredList>
    </PageFrame>
  );
}
