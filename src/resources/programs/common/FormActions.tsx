import { Button, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { Link } from 'react-router-dom';

/** Save and cancel under a form. */
export function FormActions({ cancel, saveLabel = 'ra.action.save' }: { cancel: string; saveLabel?: string }) {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  return (
    <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
      <Button type="submit" variant="contained" disabled={isSubmitting} data-testid="save">
        {translate(saveLabel)}
      </Button>
      <Button component={Link} to={cancel}>
        {translate('app.common.cancel')}
      </Button>
    </Stack>
  );
}
