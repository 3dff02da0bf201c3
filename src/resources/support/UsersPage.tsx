import { Button, Table, TableBody, TableCell, TableHead, TableRow, TextField } from '@mui/material';
import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { supportCalls } from '../../../shared/calls/support';
import { useCall } from '../../http/queries';
import { formatDateTime } from '../../ui/dates';
import { DEFAULT_PAGE_SIZE, ListPagination } from '../../ui/ListPagination';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { TableScroll } from '../../ui/TableScroll';
import { useDebounced } from '../../ui/useDebounced';

const k = (key: string) => `resources.support.users.${key}`;

/** /courses/users (spec 1 §2.9, AdminPanelAccess): accounts found by name or e-mail, each with a link to its rights. */
export default function UsersPage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [take, setTake] = useState(DEFAULT_PAGE_SIZE);
  const debounced = useDebounced(search.trim(), 400);
  const { data, isPending, error, refetch } = useCall(supportCalls.users, { query: { search: debounced || undefined, take, skip: page * take } });
  return (
    <PageFrame title={translate(k('title'))}>
      <TextField
        size="small"
        label={translate(k('search'))}
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setPage(0);
        }}
        sx={{ mb: 2, width: { xs: '100%', sm: 360 } }}
        slotProps={{ htmlInput: { 'data-testid': 'users-search', maxLength: 200 } }}
      />
      <PageState isPending={isPending} error={error} errorTitle={translate(k('loadError'))} refetch={refetch} isEmpty={data?.result.length === 0} emptyText={translate(k('empty'))}>
        <TableScroll>
          <Table size="small" data-testid="users-table">
            <TableHead>
              <TableRow>
                <TableCell>{translate(k('fullName'))}</TableCell>
                <TableCell>{translate(k('eMail'))}</TableCell>
                <TableCell>{translate(k('role'))}</TableCell>
                <TableCell>{translate(k('lastLogin'))}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {data?.result.map((u) => (
                <TableRow key={u.accountId}>
                  <TableCell>{u.fullName || '—'}</TableCell>
                  <TableCell>{u.eMail}</TableCell>
                  <TableCell>{translate(`resources.support.roles.${u.role}`, { _: u.role })}</TableCell>
                  <TableCell>{u.lastLoginAt ? formatDateTime(u.lastLoginAt, locale) : '—'}</TableCell>
                  <TableCell align="right">
                    <Button size="small" component={Link} to={`/courses/users/profile-rights/${u.accountId}`}>
                      {translate(k('rights'))}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableScroll>
        <ListPagination count={data?.metadata.filteredRecords ?? 0} page={page} take={take} onPageChange={setPage} onTakeChange={setTake} />
      </PageState>
    </PageFrame>
  );
}
