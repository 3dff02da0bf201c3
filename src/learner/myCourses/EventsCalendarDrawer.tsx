import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import { Box, ButtonBase, Drawer, IconButton, Link as MuiLink, List, ListItem, ListItemText, Skeleton, Stack, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslate } from '../../app';
import { Link } from 'react-router-dom';
import { learningCalls } from '../../../shared/calls/learning';
import { useCall } from '../../http/queries';
import { useDates } from '../../ui/dates';
import { PageState } from '../../ui/PageState';
import { READ_ONCE } from '../learnerReads';
import { coursePath, playerPath } from '../paths';

const pad = (n: number) => String(n).padStart(2, '0');
export const monthKey = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
export const dayKey = (d: Date) => `${monthKey(d)}-${pad(d.getUTCDate())}`;

/** Weeks of a month, Monday first (spec 2 §9); null cells pad the first and last week. */
export function monthGrid(year: number, month: number): (number | null)[][] {
  const first = new Date(Date.UTC(year, month, 1));
  const days = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const lead = (first.getUTCDay() + 6) % 7; // Monday = 0
  const cells: (number | null)[] = [...Array(lead).fill(null), ...Array.from({ length: days }, (_, i) => i + 1)];
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}

/** The events calendar drawer (spec 1 §2.3): highlighted days of the month, the chosen day's events. */
export function EventsCalendarDrawer({ open, onClose, today = new Date() }: { open: boolean; onClose: () => void; today?: Date }) {
  const translate = useTranslate();
  const dates = useDates();
  const [month, setMonth] = useState(() => new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1)));
  const [day, setDay] = useState(() => dayKey(today));
  const highlight = useCall(learningCalls.calendarMonth, open ? { params: { month: monthKey(month) } } : null, READ_ONCE);
  const events = useCall(learningCalls.calendarDay, open ? { params: { date: day } } : null, READ_ONCE);
  const grid = useMemo(() => monthGrid(month.getUTCFullYear(), month.getUTCMonth()), [month]);
  const marked = new Set(highlight.data ?? []);
  const shift = (n: number) => setMonth((m) => new Date(Date.UTC(m.getUTCFullYear(), m.getUTCMonth() + n, 1)));
  const title = dates.month(month.toISOString());

  return (
    <Drawer anchor="right" open={open} onClose={onClose} slotProps={{ paper: { sx: { width: { xs: '100%', sm: 360 }, maxWidth: '100%', p: 2 } } }}>
      <Stack direction="row" alignItems="center" sx={{ mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>{translate('app.learner.calendar.title')}</Typography>
        <IconButton onClick={onClose} aria-label={translate('app.common.close')}><CloseIcon /></IconButton>
      </Stack>
      <Stack direction="row" alignItems="center" justifyContent="space-between">
        <IconButton onClick={() => shift(-1)} aria-label={translate('app.learner.calendar.prev')}><ChevronLeft /></IconButton>
        <Typography sx={{ textTransform: 'capitalize' }} data-testid="calendar-month">{title}</Typography>
        <IconButton onClick={() => shift(1)} aria-label={translate('app.learner.calendar.next')}><ChevronRight /></IconButton>
      </Stack>
      <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse', textAlign: 'center', mb: 2 }} data-testid="calendar-grid">
        <thead>
          <tr>{translate('app.learner.calendar.weekdays').split(',').map((w) => <Box component="th" key={w} sx={{ fontWeight: 500, fontSize: 12, py: 0.5 }}>{w}</Box>)}</tr>
        </thead>
        <tbody>
          {grid.map((week, i) => (
            <tr key={i}>
              {week.map((d, j) => {
                if (d === null) return <td key={j} />;
                const key = `${monthKey(month)}-${pad(d)}`;
                const isMarked = marked.has(key);
                const isChosen = key === day;
                return (
                  <td key={j}>
                    <ButtonBase
                      onClick={() => setDay(key)}
                      aria-pressed={isChosen}
                      aria-label={key}
                      data-highlighted={isMarked || undefined}
                      sx={{
                        width: 36, height: 36, borderRadius: '50%',
                        fontWeight: isMarked ? 700 : 400,
                        bgcolor: isChosen ? 'primary.main' : isMarked ? 'primary.light' : undefined,
                        color: isChosen || isMarked ? 'primary.contrastText' : undefined,
                      }}
                    >
                      {d}
                    </ButtonBase>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </Box>
      <PageState
        isPending={events.isPending}
        loading={<Skeleton />}
        error={events.error}
        refetch={events.refetch}
        isEmpty={!events.data?.length}
        emptyText={translate('app.learner.calendar.noEvents')}
      >
        <List dense data-testid="calendar-events">
          {events.data?.map((e, i) => {
            const to = e.exercise_Id && e.lesson_Id ? playerPath(e.trainingId, e.lesson_Id, e.exercise_Id) : coursePath(e.trainingId);
            const time = dates.time(e.date);
            return (
              <ListItem key={i} disableGutters>
                <ListItemText
                  primary={<MuiLink component={Link} to={to} onClick={onClose}>{e.exercise ?? e.lesson ?? e.trainingLabel}</MuiLink>}
                  secondary={[time, e.location, e.trainingLabel].filter(Boolean).join(' · ')}
                />
              </ListItem>
            );
          })}
        </List>
      </PageState>
    </Drawer>
  );
}
