import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

/**
 * The server's field errors that useSubmit returns (src/ui/useSubmit.ts), beside the inputs of
 * a react-hook-form form: what react-admin's Form does, for the player's forms that are not
 * react-admin's (its Form would add to the learner's first load).
 */
export function showFieldErrors<V extends FieldValues>(form: UseFormReturn<V>, fields: Record<string, string> | undefined): void {
  for (const [name, message] of Object.entries(fields ?? {})) form.setError(name as Path<V>, { type: 'server', message });
}
