import { MenuItem, Paper, TextField, Typography, useTheme, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { courseCalls } from '../../../shared/calls/courses';
import { useCall } from '../../http/queries';
import { TableScroll } from '../../ui/TableScroll';

export const T = 'resources.learning-analytics';

/**
 * A chart as one image with a text alternative (what it shows and where its numbers are): the
 * table beside it is the data, read by everyone; the drawing is hidden from assistive technology.
 */
export function ChartFigure({ label, height = 280, children, testId }: { label: string; height?: number; children: ReactNode; testId?: string }) {
  return (
    <Paper variant="outlined" role="img" aria-label={label} data-testid={testId} sx={{ height, p: 1, mb: 2, minWidth: 0 }}>
      {children}
    </Paper>
  );
}

/** Colours of a chart's series from the theme (contrast in light and dark) and its axis text. */
export function useChartColours() {
  const theme = useTheme();
  const p = theme.palette;
  return {
    series: [p.primary.main, p.secondary.main, p.success.main, p.warning.main, p.error.main, p.info.main],
    text: p.text.secondary,
    grid: p.divider,
    tooltip: { backgroundColor: p.background.paper, borderColor: p.divider, color: p.text.primary },
  };
}

export function SectionTitle({ children }: { children: ReactNode }) {
  return (
    <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
      {children}
    </Typography>
  );
}

/** The course's groups as a select ('' = all). */
export function GroupSelect({ courseId, value, onChange }: { courseId: string; value: string; onChange: (v: string) => void }) {
  const translate = useTranslate();
  const groups = useCall(courseCalls.groups, { params: { courseId } }, { staleTime: 60_000 });
  return (
    <TextField select size="small" sx={{ minWidth: 180 }} label={translate(`${T}.filters.group`)} value={value} onChange={(e) => onChange(e.target.value)} slotProps={{ htmlInput: { 'data-testid': 'analytics-group' }, inputLabel: { shrink: true }, select: { displayEmpty: true } }}>
      <MenuItem value="">{translate(`${T}.filters.allGroups`)}</MenuItem>
      {(groups.data ?? []).map((g) => (
        <MenuItem key={g.id} value={String(g.id)}>
          {g.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * A chart's table in a box that scrolls sideways (375 px) or down (long tables): a named region
 * the keyboard can focus and scroll, since the cells hold no control to reach it by.
 */
export function DataScroll({ label, sx, children }: { label: string; sx?: SxProps<Theme>; children: ReactNode }) {
  return (
    <TableScroll tabIndex={0} role="region" aria-label={label} sx={sx}>
      {children}
    </TableScroll>
  );
}
