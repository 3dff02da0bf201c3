import Add from '@mui/icons-material/Add';
import { Box, Button, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { QuestionKind } from '../../../../shared/questions';
import { bankPaths, usePrograms, useQuestionList } from '../api';
import { DropButton } from '../common/DropButton';
import { LoadState } from '../common/LoadState';
import { WhereUsedButton } from '../common/WhereUsed';
import { bankColumns, type BankRow } from './columns';
import { ListPagination } from '../../../ui/ListPagination';


function useDebounced<T>(value: T, ms = 500): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/** One bank: search, program filter, the table with its actions, paging; loading, empty and error states. */
export function BankList({ kind }: { kind: QuestionKind }) {
  const translate = useTranslate();
  const [search, setSearch] = useState('');
  const [courseId, setCourseId] = useState('');
  const [page, setPage] = useState(0);
  const [take, setTake] = useState(20);
  const q = useDebounced(search.trim());
  const programs = usePrograms();
  const query: Record<string, string> = { take: String(take), skip: String(page * take) };
  if (q) query.search = q;
  if (courseId) query.courseId = courseId;
  const { data, isPending, error, refetch } = useQuestionList<BankRow>(kind, query);
  const rows = Array.isArray(data?.result) ? data.result : [];
  const route = `/resources/${bankPaths[kind].route}`;
  const programLabel = (id: number | null) =>
    id === null ? translate('resources.questions.shared') : (programs.data?.find((p) => p.id === id)?.label ?? `#${id}`);
  const columns = bankColumns[kind];
  return (
    <Box data-testid={`bank-${kind}`}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }} alignItems={{ sm: 'center' }}>
        <TextField
          size="small"
          label={translate('resources.questions.filters.search')}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(0);
          }}
          inputProps={{ 'data-testid': 'question-search' }}
        />
        <TextField
          select
          size="small"
          sx={{ minWidth: 240 }}
          label={translate('resources.questions.filters.program')}
          value={courseId}
          onChange={(e) => {
            setCourseId(e.target.value);
            setPage(0);
          }}
        >
          <MenuItem value="">{translate('resources.questions.filters.allPrograms')}</MenuItem>
          {(programs.data ?? []).map((p) => (
            <MenuItem key={p.id} value={String(p.id)}>
              {p.label}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="contained" startIcon={<Add />} component={Link} to={`${route}/create`} data-testid="create-question">
          {translate(`resources.questions.create.${kind}`)}
        </Button>
      </Stack>
      <LoadState
        isPending={isPending}
        error={error}
        refetch={refetch}
        isEmpty={rows.length === 0}
        emptyText={translate(q || courseId ? 'resources.questions.messages.nothingFound' : `resources.questions.messages.empty_${kind}`)}
      >
        <Table size="small" data-testid="question-list">
          <TableHead>
            <TableRow>
              <TableCell>{translate('resources.questions.fields.label')}</TableCell>
              <TableCell>{translate('resources.questions.fields.courseId')}</TableCell>
              {columns.map((c) => (
                <TableCell key={c.key}>{translate(c.label)}</TableCell>
              ))}
              <TableCell align="right">{translate('resources.questions.fields.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.id} hover>
                <TableCell>
                  <Link to={`${route}/${r.id}/edit`}>{r.label}</Link>
                </TableCell>
                <TableCell>{programLabel(r.courseId)}</TableCell>
                {columns.map((c) => (
                  <TableCell key={c.key}>{c.render(r, translate)}</TableCell>
                ))}
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {kind === 'closed' && (
                    <Button size="small" component={Link} to={`${route}/${r.id}/answers`}>
                      {translate('resources.questions.actions.answers')}
                    </Button>
                  )}
                  <Button size="small" component={Link} to={`${route}/${r.id}/edit`}>
                    {translate('resources.questions.actions.edit')}
                  </Button>
                  <WhereUsedButton kind={kind} id={r.id} />
                  <DropButton path={bankPaths[kind].drop} params={{ id: r.id }} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <ListPagination count={data?.metadata?.filteredRecords ?? 0} page={page} take={take} onPageChange={setPage} onTakeChange={setTake} />
      </LoadState>
    </Box>
  );
}
