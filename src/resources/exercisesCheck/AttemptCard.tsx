import AttachFile from '@mui/icons-material/AttachFile';
import { Alert, Box, Button, Card, CardContent, Chip, Divider, Link, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import { evaluationCalls, type StudentAttempt } from '../../../shared/calls/evaluation';
import { callApi } from '../../http/client';
import { fieldErrors, serverText } from '../../http/errors';
import { useCall } from '../../http/queries';
import { useDates } from '../../ui/dates';
import { useToasts } from '../../ui/useToasts';
import { SafeHtml } from '../../ui/richText/SafeHtml';
import { answerText } from './answerText';
import { GivenAnswerView } from './GivenAnswerView';
import { useRefreshChecks } from './refresh';

const k = (key: string) => `resources.exercises-check.${key}`;

interface Props {
  courseId: string;
  exerciseId: string;
  attempt: StudentAttempt;
}

/**
 * One student's attempt: every answer (files to download), points for the answers checked by
 * hand on the stated scale (0..the question's maximum), a comment; save a draft, evaluate, or —
 * once evaluated and still the student's current result — revert it to evaluation.
 */
export function AttemptCard({ courseId, exerciseId, attempt }: Props) {
  const translate = useTranslate();
  const dates = useDates();
  const toasts = useToasts();
  const refresh = useRefreshChecks();
  const ev = attempt.evaluation;
  const evaluated = ev?.status === 'evaluated';
  const [scores, setScores] = useState<Record<string, string>>(() => Object.fromEntries(Object.entries(ev?.scores ?? {}).map(([id, v]) => [id, String(v)])));
  const [comment, setComment] = useState(ev?.body ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [confirmRevert, setConfirmRevert] = useState(false);
  const access = useCall(evaluationCalls.accessToRevaluation, evaluated ? { params: { sessionId: attempt.sessionId } } : null, { retry: false });
  const params = { courseId, exerciseId, sessionId: attempt.sessionId };

  const body = () => ({
    body: comment,
    scores: Object.fromEntries(Object.entries(scores).filter(([, v]) => v.trim() !== '').map(([id, v]) => [id, Number(v.replace(',', '.'))])),
  });

  const submit = async (kind: 'draft' | 'evaluate') => {
    setBusy(true);
    setErrors({});
    try {
      await (kind === 'draft' ? callApi(evaluationCalls.draft, { params, body: body() }) : callApi(evaluationCalls.evaluate, { params, body: body() }));
      toasts.done(k(kind === 'draft' ? 'draftSaved' : 'evaluated'));
      await refresh();
    } catch (e) {
      const fields = fieldErrors(e);
      if (Object.keys(fields).length) setErrors(fields);
      else toasts.failed(e);
    } finally {
      setBusy(false);
    }
  };

  const revert = async () => {
    setConfirmRevert(false);
    setBusy(true);
    if (await toasts.run(() => callApi(evaluationCalls.revert, { params: { courseId, exerciseId, studentId: attempt.studentId } }), k('reverted'))) await refresh();
    setBusy(false);
  };

  const state = ev?.status ?? 'waiting';
  return (
    <Card variant="outlined" data-testid="attempt-card" data-session={attempt.sessionId}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
          <Typography variant="subtitle1" component="h3">{attempt.studentName || attempt.email}</Typography>
          <Typography variant="body2" color="text.secondary">{translate(k('attempt'), { no: attempt.attemptNo })}</Typography>
          {attempt.finishedAt && <Typography variant="body2" color="text.secondary">{translate(k('finishedAt'), { date: dates.dateTime(attempt.finishedAt) })}</Typography>}
          <Chip size="small" color={evaluated ? 'success' : 'warning'} label={translate(k(`status.${state}`))} data-testid="attempt-state" />
          {evaluated && <Chip size="small" variant="outlined" label={translate(k('evaluatedBy'), { score: attempt.score ?? 0, max: attempt.maxScore ?? 0 })} data-testid="attempt-score" />}
        </Stack>
        <Stack spacing={2} divider={<Divider flexItem />} sx={{ mt: 2 }}>
          {attempt.answers.map((a) => {
            const text = answerText(a);
            return (
              <Box key={a.slideId} component="section" aria-label={a.label ?? undefined}>
                <Typography variant="subtitle2" component="h4">{a.label}</Typography>
                {/* the question as the student saw it */}
                {a.question && (
                  <Box sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5, my: 0.5, color: 'text.secondary', typography: 'body2' }} data-testid="checked-question">
                    <SafeHtml html={a.question} />
                  </Box>
                )}
                {!a.answered && <Typography color="text.secondary">{translate(k('notAnswered'))}</Typography>}
                {/* made without a connection and sent later (issue 31) */}
                {a.sentLate && <Typography variant="body2" color="text.secondary" data-testid="sent-late">{translate(k('sentLate'), { date: dates.dateTime(a.sentLate.answeredAt) })}</Typography>}
                {a.given && <GivenAnswerView given={a.given} />}
                {text && <Typography component="pre" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontFamily: a.value?.code ? 'monospace' : 'inherit', m: 0 }}>{text}</Typography>}
                {a.files.length > 0 && (
                  <Stack spacing={0.5} sx={{ mt: 0.5 }} aria-label={translate(k('files'))}>
                    {a.files.map((f) => (
                      <Link key={f.id} href={`${f.address}?download=1`} download={f.name} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                        <AttachFile fontSize="small" />
                        {f.name}
                      </Link>
                    ))}
                  </Stack>
                )}
                {a.manual ? (
                  <TextField
                    size="small"
                    type="number"
                    sx={{ mt: 1, width: 200 }}
                    label={translate(k('points'), { max: a.maxScore })}
                    value={scores[String(a.slideId)] ?? ''}
                    onChange={(e) => setScores((s) => ({ ...s, [String(a.slideId)]: e.target.value }))}
                    disabled={evaluated || busy}
                    error={!!errors[`scores.${a.slideId}`]}
                    helperText={errors[`scores.${a.slideId}`]}
                    slotProps={{ htmlInput: { min: 0, max: a.maxScore, step: 'any', 'data-testid': `score-${a.slideId}` } }}
                  />
                ) : (
                  a.answered && <Typography variant="body2" color="text.secondary">{translate(k('autoScore'), { score: a.score ?? 0, max: a.maxScore })}</Typography>
                )}
              </Box>
            );
          })}
        </Stack>
        <TextField
          sx={{ mt: 2 }}
          fullWidth
          multiline
          minRows={2}
          label={translate(k('comment'))}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          disabled={evaluated || busy}
          slotProps={{ htmlInput: { maxLength: 20000, 'data-testid': 'evaluation-comment' } }}
        />
        {Object.entries(errors).filter(([f]) => !f.startsWith('scores.')).map(([f, m]) => <Alert key={f} severity="error" sx={{ mt: 1 }}>{m}</Alert>)}
        <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
          {!evaluated && (
            <>
              <Button variant="outlined" disabled={busy} onClick={() => void submit('draft')}>{translate(k('saveDraft'))}</Button>
              <Button variant="contained" disabled={busy} onClick={() => void submit('evaluate')}>{translate(k('evaluate'))}</Button>
            </>
          )}
          {evaluated && access.data?.access && (
            <Button color="warning" variant="outlined" disabled={busy} onClick={() => setConfirmRevert(true)}>{translate(k('revert'))}</Button>
          )}
        </Stack>
        {access.error ? <Alert severity="error" sx={{ mt: 1 }}>{serverText(access.error) ?? translate('app.common.toast.error')}</Alert> : null}
      </CardContent>
      <Confirm isOpen={confirmRevert} title={translate(k('revert'))} content={translate(k('revertConfirm'))} onConfirm={() => void revert()} onClose={() => setConfirmRevert(false)} />
    </Card>
  );
}
