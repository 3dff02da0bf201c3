import { Button, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { attendanceCalls } from '../../../shared/calls/attendance';
import { visitJournalCalls as calls, type JournalExercise, type VisitMark } from '../../../shared/calls/visitJournal';
import { callApi } from '../../http/client';
import { callKey } from '../../http/queries';
import { TableScroll } from '../../ui/TableScroll';
import { useToasts } from '../../ui/useToasts';
import { MarkCell } from './MarkCell';

/** A student's row: the lesson's own mark (lesson view) and the marks of the shown exercises. */
export interface TableRowData {
  studentId: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
  groupLabel: string | null;
  lesson?: VisitMark | null;
  exercises: Record<string, VisitMark | null>;
}

export const studentName = (r: { firstName: string | null; lastName: string | null; email: string }) => `${r.lastName ?? ''} ${r.firstName ?? ''}`.trim() || r.email;

/** The journal's reads are reused for 2 s (spec 2 §9 visit journal cache), like the server's. */
export const JOURNAL_STALE_MS = 2_000;

/** The reads a mark changes: the views and group performance (refreshed after each set or clear). */
export const journalReads = [callKey(calls.lessonView), callKey(calls.exerciseView), callKey(calls.groupPerformance)];

/**
 * The journal's table: students × (the lesson mark and) the exercises, a click on a mark sets or
 * clears it. Wide lessons scroll sideways (375 px).
 */
export function JournalTable({ courseId, lessonId, exercises, rows, canEdit, withLesson }: { courseId: number; lessonId: number; exercises: JournalExercise[]; rows: TableRowData[]; canEdit: boolean; withLesson: boolean }) {
  const translate = useTranslate();
  const client = useQueryClient();
  const notify = useNotify();
  const { failed } = useToasts();
  const refresh = async () => {
    for (const queryKey of journalReads) await client.invalidateQueries({ queryKey });
  };
  /** Runs a mark call: the server's message as the toast (its reason on failure), then the journal refreshes. */
  const act = async (call: () => Promise<{ message: string }>) => {
    try {
      const answer = await call();
      notify(answer.message, { type: 'success' });
      await refresh();
    } catch (e) {
      failed(e);
    }
  };
  const toggleExercise = (studentId: number, exerciseId: number) => (set: boolean) =>
    act(() => callApi(set ? calls.markExercise : calls.unmarkExercise, { params: { courseId, exerciseId, studentId } }));
  const toggleLesson = (studentId: number) => (set: boolean) => act(() => callApi(set ? calls.markLesson : calls.unmarkLesson, { params: { courseId, lessonId, studentId } }));
  const markAll = () => {
    const target = withLesson ? { lessonId } : { exerciseId: exercises[0]?.id };
    return act(() => callApi(attendanceCalls.sendToJournal, { body: { courseId, ...target, studentIds: rows.map((r) => r.studentId) } }));
  };
  return (
    <>
      {canEdit && rows.length > 0 && (
        <Button size="small" onClick={() => void markAll()} sx={{ mb: 1 }} data-testid="mark-all">
          {translate('resources.visitJournal.marks.markAll')}
        </Button>
      )}
      {!canEdit && (
        <Typography variant="caption" color="text.secondary" display="block" sx={{ mb: 1 }}>
          {translate('resources.visitJournal.marks.readOnly')}
        </Typography>
      )}
      <TableScroll>
        <Table size="small" data-testid="visit-journal-table">
          <TableHead>
            <TableRow>
              <TableCell sx={{ minWidth: 180 }}>{translate('resources.visitJournal.fields.student')}</TableCell>
              <TableCell>{translate('resources.visitJournal.fields.group')}</TableCell>
              {withLesson && <TableCell align="center">{translate('resources.visitJournal.fields.lessonMark')}</TableCell>}
              {exercises.map((e) => (
                <TableCell key={e.id} align="center" sx={{ minWidth: 90 }}>
                  {e.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.studentId} data-testid="visit-journal-row">
                <TableCell>
                  <Typography variant="body2">{studentName(r)}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    {r.email}
                  </Typography>
                </TableCell>
                <TableCell>{r.groupLabel ?? '—'}</TableCell>
                {withLesson && <MarkCell mark={r.lesson ?? null} canEdit={canEdit} label={`${studentName(r)}, ${translate('resources.visitJournal.fields.lessonMark')}`} onToggle={toggleLesson(r.studentId)} />}
                {exercises.map((e) => (
                  <MarkCell key={e.id} mark={r.exercises[String(e.id)] ?? null} canEdit={canEdit} label={`${studentName(r)}, ${e.label}`} onToggle={toggleExercise(r.studentId, e.id)} />
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableScroll>
    </>
  );
}
