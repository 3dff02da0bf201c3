import CheckCircle from '@mui/icons-material/CheckCircle';
import Cancel from '@mui/icons-material/Cancel';
import PlayArrow from '@mui/icons-material/PlayArrow';
import { Alert, Box, Button, CircularProgress, List, ListItem, ListItemIcon, ListItemText, Skeleton, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslate } from '../../../app';
import { answerCalls, type CaseRun } from '../../../../shared/calls/study/answers';
import { callApi } from '../../../http/client';
import { serverText } from '../../../http/errors';
import type { SlideViewProps } from '../types';
import { questionOf, savedCode, type CodeQuestion } from './content';
import { QuestionText } from './QuestionText';
import { SaveBar } from './SaveBar';
import { saveErrorKey } from './saveErrors';
import { UnknownKind } from './UnknownKind';
import { useSave } from './useSave';

const CodeEditor = lazy(() => import('./CodeEditor'));
const k = (key: string) => `app.playerQuestions.${key}`;

/**
 * Code question: the editor with the starter code (or the saved code), Run for the visible
 * test cases (nothing saved), and Save, which runs every case on the server and scores the
 * share passed; the form shows that result as the server returns it.
 */
export function CodeForm(props: SlideViewProps) {
  const { page, readOnly } = props;
  const translate = useTranslate();
  const q = questionOf<CodeQuestion>(page.content);
  const saved = savedCode(page.answer);
  const [code, setCode] = useState(() => saved?.code ?? q?.starterCode ?? '');
  const [result, setResult] = useState(saved && saved.total > 0 ? { passed: saved.passed, total: saved.total } : null);
  const [runs, setRuns] = useState<CaseRun[] | null>(null);
  const [running, setRunning] = useState(false);
  const [runError, setRunError] = useState<string | null>(null);
  const save = useSave('code', props);
  const hintId = useId();
  if (!q) return <UnknownKind message={k('errors.noQuestion')} />;

  const edit = (v: string) => {
    setCode(v);
    save.touch();
  };
  const run = async () => {
    setRunning(true);
    setRunError(null);
    try {
      const r = await callApi(answerCalls.runVisibleCases, { params: save.params, body: { sessionId: page.sessionId, code } });
      setRuns(r.results);
    } catch (e) {
      const key = saveErrorKey(e, 'code');
      setRunError(key ? translate(k(key)) : (serverText(e) ?? translate(k('code.runFailed'))));
    } finally {
      setRunning(false);
    }
  };
  const submit = async () => {
    const ack = await save.send({ code });
    if (ack && typeof ack.total === 'number') setResult({ passed: ack.passed ?? 0, total: ack.total });
    return ack;
  };

  return (
    <div data-testid="question-form" data-kind="code">
      <QuestionText html={q.text || q.label} />
      <Suspense fallback={<Skeleton variant="rounded" height="40vh" />}>
        <CodeEditor value={code} onChange={edit} readOnly={readOnly} language={q.language} label={translate(k('code.editor'))} describedBy={readOnly ? undefined : hintId} />
      </Suspense>
      {!readOnly && <Typography id={hintId} variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>{translate(k('code.keyboardHint'))}</Typography>}
      {!readOnly && (
        <Stack direction="row" spacing={2} alignItems="center" sx={{ mt: 2 }}>
          <Button variant="outlined" startIcon={<PlayArrow />} onClick={() => void run()} disabled={running || save.state === 'saving' || save.closed} data-testid="code-run">
            {translate(k('code.run'))}
          </Button>
          {running && <CircularProgress size={20} aria-label={translate(k('code.running'))} />}
        </Stack>
      )}
      {runError && <Alert severity="error" sx={{ mt: 1 }}>{runError}</Alert>}
      {runs && (
        <Box sx={{ mt: 1 }} data-testid="code-runs">
          {runs.length === 0 && <Typography color="text.secondary">{translate(k('code.noVisibleCases'))}</Typography>}
          <List dense>
            {runs.map((r) => (
              <ListItem key={r.sequence} alignItems="flex-start" data-testid="code-case" data-passed={r.passed}>
                <ListItemIcon>{r.passed ? <CheckCircle color="success" /> : <Cancel color="error" />}</ListItemIcon>
                <ListItemText
                  primary={translate(k(r.passed ? 'code.casePassed' : r.timedOut ? 'code.caseTimedOut' : 'code.caseFailed'), { n: r.sequence })}
                  secondary={
                    (r.stdout || r.stderr) && (
                      <Box component="pre" sx={{ m: 0, whiteSpace: 'pre-wrap', fontFamily: 'monospace', maxHeight: 200, overflow: 'auto' }}>
                        {[r.stdout, r.stderr].filter(Boolean).join('\n')}
                      </Box>
                    )
                  }
                  slotProps={{ secondary: { component: 'div' } }}
                />
              </ListItem>
            ))}
          </List>
        </Box>
      )}
      {result && (
        <Alert severity={result.passed === result.total ? 'success' : 'warning'} sx={{ mt: 1 }} data-testid="code-score">
          {translate(k('code.score'), { passed: result.passed, total: result.total })}
        </Alert>
      )}
      <SaveBar save={save} readOnly={readOnly} onSave={submit} />
    </div>
  );
}
