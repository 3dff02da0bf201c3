import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { AuditRow } from '../../../shared/calls/audit';
import { TableScroll } from '../../ui/TableScroll';

const k = (key: string) => `resources.audit-journal.${key}`;

/** A recorded value as text: nothing is a dash, lists and objects their JSON. */
export function shownValue(v: unknown): string {
  if (v === undefined || v === null || v === '') return '—';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}

/** The fields of a change, each with its value before and after (a field only one side has shows a dash on the other). */
export function diffRows(before: Record<string, unknown> | null, after: Record<string, unknown> | null): { field: string; before: string; after: string }[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields.map((field) => ({ field, before: shownValue(before?.[field]), after: shownValue(after?.[field]) }));
}

/** A journal row opened: what changed (field, before, after), the call, the record, the course and the address. */
export function AuditDetails() {
  const translate = useTranslate();
  const row = useRecordContext<AuditRow & { id: number }>();
  if (!row) return null;
  const rows = diffRows(row.before, row.after);
  const facts: [string, string | null][] = [
    [k('details.call'), row.call],
    [k('details.record'), row.recordId],
    [k('details.course'), row.courseLabel ?? (row.courseId ? String(row.courseId) : null)],
    [k('details.address'), row.address],
  ];
  return (
    <Box sx={{ py: 1 }} data-testid="audit-details">
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0, mb: 1 }}>
        {facts
          .filter(([, v]) => v)
          .map(([label, v]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {translate(label)}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere', fontFamily: label === k('details.call') ? 'monospace' : undefined }}>
                {v}
              </Typography>
            </Box>
          ))}
      </Box>
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate(k('details.noFields'))}
        </Typography>
      ) : (
        <TableScroll>
          <Table size="small" aria-label={translate(k('details.title'))}>
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">{translate(k('details.field'))}</TableCell>
                <TableCell component="th" scope="col">{translate(k('details.before'))}</TableCell>
                <TableCell component="th" scope="col">{translate(k('details.after'))}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.field}>
                  <TableCell component="th" scope="row" sx={{ fontFamily: 'monospace' }}>
                    {r.field}
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 120 }}>
                    {r.before === '—' ? r.before : <del>{r.before}</del>}
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 120 }}>{r.after === '—' ? r.after : <ins>{r.after}</ins>}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableScroll>
      )}
    </Box>
  );
}
