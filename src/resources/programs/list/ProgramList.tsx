import Add from '@mui/icons-material/Add';
import {
  Box,
  Button,
  Chip,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { ListAnswer } from '../../../../shared/account';
import { programPaths as P, type ProgramRecord } from '../../../../shared/programs';
import { apiGet, apiPath, noRetryOn4xx } from '../api';
import { PageState } from '../common/PageState';
import { ListPagination } from '../../../ui/ListPagination';


/** Debounced value (search: 500 ms, spec 3 §9). */
function useDebounced<T>(value: T, ms = 500): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/** /programs: the programs the caller may edit, with search and the ready filter. */
export function ProgramList() {
  const translate = useTranslate();
  const [search, setSearch] = useState('');
  const [ready, setReady] = useState<'' | 'true' | 'false'>('');
  const [page, setPage] = useState(0);
  const [take, setTake] = useState(20);
  const q = useDebounced(search.trim());
  const query: Record<string, string> = { take: String(take), skip: String(page * take) };
  if (q) query.search = q;
  if (ready) query.ready = ready;
  const { data, isPending, error, refetch } = useQuery({
    queryKey: ['programs', 'list', query],
    queryFn: () => apiGet<ListAnswer<ProgramRecord>>(apiPath(P.list, {}, query)),
    retry: noRetryOn4xx,
  });
  const rows = data?.result ?? [];
  return (
    <Box sx={{ mt: 2 }}>
      <Title title={translate('resources.programs.name')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }} alignItems={{ sm: 'center' }}>
        <TextField
          size="small"
          label={translate('resources.programs.filters.search')}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(0);
          }}
          inputProps={{ 'data-testid': 'program-search' }}
        />
        <TextField
          select
          size="small"
          sx={{ minWidth: 200 }}
          label={translate('resources.programs.filters.ready')}
          value={ready}
          onChange={(e) => {
            setReady(e.target.value as typeof ready);
            setPage(0);
          }}
        >
          <MenuItem value="">{translate('resources.programs.filters.all')}</MenuItem>
          <MenuItem value="true">{translate('resources.programs.filters.readyOnly')}</MenuItem>
          <MenuItem value="false">{translate('resources.programs.filters.draftOnly')}</MenuItem>
        </TextField>
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="contained" startIcon={<Add />} component={Link} to="/programs/create">
          {translate('resources.programs.actions.create')}
        </Button>
      </Stack>
      <PageState
        isPending={isPending}
        error={error}
        refetch={refetch}
        notFoundPage={false}
        errorTitle={translate('resources.programs.messages.programsLoadError')}
        isEmpty={rows.length === 0}
        emptyText={translate(q || ready ? 'resources.programs.messages.nothingFound' : 'resources.programs.messages.noPrograms')}
      >
        <Table size="small" data-testid="program-list">
          <TableHead>
            <TableRow>
              <TableCell>{translate('resources.programs.fields.label')}</TableCell>
              <TableCell align="right">{translate('resources.programs.fields.lessonsCount')}</TableCell>
              <TableCell align="right">{translate('resources.programs.fields.exercisesCount')}</TableCell>
              <TableCell>{translate('resources.programs.fields.isReady')}</TableCell>
              <TableCell>{translate('resources.programs.fields.updatedAt')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((p) => (
              <TableRow key={p.id} hover>
                <TableCell>
                  <Link to={`/programs/${p.id}`}>{p.label}</Link>
                </TableCell>
                <TableCell align="right">{p.lessonsCount}</TableCell>
                <TableCell align="right">{p.exercisesCount}</TableCell>
                <TableCell>
                  <Chip size="small" color={p.isReady ? 'success' : 'default'} label={translate(p.isReady ? 'resources.programs.ready' : 'resources.programs.draft')} />
                </TableCell>
                <TableCell>{new Date(p.updatedAt).toLocaleString()}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <ListPagination count={data?.metadata.filteredRecords ?? 0} page={page} take={take} onPageChange={setPage} onTakeChange={setTake} />
      </PageState>
    </Box>
  );
}
