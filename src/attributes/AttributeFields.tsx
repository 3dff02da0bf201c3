import { Stack } from '@mui/material';
import { useState } from 'react';
import { AttributeField } from './AttributeField';
import type { AttributeFormState } from './formState';

/**
 * The fields of an attribute form, chains applied (hidden results are not shown): each field's
 * problem shows once it was left, or everywhere once `showAll` (after a submit attempt).
 */
export function AttributeFields({ form, showAll = false, disabled = false, onEdit }: { form: AttributeFormState; showAll?: boolean; disabled?: boolean; onEdit?: () => void }) {
  const [touched, setTouched] = useState<Record<number, boolean>>({});
  return (
    <Stack spacing={2}>
      {form.shown.map((d) => (
        <div key={d.id} onBlur={() => setTouched((t) => ({ ...t, [d.id]: true }))}>
          <AttributeField
            item={d}
            requirement={form.requirements.get(d.id) ?? 'optional'}
            draft={form.drafts[d.id] ?? {}}
            onChange={(patch) => {
              form.set(d.id, patch);
              onEdit?.();
            }}
            problem={showAll || touched[d.id] ? form.problems[d.id] : null}
            serverError={form.serverErrors[d.id] || undefined}
            disabled={disabled}
          />
        </div>
      ))}
    </Stack>
  );
}
