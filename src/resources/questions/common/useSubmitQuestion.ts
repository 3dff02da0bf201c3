import { useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { asApiError, errorText, keys } from '../api';

/**
 * Submit handler for react-admin's <Form onSubmit>: runs the call, refreshes the banks,
 * shows the success toast and goes on; a 400 with field errors returns them so they show
 * next to the inputs; any other failure is an error toast with the server's text.
 */
export function useSubmitQuestion<V>(call: (values: V) => Promise<unknown>, then: (result: unknown) => void, successKey = 'resources.questions.messages.saved') {
  const notify = useNotify();
  const translate = useTranslate();
  const client = useQueryClient();
  return async (values: V) => {
    try {
      const result = await call(values);
      await client.invalidateQueries({ queryKey: keys.all });
      notify(translate(successKey), { type: 'success' });
      then(result);
      return undefined;
    } catch (e) {
      const err = asApiError(e);
      if (err.status === 400 && err.body?.errors) {
        const fields: Record<string, string> = {};
        for (const [k, v] of Object.entries(err.body.errors)) fields[k === 'CourseId' ? 'courseId' : k === 'Files' || k === 'FilesId' ? 'files' : k] = v;
        notify(err.body.Title || translate('resources.questions.messages.checkForm'), { type: 'error' });
        return fields;
      }
      notify(errorText(e) || translate('resources.questions.messages.failed'), { type: 'error' });
      return undefined;
    }
  };
}
