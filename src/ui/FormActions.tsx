import { Button, Stack } from '@mui/material';
import { useTranslate } from '../app';
import { useFormState } from 'react-hook-form';
import { Link } from 'react-router-dom';

/**
 * Save and Cancel under a form (Save also on an untouched form: it shows what is missing). Cancel
 * goes to an address, or runs `cancel` (a form in a dialog closes it).
 */
export function FormActions({ cancel }: { cancel: string | (() => void) }) {
  const { isSubmitting } = useFormState();
  return <SaveCancel cancel={cancel} busy={isSubmitting} />;
}

/**
 * The same two buttons for a page that keeps its own state (no react-hook-form): Save submits the
 * surrounding form when `onSave` is not given, else calls it.
 */
export function SaveCancel({ cancel, busy = false, onSave }: { cancel: string | (() => void); busy?: boolean; onSave?: () => void }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={2} sx={{ mt: 2, flexWrap: 'wrap' }}>
      <Button type={onSave ? 'button' : 'submit'} variant="contained" disabled={busy} onClick={onSave} data-testid="save">
        {translate('app.common.save')}
      </Button>
      {typeof cancel === 'string' ? (
        <Button component={Link} to={cancel}>
          {translate('app.common.cancel')}
        </Button>
      ) : (
        <Button onClick={cancel}>{translate('app.common.cancel')}</Button>
      )}
    </Stack>
  );
}
