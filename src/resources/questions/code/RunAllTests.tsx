import PlayArrow from '@mui/icons-material/PlayArrow';
import { Alert, Box, Button, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { codeQuestionCalls } from '../../../../shared/calls/questions';
import type { ExecAllAnswer } from '../../../../shared/questions';
import { callApi } from '../../../http/client';
import { serverText } from '../../../http/errors';
import { codeForm } from './codePayload';

function Output({ label, text }: { label: string; text: string }) {
  if (!text) return null;
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Box component="pre" sx={{ m: 0, p: 1, bgcolor: 'action.hover', borderRadius: 1, maxHeight: 200, overflow: 'auto', fontSize: 13, whiteSpace: 'pre-wrap' }}>
        {text}
      </Box>
    </Box>
  );
}

/** "Run all test cases": the form's code, tests and files (saved and new) run in the server's sandbox; each case's result is shown. */
export function RunAllTests({ questionId }: { questionId?: number }) {
  const translate = useTranslate();
  const { getValues } = useFormContext();
  const [running, setRunning] = useState(false);
  const [answer, setAnswer] = useState<ExecAllAnswer | null>(null);
  const [failure, setFailure] = useState('');
  const run = async () => {
    setRunning(true);
    setFailure('');
    try {
      const form = codeForm(getValues(), { forRun: true, questionId });
      setAnswer(await callApi(codeQuestionCalls.execAll, { body: form }));
    } catch (e) {
      setAnswer(null);
      setFailure(serverText(e) ?? translate('app.common.toast.error'));
    } finally {
      setRunning(false);
    }
  };
  return (
    <Box sx={{ mt: 2 }} data-testid="run-all">
      <Button variant="outlined" startIcon={<PlayArrow />} onClick={run} disabled={running} data-testid="run-all-tests">
        {translate('questionBanks.actions.runAll')}
      </Button>
      {running && <LinearProgress sx={{ mt: 1 }} />}
      {failure && <Alert severity="error" sx={{ mt: 1 }}>{failure}</Alert>}
      {answer && (
        <Stack spacing={1} sx={{ mt: 1 }} data-testid="run-results">
          <Alert severity={answer.passed === answer.total ? 'success' : 'warning'}>
            {translate('questionBanks.run.summary', { passed: answer.passed, total: answer.total })}
          </Alert>
          {answer.results.map((r) => (
            <Box key={r.sequence} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }} data-testid={`result-${r.sequence}`}>
              <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 0.5, flexWrap: 'wrap' }}>
                <Typography fontWeight={600}>{translate('questionBanks.run.case', { n: r.sequence })}</Typography>
                <Chip size="small" color={r.passed ? 'success' : 'error'} label={translate(r.passed ? 'questionBanks.run.passed' : 'questionBanks.run.failed')} />
                {r.timedOut && <Chip size="small" color="warning" label={translate('questionBanks.run.timedOut')} />}
                {r.outputTruncated && <Chip size="small" color="warning" label={translate('questionBanks.run.truncated')} />}
                {r.exitCode !== null && r.exitCode !== 0 && <Chip size="small" label={translate('questionBanks.run.exitCode', { code: r.exitCode })} />}
                <Typography variant="caption" color="text.secondary">
                  {translate('questionBanks.run.duration', { ms: r.durationMs })}
                </Typography>
              </Stack>
              <Output label={translate('questionBanks.fields.inputValues')} text={r.inputValues} />
              <Output label={translate('questionBanks.fields.outputValue')} text={r.outputValue} />
              <Output label={translate('questionBanks.run.stdout')} text={r.stdout} />
              <Output label={translate('questionBanks.run.stderr')} text={r.stderr} />
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}
