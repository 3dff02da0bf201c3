import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useNotify, useTranslate } from '../app';
import { fieldErrors, serverText } from '../http/errors';

/**
 * Submit handler for react-admin's <Form onSubmit>: runs the call, refreshes the reads it
 * changes, toasts and goes on. A 400 with field errors returns them (keys normalised, spec 3
 * §8.7) so they show next to the inputs; any other failure is a toast with the server's text
 * (or `failureKey`'s, where the spec words the failure itself).
 *
 * The success toast names what was saved («Урок «Введение» создан»): `successKey` with
 * `successArgs` from the answer or the submitted values (see src/ui/savedToast.ts).
 */
export function useSubmit<V>(
  call: (values: V) => Promise<unknown>,
  then: (result: unknown) => void,
  {
    invalidate = [],
    successKey = 'app.common.toast.saved',
    successArgs,
    failureKey,
  }: {
    invalidate?: QueryKey[];
    successKey?: string;
    /** values for the success text's placeholders, from the answer or the values sent */
    successArgs?: (result: unknown, values: V) => Record<string, unknown>;
    failureKey?: string;
  } = {},
) {
  const notify = useNotify();
  const translate = useTranslate();
  const client = useQueryClient();
  return async (values: V) => {
    try {
      const result = await call(values);
      for (const queryKey of invalidate) await client.invalidateQueries({ queryKey });
      notify(translate(successKey, successArgs?.(result, values)), { type: 'success' });
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

/**
 * The same feedback for react-admin's Create/Edit controllers (their `mutationOptions`, with
 * `mutationMode="pessimistic"`): after a save, the reads it changes are refreshed, a success
 * toast shows and `then(record)` runs; a failure with field errors leaves them to the inputs
 * (the controller hands them to the form), any other failure is a toast with the server's text.
 */
export function useSaveOptions<R>(
  then: (record: R) => void,
  {
    invalidate = [],
    successKey = 'app.common.toast.saved',
    successArgs,
  }: { invalidate?: QueryKey[]; successKey?: string; successArgs?: (record: R) => Record<string, unknown> } = {},
) {
  const notify = useNotify();
  const translate = useTranslate();
  const client = useQueryClient();
  return {
    onSuccess: async (record: R) => {
      for (const queryKey of invalidate) await client.invalidateQueries({ queryKey });
      notify(translate(successKey, successArgs?.(record)), { type: 'success' });
      then(record);
    },
    onError: (e: unknown) => {
      if ((e as { status?: number }).status === 400 && Object.keys(fieldErrors(e)).length) return;
      notify(serverText(e) ?? translate('app.common.toast.error'), { type: 'error' });
    },
  };
}
