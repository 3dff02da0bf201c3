import { Button, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { Link } from 'react-router-dom';

/** Save and Cancel under a form (Save also on an untouched form: it shows what is missing). */
export function FormActions({ cancel }: { cancel: string }) {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  return (
    <Stack direction="row" spacing={2} sx={{ mt: 2, flexWrap: 'wrap' }}>
      <Button type="submit" variant="contained" disabled={isSubmitting} data-testid="save">
        {translate('ra.action.save')}
      </Button>
      <Button component={Link} to={cancel}>
        {translate('ra.action.cancel')}
      </Button>
    </Stack>
  );
}
