import { useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { asApiError, errorText } from '../api';

/**
 * Submit handler for react-admin's <Form onSubmit>: runs the call, shows the success toast
 * and goes on; a 400 with field errors returns them so they show next to the inputs
 * (their keys are the form's field names, spec 3 §8.7); any other failure is a toast.
 */
export function useSubmit<V>(call: (values: V) => Promise<unknown>, then: (result: unknown) => void, successKey = 'resources.programs.messages.saved') {
  const notify = useNotify();
  const translate = useTranslate();
  const client = useQueryClient();
  return async (values: V) => {
    try {
      const result = await call(values);
      await client.invalidateQueries({ queryKey: ['programs'] });
      notify(translate(successKey), { type: 'success' });
      then(result);
      return undefined;
    } catch (e) {
      const err = asApiError(e);
      if (err.status === 400 && err.body?.errors) return normaliseKeys(err.body.errors);
      notify(errorText(e) || translate('resources.programs.messages.failed'), { type: 'error' });
      return undefined;
    }
  };
}

/** Server field keys to form field names: `Label` → `label`, `$.items[0].Name` → `items.0.name`. */
export function normaliseKeys(errors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(errors)) {
    const key = k
      .replace(/^\$\.?/, '')
      .replace(/\[(\d+)\]/g, '.$1')
      .split('.')
      .map((p) => (p ? p[0].toLowerCase() + p.slice(1) : p))
      .join('.');
    out[key || 'root'] = v;
  }
  return out;
}
