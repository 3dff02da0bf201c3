import { Button } from '@mui/material';
import { Datagrid, FunctionField, TextField, TextInput, useTranslate, type RaRecord } from 'react-admin';
import { Link } from 'react-router-dom';
import { supportUsers } from '../../../shared/resources/supportUsers';
import { useDates } from '../../ui/dates';
import { PageFrame } from '../../ui/PageFrame';
import { TableScroll } from '../../ui/TableScroll';
import { DeclaredList } from '../factory/DeclaredList';

const k = (key: string) => `resources.support.users.${key}`;

/** /courses/users (spec 1 §2.9, AdminPanelAccess): accounts found by name or e-mail, each with a link to its rights. */
export default function UsersPage() {
  const translate = useTranslate();
  const dates = useDates();
  // react-admin's List debounces the filter (500 ms) and goes back to the first page when it changes
  const filters = [<TextInput key="search" source="search" label={k('search')} alwaysOn resettable slotProps={{ htmlInput: { 'data-testid': 'users-search', maxLength: 200 } }} />];
  return (
    <PageFrame title={translate(k('title'))} plain>
      <DeclaredList decl={supportUsers} filters={filters} empty={false}>
        <TableScroll>
          <Datagrid bulkActionButtons={false} rowClick={false} data-testid="users-table" empty={<EmptyUsers />}>
            <FunctionField source="fullName" label={k('fullName')} sortable={false} render={(u: RaRecord) => u.fullName || '—'} />
            <TextField source="eMail" label={k('eMail')} sortable={false} />
            <FunctionField source="role" label={k('role')} sortable={false} render={(u: RaRecord) => translate(`resources.support.roles.${u.role}`, { _: u.role })} />
            <FunctionField source="lastLoginAt" label={k('lastLogin')} sortable={false} render={(u: RaRecord) => (u.lastLoginAt ? dates.dateTime(u.lastLoginAt) : '—')} />
            <FunctionField
              label=""
              textAlign="right"
              render={(u: RaRecord) => (
                <Button size="small" component={Link} to={`/courses/users/profile-rights/${u.accountId}`}>
                  {translate(k('rights'))}
                </Button>
              )}
            />
          </Datagrid>
        </TableScroll>
      </DeclaredList>
    </PageFrame>
  );
}

/** Nothing found for the search. */
function EmptyUsers() {
  const translate = useTranslate();
  return <p>{translate(k('empty'))}</p>;
}
