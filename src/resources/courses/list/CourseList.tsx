import Add from '@mui/icons-material/Add';
import {
  Box,
  Button,
  Chip,
  Link as MuiLink,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useCanAccess, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { ListAnswer } from '../../../../shared/account';
import { coursePaths as P, type CourseRecord } from '../../../../shared/courses';
import { CourseTabFilter, DEFAULT_COURSE_TAB_FILTER } from '../../../../shared/enums';
import { CourseGroupsBlock } from '../../courseGroups/CourseGroupsBlock';
import { apiGet, apiPath, formatDay, noRetryOn4xx, useDebounced } from '../api';
import { PageState } from '../common/PageState';
import { ListPagination } from '../../../ui/ListPagination';

const TABS = [
  { value: CourseTabFilter.current, key: 'current' },
  { value: CourseTabFilter.future, key: 'future' },
  { value: CourseTabFilter.past, key: 'past' },
  { value: CourseTabFilter.all, key: 'all' },
] as const;
const TAB_STORAGE = 'elp.courses.tab';

/** The chosen tab is remembered for the session (spec 2 §5 "Tabs remember the chosen tab"). */
function initialTab(): number {
  const v = Number(sessionStorage.getItem(TAB_STORAGE));
  return TABS.some((t) => t.value === v) && sessionStorage.getItem(TAB_STORAGE) !== null ? v : DEFAULT_COURSE_TAB_FILTER;
}

export const dateStatusColor = { current: 'success', future: 'info', past: 'default' } as const;

/** /courses: the instructor's landing — their courses by date (current by default), search, course groups. */
export function CourseList() {
  const translate = useTranslate();
  const [tab, setTab] = useState<number>(initialTab);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [take, setTake] = useState(20);
  const q = useDebounced(search.trim());
  const { canAccess: canSeeAll } = useCanAccess({ action: 'list', resource: '/courses/list' });
  const query = { dateFilter: tab, search: q, take, skip: page * take };
  const { data, isPending, error, refetch } = useQuery({
    queryKey: ['courses', 'list', query],
    queryFn: () => apiGet<ListAnswer<CourseRecord>>(apiPath(P.list, {}, query)),
    retry: noRetryOn4xx,
  });
  const rows = data?.result ?? [];
  return (
    <Box sx={{ mt: 2, mb: 4 }}>
      <Title title={translate('resources.courses.name')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 1 }} alignItems={{ sm: 'center' }}>
        <TextField
          size="small"
          sx={{ minWidth: 280 }}
          label={translate('resources.courses.filters.search')}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(0);
          }}
          inputProps={{ 'data-testid': 'course-search' }}
        />
        <Box sx={{ flexGrow: 1 }} />
        {canSeeAll && (
          <Button component={Link} to="/courses/list">
            {translate('resources.courses.actions.allCourses')}
          </Button>
        )}
        <Button variant="contained" startIcon={<Add />} component={Link} to="/courses/create">
          {translate('resources.courses.actions.create')}
        </Button>
      </Stack>
      <Tabs
        value={tab}
        onChange={(_, v: number) => {
          setTab(v);
          setPage(0);
          sessionStorage.setItem(TAB_STORAGE, String(v));
        }}
        sx={{ mb: 1 }}
      >
        {TABS.map((t) => (
          <Tab key={t.key} value={t.value} label={translate(`resources.courses.tabs.${t.key}`)} data-testid={`tab-${t.key}`} />
        ))}
      </Tabs>
      <PageState
        isPending={isPending}
        error={error}
        refetch={refetch}
        coursePages={false}
        errorTitle={translate('resources.courses.messages.coursesLoadError')}
        isEmpty={rows.length === 0}
        emptyText={translate(q ? 'resources.courses.messages.nothingFound' : 'resources.courses.messages.noCourses')}
      >
        <Table size="small" data-testid="course-list">
          <TableHead>
            <TableRow>
              <TableCell>{translate('resources.courses.fields.label')}</TableCell>
              <TableCell>{translate('resources.courses.fields.program')}</TableCell>
              <TableCell>{translate('resources.courses.fields.dates')}</TableCell>
              <TableCell>{translate('resources.courses.fields.status')}</TableCell>
              <TableCell align="right">{translate('resources.courses.fields.studentsCount')}</TableCell>
              <TableCell>{translate('resources.courses.fields.myRole')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((c) => (
              <TableRow key={c.id} hover>
                <TableCell>
                  <MuiLink component={Link} to={`/courses/${c.id}`}>
                    {c.label}
                  </MuiLink>
                  {c.groupLabel && (
                    <Typography variant="caption" color="text.secondary" display="block">
                      {c.groupLabel}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{c.programLabel}</TableCell>
                <TableCell>
                  {formatDay(c.begin)} — {formatDay(c.end)}
                </TableCell>
                <TableCell>
                  <Chip size="small" color={dateStatusColor[c.dateStatus]} label={translate(`resources.courses.dateStatus.${c.dateStatus}`)} />
                </TableCell>
                <TableCell align="right">{c.studentsCount}</TableCell>
                <TableCell>{c.myRole ? translate(`resources.courses.roles.${c.myRole}`) : ''}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <ListPagination count={data?.metadata.filteredRecords ?? 0} page={page} take={take} onPageChange={setPage} onTakeChange={setTake} />
      </PageState>
      <CourseGroupsBlock />
    </Box>
  );
}
