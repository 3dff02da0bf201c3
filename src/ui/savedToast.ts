import { useNotify, useTranslate } from '../app';

export type SaveAction = 'created' | 'updated' | 'deleted';

/** The generic text of each action (spec 3 §8.1), for a thing without its own words. */
const GENERIC: Record<SaveAction, string> = {
  created: 'app.common.toast.saved',
  updated: 'app.common.toast.updated',
  deleted: 'app.common.toast.deleted',
};

/**
 * The one style of a save's success toast: it names what was saved — «Программа «Python»
 * создана», «Урок «Введение» сохранён» — from the thing's text (react-admin's own convention for a
 * resource: `resources.<name>.notifications.created`) with its label as `{{label}}`; a thing
 * without its own words, or without a label, gets the spec's generic text («Успешно сохранено»).
 * Always a success toast (react-admin's default ones are "info"). Forms saved through
 * src/ui/useSubmit.ts pass the same keys as `successKey` with `{ label }`.
 */
export function useSavedToast() {
  const notify = useNotify();
  const translate = useTranslate();
  /** `key`: the thing's text (e.g. `resources.programs.notifications.created`); `action` picks the generic one */
  return (key: string, action: SaveAction, label?: unknown) => {
    const generic = translate(GENERIC[action]);
    const text = typeof label === 'string' && label.trim() ? translate(key, { label: label.trim(), _: generic }) : generic;
    notify(text, { type: 'success' });
  };
}

/** `successArgs` of a form whose values carry the thing's `label` (src/ui/useSubmit.ts). */
export const labelOfValues = (_result: unknown, values: { label?: unknown }) => ({ label: values.label });
