import { DialogContentText, Stack } from '@mui/material';
import { useEffect, useState } from 'react';
import { Confirm } from '../app/Confirm';
import { useTranslate } from '../app';
import { useAccount } from './useAccount';
import { useLogout } from './useLogout';

/**
 * Log out after a confirmation (spec 1 §2.4); the authProvider ends the session. Answers this
 * account made without a connection and not yet sent (the offline exam, issue 31) are sent first;
 * those still waiting are named, and signing out deletes them from the device with the
 * attempt's kept steps: the next account on a shared computer never sees or sends them.
 */
export function LogoutConfirmDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const logout = useLogout();
  const translate = useTranslate();
  const { account } = useAccount();
  const accountId = account?.accountId == null ? null : String(account.accountId);
  const [waiting, setWaiting] = useState(0);
  useEffect(() => {
    if (!open || accountId === null) return;
    let live = true;
    void import('../offline/signOut').then((m) => m.waitingAfterSending(accountId)).then((n) => live && setWaiting(n));
    return () => void (live = false);
  }, [open, accountId]);
  return (
    <Confirm
      isOpen={open}
      title="app.header.logoutTitle"
      content={
        waiting > 0 ? (
          <Stack spacing={1}>
            <DialogContentText>{translate('app.header.logoutConfirm')}</DialogContentText>
            <DialogContentText color="error" data-testid="logout-waiting-answers">{translate('app.playerQuestions.offline.logoutWaiting', { count: waiting })}</DialogContentText>
          </Stack>
        ) : 'app.header.logoutConfirm'
      }
      confirm="app.header.logout"
      cancel="app.common.cancel"
      onConfirm={() => {
        onClose();
        void (accountId === null ? Promise.resolve() : import('../offline/signOut').then((m) => m.forgetDevice(accountId))).finally(() => void logout());
      }}
      onClose={onClose}
    />
  );
}
