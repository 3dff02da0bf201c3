import { Alert, AlertTitle, Button, Dialog, DialogActions, DialogContent, Link, Radio, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { supportCalls, type MergeCandidate, type MergeCounts, type MergePreview, type MergeResult } from '../../../shared/calls/support';
import { callApi } from '../../http/client';
import { fieldErrors, serverText } from '../../http/errors';
import { PageFrame } from '../../ui/PageFrame';
import { TableScroll } from '../../ui/TableScroll';
import { useToasts } from '../../ui/useToasts';

const k = (key: string) => `resources.support.merge.${key}`;
const KINDS: (keyof MergeCounts)[] = ['enrolments', 'attempts', 'answers', 'certificates', 'achievements', 'attributeValues'];

/**
 * /courses/student-profiles-merge (spec 1 §2.9, AdminPanelAccess and MergingProfiles): find two
 * students by e-mail, choose the account kept, see what each holds (what moves), merge after a
 * confirmation. The conflict rule is stated on the page; the server applies it in one transaction.
 */
export default function MergePage() {
  const translate = useTranslate();
  const toasts = useToasts();
  const [emails, setEmails] = useState('');
  const [preview, setPreview] = useState<MergePreview | null>(null);
  const [survivorId, setSurvivorId] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ survivor: MergeCandidate; merged: MergeCandidate; moved: number } | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  // the result is announced and read first: focus goes to it once it shows
  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);

  const students = preview?.accounts.filter((a) => a.role === 'Students') ?? [];
  const survivor = students.find((a) => a.accountId === survivorId) ?? null;
  const merged: MergeCandidate | null = students.length === 2 && survivor ? (students.find((a) => a !== survivor) ?? null) : null;
  const label = (a: MergeCandidate | null) => (a ? `${a.fullName || a.eMail} (${a.eMail})` : '');

  const find = async (e?: FormEvent, emailString = emails) => {
    e?.preventDefault();
    setProblem(null);
    if (e) setResult(null);
    try {
      const answer = await callApi(supportCalls.mergePreview, { query: { emailString } });
      setPreview(answer);
      setSurvivorId(answer.accounts.find((a) => a.role === 'Students')?.accountId ?? null);
    } catch (err) {
      setPreview(null);
      setProblem(Object.values(fieldErrors(err))[0] ?? serverText(err) ?? translate(k('loadError')));
    }
  };

  /** Merges; then the result (who stays, what moved, a link to the surviving profile) and the survivor's counts now. */
  const merge = async () => {
    if (!survivor || !merged) return;
    setBusy(true);
    let answer: MergeResult | null = null;
    const ok = await toasts.run(async () => {
      answer = await callApi(supportCalls.merge, { body: { survivingAccountId: survivor.accountId, mergedAccountId: merged.accountId } });
    }, k('done'));
    setBusy(false);
    setConfirming(false);
    if (!ok || !answer) return;
    const moved = Object.values((answer as MergeResult).moved).reduce((a, b) => a + b, 0);
    setResult({ survivor, merged, moved });
    setEmails(survivor.eMail);
    await find(undefined, survivor.eMail);
  };

  return (
    <PageFrame title={translate(k('title'))}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate(k('hint'))}
      </Typography>
      <Stack component="form" noValidate direction={{ xs: 'column', sm: 'row' }} spacing={1} onSubmit={(e) => void find(e)} sx={{ mb: 2 }}>
        <TextField
          size="small"
          label={translate(k('emails'))}
          value={emails}
          onChange={(e) => setEmails(e.target.value)}
          sx={{ flex: 1, maxWidth: 640 }}
          slotProps={{ htmlInput: { 'data-testid': 'merge-emails', maxLength: 2000 } }}
        />
        <Button type="submit" variant="outlined" disabled={!emails.trim()} data-testid="merge-find">
          {translate(k('find'))}
        </Button>
      </Stack>
      {result && (
        <Alert severity="success" sx={{ mb: 2 }} ref={resultRef} tabIndex={-1} data-testid="merge-result">
          <AlertTitle>{translate(k('done'))}</AlertTitle>
          <Typography variant="body2">{translate(k('result'), { merged: label(result.merged), survivor: label(result.survivor), count: result.moved })}</Typography>
          <Link component={RouterLink} to={`/courses/users/profile-rights/${result.survivor.accountId}`} data-testid="merge-survivor-link">
            {translate(k('openSurvivor'), { name: label(result.survivor) })}
          </Link>
        </Alert>
      )}
      {problem && <Alert severity="error" sx={{ mb: 2 }}>{problem}</Alert>}
      {preview && preview.notFound.length > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate(k('notFound'), { emails: preview.notFound.join(', ') })}
        </Alert>
      )}
      {preview && (
        <>
          <TableScroll>
            <Table size="small" data-testid="merge-preview">
              <TableHead>
                <TableRow>
                  <TableCell>{translate(k('choose'))}</TableCell>
                  <TableCell />
                  {KINDS.map((kind) => (
                    <TableCell key={kind} align="right">
                      {translate(k(`counts.${kind}`))}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {preview.accounts.map((a) => (
                  <TableRow key={a.accountId} data-testid={`merge-account-${a.accountId}`}>
                    <TableCell padding="checkbox">
                      <Radio
                        checked={survivorId === a.accountId}
                        disabled={a.role !== 'Students'}
                        onChange={() => setSurvivorId(a.accountId)}
                        slotProps={{ input: { 'aria-label': `${translate(k('choose'))}: ${label(a)}` } }}
                      />
                    </TableCell>
                    <TableCell>
                      {label(a)}
                      {a.role !== 'Students' && ` — ${translate(`resources.support.roles.${a.role}`, { _: a.role })}`}
                    </TableCell>
                    {KINDS.map((kind) => (
                      <TableCell key={kind} align="right">
                        {a.counts[kind]}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableScroll>
          <Alert severity="info" sx={{ my: 2 }}>
            {translate(k('rule'))}
          </Alert>
          {merged ? (
            <Stack spacing={1} sx={{ mb: 2 }}>
              <Typography>
                {translate(k('survivor'))}: <b>{label(survivor)}</b>
              </Typography>
              <Typography>
                {translate(k('merged'))}: <b>{label(merged)}</b>
              </Typography>
            </Stack>
          ) : (
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {translate(k('needTwo'))}
            </Typography>
          )}
          <Button variant="contained" color="warning" disabled={!merged || busy} onClick={() => setConfirming(true)} data-testid="merge-submit">
            {translate(k('submit'))}
          </Button>
        </>
      )}
      <Dialog open={confirming} onClose={() => setConfirming(false)}>
        <DialogContent>
          <Typography>{translate(k('confirm'), { merged: label(merged), survivor: label(survivor) })}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{translate(k('cancel'))}</Button>
          <Button color="warning" variant="contained" disabled={busy} onClick={() => void merge()} data-testid="merge-confirm">
            {translate(k('submit'))}
          </Button>
        </DialogActions>
      </Dialog>
    </PageFrame>
  );
}
