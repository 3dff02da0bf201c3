import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { fieldErrors, serverText } from '../http/errors';

/**
 * Submit handler for react-admin's <Form onSubmit>: runs the call, refreshes the reads it
 * changes, toasts and goes on. A 400 with field errors returns them (keys normalised, spec 3
 * §8.7) so they show next to the inputs; any other failure is a toast with the server's text
 * (or `failureKey`'s, where the spec words the failure itself).
 */
export function useSubmit<V>(
  call: (values: V) => Promise<unknown>,
  then: (result: unknown) => void,
  { invalidate = [], successKey = 'app.common.toast.saved', failureKey }: { invalidate?: QueryKey[]; successKey?: string; failureKey?: string } = {},
) {
  const notify = useNotify();
  const translate = useTranslate();
  const client = useQueryClient();
  return async (values: V) => {
    try {
      const result = await call(values);
      for (const queryKey of invalidate) await client.invalidateQueries({ queryKey });
      notify(translate(successKey), { type: 'success' });
      then(result);
      return undefined;
    } catch (e) {
      const fields = fieldErrors(e);
      if ((e as { status?: number }).status === 400 && Object.keys(fields).length) return fields;
      notify(failureKey ? translate(failureKey) : (serverText(e) ?? translate('app.common.toast.error')), { type: 'error' });
      return undefined;
    }
  };
}
