import { Button } from '@mui/material';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { serverText } from '../../http/errors';

/** Allow and deny an application: the call, then a toast and every list (and the menu count) refreshed. */
export function DecisionButtons({ decide, allowed = 'app.common.toast.saved', denied = 'app.common.toast.saved' }: {
  decide: (decision: 'allow' | 'deny') => Promise<unknown>;
  allowed?: string;
  denied?: string;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const run = async (decision: 'allow' | 'deny') => {
    try {
      await decide(decision);
      notify(decision === 'allow' ? allowed : denied, { type: 'success' });
    } catch (e) {
      notify(serverText(e) ?? 'app.common.toast.error', { type: 'error' });
    }
    refresh();
  };
  return (
    <>
      <Button size="small" variant="contained" onClick={(e) => { e.stopPropagation(); void run('allow'); }}>{translate('resources.applications-enrollment.allow')}</Button>
      <Button size="small" onClick={(e) => { e.stopPropagation(); void run('deny'); }}>{translate('resources.applications-enrollment.deny')}</Button>
    </>
  );
}
