import BarChartIcon from '@mui/icons-material/BarChart';
import Download from '@mui/icons-material/Download';
import ListAlt from '@mui/icons-material/ListAlt';
import { Box, Button, Chip, Link as MuiLink, Stack, Table, TableBody, TableCell, TableFooter, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { JOURNAL_DEFAULT_TYPES, journalCalls, type GradeAggregates } from '../../../shared/calls/journal';
import { useStore } from '../../app';
import { useCall } from '../../http/queries';
import { ListPagination } from '../../ui/ListPagination';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { TableScroll } from '../../ui/TableScroll';
import { useDebounced } from '../../ui/useDebounced';
import { JournalCellView, journalCellStyles } from './JournalCellView';
import { JournalFilters, type JournalFilterState } from './JournalFilters';

const T = 'resources.studentsJournal';
export const AGGREGATES: (keyof GradeAggregates)[] = ['average', 'max', 'min', 'sum', 'donePercent', 'withoutDigit'];

/** The filters as the journal call takes them. */
export const journalQueryOf = (f: JournalFilterState, search: string) => ({
  groupId: f.groupId ? Number(f.groupId) : undefined,
  exerciseTypes: f.types,
  search: search.trim() || undefined,
});

const show = (v: number | null) => (v === null ? '—' : String(v));

/** The grid's cells are plain <td>s (a page holds up to 100 × 100), styled here once like the table's own cells. */
const journalTableStyles = {
  '& td, & th': { whiteSpace: 'nowrap' },
  '& td.journal-td': { typography: 'body2', textAlign: 'center', padding: '6px 16px', borderBottom: 1, borderColor: 'divider' },
  ...journalCellStyles,
} as const;

const sticky = { position: 'sticky', left: 0, bgcolor: 'background.paper', zIndex: 1, minWidth: 180 } as const;

/**
 * /courses/{courseId}/students-journal (spec 1 §2.9; rule ShowStudents, panel permission 2): the
 * course's studying students × its exercises, each cell the status and score, with the row and
 * column aggregations of spec 2 §4; paged by students, scrolling sideways inside its box.
 */
export default function StudentsJournalPage() {
  const { courseId = '' } = useParams();
  const translate = useTranslate();
  const [filters, setFilters] = useState<JournalFilterState>({ groupId: '', types: [...JOURNAL_DEFAULT_TYPES], search: '' });
  const search = useDebounced(filters.search);
  const [page, setPage] = useState(0);
  // the page size stays the instructor's choice across visits (the browser's store)
  const [take, setTake] = useStore('studentsJournal.take', 50);
  const { data, isPending, error, refetch } = useCall(
    journalCalls.journal,
    { params: { courseId }, query: { ...journalQueryOf(filters, search), take, skip: page * take } },
    { placeholderData: keepPreviousData, staleTime: 0 },
  );
  const exercises = data?.exercises ?? [];
  const students = data?.students ?? [];
  const base = `/courses/${courseId}/students-journal`;

  return (
    <PageFrame
      title={translate(`${T}.name`)}
      back={`/courses/${courseId}`}
      actions={
        <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
          <Button component={Link} to={`${base}/analytics`} startIcon={<BarChartIcon />}>
            {translate('resources.learning-analytics.menu.journal')}
          </Button>
          <Button component={Link} to={`${base}/download`} startIcon={<Download />}>
            {translate(`${T}.actions.download`)}
          </Button>
          <Button component={Link} to={`${base}/task-queue`} startIcon={<ListAlt />}>
            {translate(`${T}.actions.queue`)}
          </Button>
        </Stack>
      }
    >
      <JournalFilters
        courseId={courseId}
        value={filters}
        onChange={(v) => {
          setFilters(v);
          setPage(0);
        }}
      />
      <PageState
        isPending={isPending}
        error={error}
        refetch={refetch}
        errorTitle={translate(`${T}.messages.loadError`)}
        isEmpty={students.length === 0 || exercises.length === 0}
        emptyText={translate(exercises.length === 0 && data ? `${T}.messages.noExercises` : `${T}.messages.empty`)}
      >
        <TableScroll>
          <Table size="small" data-testid="students-journal" sx={journalTableStyles}>
            <TableHead>
              <TableRow>
                <TableCell sx={sticky}>{translate(`${T}.columns.student`)}</TableCell>
                <TableCell>{translate(`${T}.columns.group`)}</TableCell>
                {exercises.map((e) => (
                  <TableCell key={e.id} align="center" sx={{ maxWidth: 160 }}>
                    <Typography variant="caption" color="text.secondary" display="block" noWrap title={e.lessonLabel}>
                      {e.lessonLabel}
                    </Typography>
                    {/* describes the link, not renames it: the exercise's name stays its name (WCAG 2.5.3) */}
                    <Tooltip describeChild title={translate(`${T}.actions.progressCheck`)}>
                      <MuiLink component={Link} to={`${base}/${e.id}/progress-check`} display="block" noWrap>
                        {e.label}
                      </MuiLink>
                    </Tooltip>
                    <Typography variant="caption" color="text.secondary">
                      {translate(`${T}.types.${e.exerciseType}`)}
                    </Typography>
                  </TableCell>
                ))}
                {AGGREGATES.map((k) => (
                  <TableCell key={k} align="right" sx={{ bgcolor: 'action.hover' }}>
                    {translate(`${T}.aggregates.${k}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {students.map((s) => (
                <TableRow key={s.id} data-testid={`journal-row-${s.id}`}>
                  <TableCell sx={sticky}>
                    <MuiLink component={Link} to={`/courses/${courseId}/student-management/${s.id}/page`}>
                      {`${s.lastName ?? ''} ${s.firstName ?? ''}`.trim() || s.email}
                    </MuiLink>
                    <Typography variant="caption" color="text.secondary" display="block">
                      {s.email}
                    </Typography>
                    {/* the states the course's conditions set (docs/decisions/course-automation.md) */}
                    {s.states.map((state) => (
                      <Chip key={state} size="small" variant="outlined" label={state} sx={{ mt: 0.5, mr: 0.5, maxWidth: '100%' }} data-testid={`journal-state-${s.id}`} />
                    ))}
                  </TableCell>
                  <TableCell>{s.groupLabel ?? '—'}</TableCell>
                  {s.cells.map((c, i) => (
                    <td key={exercises[i].id} className="journal-td" data-testid={`journal-cell-${s.id}-${exercises[i].id}`}>
                      <JournalCellView cell={c} />
                    </td>
                  ))}
                  {AGGREGATES.map((k) => (
                    <TableCell key={k} align="right" sx={{ bgcolor: 'action.hover' }} data-testid={`journal-row-${k}-${s.id}`}>
                      {show(s.aggregates[k])}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
            <TableFooter>
              {AGGREGATES.map((k) => (
                <TableRow key={k}>
                  <TableCell sx={{ ...sticky, fontWeight: 600 }}>{translate(`${T}.aggregates.${k}`)}</TableCell>
                  <TableCell />
                  {exercises.map((e) => (
                    <TableCell key={e.id} align="center" data-testid={`journal-column-${k}-${e.id}`}>
                      {show(e.aggregates[k])}
                    </TableCell>
                  ))}
                  <TableCell colSpan={AGGREGATES.length} />
                </TableRow>
              ))}
            </TableFooter>
          </Table>
        </TableScroll>
        <Box>
          <ListPagination count={data?.total ?? 0} page={page} take={take} onPageChange={setPage} onTakeChange={setTake} />
        </Box>
      </PageState>
    </PageFrame>
  );
}
