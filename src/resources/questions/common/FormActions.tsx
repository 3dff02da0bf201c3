import { Button, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { Link } from 'react-router-dom';

/** Save and cancel under a form (and extra buttons between them). */
export function FormActions({ cancel, children }: { cancel: string; children?: ReactNode }) {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  return (
    <Stack direction="row" spacing={2} sx={{ mt: 2, flexWrap: 'wrap' }}>
      <Button type="submit" variant="contained" disabled={isSubmitting} data-testid="save">
        {translate('resources.questions.actions.save')}
      </Button>
      {children}
      <Button component={Link} to={cancel}>
        {translate('resources.questions.actions.cancel')}
      </Button>
    </Stack>
  );
}
