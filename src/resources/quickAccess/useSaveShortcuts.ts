import { useState } from 'react';
import { useNotify, useTranslate } from '../../app';
import { serverText } from '../../http/errors';

/** Stores the toolbar with the usual toasts; `saving` while the call runs. */
export function useSaveShortcuts(save: (keys: readonly string[]) => Promise<void>) {
  const notify = useNotify();
  const translate = useTranslate();
  const [saving, setSaving] = useState(false);
  const run = async (keys: readonly string[]) => {
    setSaving(true);
    try {
      await save(keys);
      notify(translate('resources.quickAccess.saved'), { type: 'success' });
    } catch (e) {
      notify(serverText(e) ?? translate('app.common.toast.error'), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };
  return { saving, run };
}
