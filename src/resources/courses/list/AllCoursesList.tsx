import { Link as MuiLink, Stack, Tab, Table, TableBody, TableCell, TableHead, TableRow, Tabs, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { ListAnswer } from '../../../../shared/account';
import { coursePaths as P, type AllCoursesItem } from '../../../../shared/courses';
import { CourseTabFilter } from '../../../../shared/enums';
import { apiGet, apiPath, formatDay, noRetryOn4xx, useDebounced } from '../api';
import { CoursePage } from '../common/CoursePage';
import { PageState } from '../common/PageState';
import { ListPagination } from '../../../ui/ListPagination';

const TABS = [
  { value: CourseTabFilter.all, key: 'all' },
  { value: CourseTabFilter.current, key: 'current' },
  { value: CourseTabFilter.future, key: 'future' },
  { value: CourseTabFilter.past, key: 'past' },
] as const;

/** /courses/list: every course of the platform (AdminPanelAccess); the caller opens those they run. */
export function AllCoursesList() {
  const translate = useTranslate();
  const [tab, setTab] = useState<number>(CourseTabFilter.all);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [take, setTake] = useState(20);
  const q = useDebounced(search.trim());
  const query = { dateFilter: tab, search: q, take, skip: page * take };
  const { data, isPending, error, refetch } = useQuery({
    queryKey: ['courses', 'all', query],
    queryFn: () => apiGet<ListAnswer<AllCoursesItem>>(apiPath(P.all, {}, query)),
    retry: noRetryOn4xx,
  });
  const rows = data?.result ?? [];
  return (
    <CoursePage title={translate('resources.courses.titles.all')} back="/courses">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'center' }} sx={{ mb: 1 }}>
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
        <Tabs
          value={tab}
          onChange={(_, v: number) => {
            setTab(v);
            setPage(0);
          }}
        >
          {TABS.map((t) => (
            <Tab key={t.key} value={t.value} label={translate(`resources.courses.tabs.${t.key}`)} />
          ))}
        </Tabs>
      </Stack>
      <PageState
        isPending={isPending}
        error={error}
        refetch={refetch}
        coursePages={false}
        errorTitle={translate('resources.courses.messages.coursesLoadError')}
        isEmpty={rows.length === 0}
        emptyText={translate(q ? 'resources.courses.messages.nothingFound' : 'resources.courses.messages.noCourses')}
      >
        <Table size="small" data-testid="all-courses">
          <TableHead>
            <TableRow>
              <TableCell>{translate('resources.courses.fields.id')}</TableCell>
              <TableCell>{translate('resources.courses.fields.label')}</TableCell>
              <TableCell>{translate('resources.courses.fields.program')}</TableCell>
              <TableCell>{translate('resources.courses.fields.dates')}</TableCell>
              <TableCell align="right">{translate('resources.courses.fields.studentsCount')}</TableCell>
              <TableCell>{translate('resources.courses.fields.createdBy')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((c) => (
              <TableRow key={c.id} hover>
                <TableCell>{c.id}</TableCell>
                <TableCell>
                  {c.canOpen ? (
                    <MuiLink component={Link} to={`/courses/${c.id}`}>
                      {c.label}
                    </MuiLink>
                  ) : (
                    c.label
                  )}
                </TableCell>
                <TableCell>{c.programLabel}</TableCell>
                <TableCell>
                  {formatDay(c.begin)} — {formatDay(c.end)}
                </TableCell>
                <TableCell align="right">{c.studentsCount}</TableCell>
                <TableCell>{c.createdBy ? c.createdBy.name || c.createdBy.email : ''}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <ListPagination count={data?.metadata.filteredRecords ?? 0} page={page} take={take} onPageChange={setPage} onTakeChange={setTake} />
      </PageState>
    </CoursePage>
  );
}
