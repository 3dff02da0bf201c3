import { Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslate } from '../../app';
import { accountRelationCalls, type LinkedAccount } from '../../../shared/calls/accounts';
import { callApi } from '../../http/client';
import { fieldErrors, serverText } from '../../http/errors';
import { callKey, useCall } from '../../http/queries';
import { switchAccount } from '../../layout/accountSwitch';
import { useAccount } from '../../layout/useAccount';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { TableScroll } from '../../ui/TableScroll';
import { useToasts } from '../../ui/useToasts';

const k = (key: string) => `app.accounts.${key}`;

/**
 * /accounts (spec 1 §2.3, §6): the family of accounts — full name, e-mail and Log in — with a
 * button to link another account (its e-mail and password) and one to return to the main account.
 * Logging in switches the session and reloads the app at the root (spec 1 §6).
 */
export default function AccountsPage() {
  const translate = useTranslate();
  const toasts = useToasts();
  const client = useQueryClient();
  const { account } = useAccount();
  const { data, isPending, error, refetch } = useCall(accountRelationCalls.list, {});
  const [linking, setLinking] = useState(false);
  const [unlinking, setUnlinking] = useState<LinkedAccount | null>(null);
  const current = data?.find((a) => a.isCurrent);
  const inMain = current?.isMain ?? account?.isMain ?? true;

  // a switch reloads the app at the root; only a failure stays here (spec 3 §8.3b: a toast with the server's text)
  const logIn = (a: LinkedAccount) =>
    void callApi(accountRelationCalls.loginById, { params: { accountId: String(a.accountId) } })
      .then(() => window.location.assign('/'))
      .catch(toasts.failed);
  const unlink = async () => {
    if (!unlinking) return;
    const ok = await toasts.run(() => callApi(accountRelationCalls.unlink, { params: { accountId: String(unlinking.accountId) } }), k('unlinked'));
    setUnlinking(null);
    if (ok) await client.invalidateQueries({ queryKey: callKey(accountRelationCalls.list) });
  };

  return (
    <Box data-testid="accounts-page">
      <PageFrame
        title={translate(k('title'))}
        actions={
          <Stack direction="row" spacing={1}>
            {!inMain && (
              <Button variant="outlined" data-testid="accounts-to-main" onClick={() => void switchAccount('toMain').catch(toasts.failed)}>
                {translate(k('toMain'))}
              </Button>
            )}
            <Button variant="contained" data-testid="accounts-link" onClick={() => setLinking(true)}>
              {translate(k('link'))}
            </Button>
          </Stack>
        }
      >
        <PageState isPending={isPending} error={error} errorTitle={translate(k('loadError'))} refetch={refetch} isEmpty={data?.length === 0} emptyText={translate(k('empty'))}>
          <TableScroll>
            <Table size="small" data-testid="accounts-table">
              <TableHead>
                <TableRow>
                  <TableCell>{translate(k('fullName'))}</TableCell>
                  <TableCell>{translate(k('eMail'))}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {data?.map((a) => (
                  <TableRow key={a.accountId} data-testid={`account-row-${a.accountId}`}>
                    <TableCell>
                      {a.fullName || '—'} {a.isMain && <Chip size="small" label={translate(k('main'))} sx={{ ml: 1 }} />}
                    </TableCell>
                    <TableCell>{a.eMail}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {a.isCurrent ? (
                        <Chip size="small" color="primary" variant="outlined" label={translate(k('current'))} />
                      ) : (
                        <Button size="small" data-testid={`account-login-${a.accountId}`} onClick={() => logIn(a)}>
                          {translate(k('logIn'))}
                        </Button>
                      )}
                      {inMain && !a.isMain && (
                        <Button size="small" color="error" data-testid={`account-unlink-${a.accountId}`} onClick={() => setUnlinking(a)}>
                          {translate(k('unlink'))}
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableScroll>
        </PageState>
      </PageFrame>
      <LinkDialog open={linking} onClose={() => setLinking(false)} />
      <Dialog open={unlinking !== null} onClose={() => setUnlinking(null)}>
        <DialogContent>
          <Typography>{translate(k('unlinkConfirm'), { name: unlinking?.fullName || unlinking?.eMail || '' })}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setUnlinking(null)}>{translate(k('cancel'))}</Button>
          <Button color="error" data-testid="accounts-unlink-confirm" onClick={() => void unlink()}>
            {translate(k('unlink'))}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

/** The link form: e-mail and password of the other account (spec 2 §6 "account linking needs e-mail and password"). */
function LinkDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const toasts = useToasts();
  const client = useQueryClient();
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setLogin('');
    setPassword('');
    setErrors({});
    setProblem(null);
    onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      await callApi(accountRelationCalls.add, { body: { login, password } });
      await client.invalidateQueries({ queryKey: callKey(accountRelationCalls.list) });
      toasts.done(k('linked'));
      close();
    } catch (err) {
      const fields = fieldErrors(err);
      setErrors(fields);
      if (!Object.keys(fields).length) setProblem(serverText(err) ?? translate('app.common.toast.error'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle>{translate(k('linkTitle'))}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {translate(k('linkHint'))}
          </Typography>
          <Stack spacing={2}>
            <TextField
              label={translate(k('login'))}
              type="email"
              value={login}
              onChange={(e) => setLogin(e.target.value)}
              error={Boolean(errors.login)}
              helperText={errors.login}
              autoComplete="off"
              autoFocus
              slotProps={{ htmlInput: { 'data-testid': 'link-login' } }}
            />
            <TextField
              label={translate(k('password'))}
              type="password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={Boolean(errors.password)}
              helperText={errors.password}
              autoComplete="new-password"
              slotProps={{ htmlInput: { 'data-testid': 'link-password' } }}
            />
            {problem && (
              <Typography color="error" variant="body2" data-testid="link-error">
                {problem}
              </Typography>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate(k('cancel'))}</Button>
          <Button type="submit" variant="contained" disabled={busy || !login || !password} data-testid="link-submit">
            {translate(k('link'))}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
