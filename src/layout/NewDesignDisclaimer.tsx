import { Alert, AlertTitle, Button } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from '../app';
import { readStored, writeStored } from '../ui/storage';

/** Spec 2 §9: shown until dismissed once. */
export const DISCLAIMER_KEY = 'elp_new_design_disclaimer';

export function NewDesignDisclaimer() {
  const translate = useTranslate();
  const [visible, setVisible] = useState(() => readStored('local', DISCLAIMER_KEY) === null);
  if (!visible) return null;
  const dismiss = () => {
    writeStored('local', DISCLAIMER_KEY, 'dismissed');
    setVisible(false);
  };
  return (
    <Alert
      severity="info"
      data-testid="new-design-disclaimer"
      sx={{ mt: 1 }}
      action={
        <Button color="inherit" size="small" onClick={dismiss}>
          {translate('app.consent.disclaimer.dismiss')}
        </Button>
      }
    >
      <AlertTitle>{translate('app.consent.disclaimer.title')}</AlertTitle>
      {translate('app.consent.disclaimer.text')}
    </Alert>
  );
}
