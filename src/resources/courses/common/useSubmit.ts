import { useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { asApiError, errorText, normaliseKeys } from '../api';

/**
 * Submit handler for react-admin's <Form onSubmit>: runs the call, toasts, goes on. A 400 with
 * field errors returns them (keys normalised, spec 3 §8.7) so they show next to the inputs;
 * any other failure is a toast with the server's text.
 */
export function useSubmit<V>(call: (values: V) => Promise<unknown>, then: (result: unknown) => void, successKey = 'resources.courses.messages.saved') {
  const notify = useNotify();
  const translate = useTranslate();
  const client = useQueryClient();
  return async (values: V) => {
    try {
      const result = await call(values);
      await client.invalidateQueries({ queryKey: ['courses'] });
      await client.invalidateQueries({ queryKey: ['courseGroups'] });
      notify(translate(successKey), { type: 'success' });
      then(result);
      return undefined;
    } catch (e) {
      const err = asApiError(e);
      if (err.status === 400 && err.body?.errors) return normaliseKeys(err.body.errors);
      notify(errorText(e) || translate('resources.courses.messages.failed'), { type: 'error' });
      return undefined;
    }
  };
}
