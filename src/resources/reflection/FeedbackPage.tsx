import { Button, Link as MuiLink, Rating, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useParams, useSearchParams } from 'react-router-dom';
import { reflectionCalls as calls } from '../../../shared/calls/reflection';
import { useCall } from '../../http/queries';
import { useDates } from '../../ui/dates';
import { DEFAULT_PAGE_SIZE, ListPagination } from '../../ui/ListPagination';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { TableScroll } from '../../ui/TableScroll';

const name = (r: { firstName: string | null; lastName: string | null; email: string }) => `${r.lastName ?? ''} ${r.firstName ?? ''}`.trim() || r.email;

/** One exercise: each student's rating, feedback and reflection answers (a column per question). */
function ExerciseFeedbackTable({ courseId, exerciseId }: { courseId: number; exerciseId: number }) {
  const translate = useTranslate();
  const dates = useDates();
  const [page, setPage] = useState(0);
  const [take, setTake] = useState(DEFAULT_PAGE_SIZE);
  const { data, isPending, error, refetch } = useCall(calls.exerciseFeedback, { params: { courseId, exerciseId }, query: { take, skip: page * take } });
  const t = (k: string) => translate(`resources.reflection.feedback.${k}`);
  return (
    <PageState isPending={isPending} error={error} refetch={refetch} isEmpty={!data?.result.length} emptyText={t('noAnswers')}>
      {data && (
        <>
          <Typography variant="subtitle1" sx={{ mb: 1 }}>
            {data.exercise.label}
          </Typography>
          <TableScroll>
            <Table size="small" data-testid="exercise-feedback">
              <TableHead>
                <TableRow>
                  <TableCell sx={{ minWidth: 160 }}>{t('student')}</TableCell>
                  <TableCell>{t('studentRating')}</TableCell>
                  <TableCell sx={{ minWidth: 200 }}>{t('studentText')}</TableCell>
                  {data.questions.map((q) => (
                    <TableCell key={q.id} sx={{ minWidth: 200 }}>
                      {q.text}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {data.result.map((r) => (
                  <TableRow key={r.studentId}>
                    <TableCell>
                      <Typography variant="body2">{name(r)}</Typography>
                      {r.feedbackAt && (
                        <Typography variant="caption" color="text.secondary">
                          {dates.dateTime(r.feedbackAt)}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>{r.rating !== null ? <Rating value={r.rating} readOnly size="small" /> : '—'}</TableCell>
                    <TableCell sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{r.text ?? '—'}</TableCell>
                    {data.questions.map((q) => {
                      const a = r.answers[String(q.id)];
                      return (
                        <TableCell key={q.id} sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                          {a ? (a.options ? a.options.join(', ') : a.text) : '—'}
                        </TableCell>
                      );
                    })}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableScroll>
          <ListPagination count={data.metadata.filteredRecords} page={page} take={take} onPageChange={setPage} onTakeChange={setTake} />
        </>
      )}
    </PageState>
  );
}

/**
 * /courses/{courseId}/feedback (not in spec 1: docs/decisions/running-a-course.md; ShowStudents, panel permission 2):
 * the course's exercises with their feedback count, mean rating and reflection answers; an
 * exercise opens what each student said (`?exerciseId=`).
 */
export default function FeedbackPage() {
  const { courseId: raw = '' } = useParams();
  const courseId = Number(raw);
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const exerciseId = Number(params.get('exerciseId')) || null;
  const { data, isPending, error, refetch } = useCall(calls.courseFeedback, { params: { courseId } });
  const t = (k: string) => translate(`resources.reflection.feedback.${k}`);
  return (
    <PageFrame
      title={t('name')}
      back={`/courses/${courseId}`}
      actions={
        exerciseId ? (
          <Button size="small" onClick={() => setParams({})}>
            {t('back')}
          </Button>
        ) : undefined
      }
    >
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('hint')}
      </Typography>
      {exerciseId ? (
        <ExerciseFeedbackTable courseId={courseId} exerciseId={exerciseId} />
      ) : (
        <PageState isPending={isPending} error={error} refetch={refetch} isEmpty={!data?.length} emptyText={t('empty')}>
          <TableScroll>
            <Table size="small" data-testid="course-feedback">
              <TableHead>
                <TableRow>
                  <TableCell>{t('lesson')}</TableCell>
                  <TableCell>{t('exercise')}</TableCell>
                  <TableCell align="right">{t('count')}</TableCell>
                  <TableCell align="right">{t('rating')}</TableCell>
                  <TableCell align="right">{t('reflections')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {(data ?? []).map((e) => (
                  <TableRow key={e.exerciseId}>
                    <TableCell>{e.lessonLabel}</TableCell>
                    <TableCell>
                      {e.feedback || e.reflections ? (
                        <MuiLink component="button" onClick={() => setParams({ exerciseId: String(e.exerciseId) })}>
                          {e.label}
                        </MuiLink>
                      ) : (
                        e.label
                      )}
                    </TableCell>
                    <TableCell align="right">{e.feedback}</TableCell>
                    <TableCell align="right">{e.averageRating ?? '—'}</TableCell>
                    <TableCell align="right">{e.questions ? e.reflections : '—'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableScroll>
        </PageState>
      )}
    </PageFrame>
  );
}
