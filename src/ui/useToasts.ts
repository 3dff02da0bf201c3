import { useNotify, useTranslate } from '../app';
import { serverText } from '../http/errors';

/**
 * The toasts of an action that is not a form submit (spec 3 §9: 'Успешно сохранено' and the
 * like, or the server's reason of a failure, else the generic text).
 */
export function useToasts() {
  const notify = useNotify();
  const translate = useTranslate();
  const done = (key = 'app.common.toast.saved') => notify(translate(key), { type: 'success' });
  const failed = (error: unknown) => notify(serverText(error) ?? translate('app.common.toast.error'), { type: 'error' });
  /**
   * Runs the action: its success toast and true, or the failure's toast and false. `key` null:
   * no success toast here (the caller's names what was done: src/ui/savedToast.ts).
   */
  const run = async (action: () => Promise<unknown>, key?: string | null): Promise<boolean> => {
    try {
      await action();
      if (key !== null) done(key);
      return true;
    } catch (e) {
      failed(e);
      return false;
    }
  };
  return { done, failed, run };
}
