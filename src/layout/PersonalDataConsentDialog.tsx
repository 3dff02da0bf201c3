import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useTranslate } from '../app';

const PARAGRAPHS = ['p1', 'p2', 'p3'] as const;

/** The personal-data consent text opened from the cookie banner's 'Подробнее...'. */
export function PersonalDataConsentDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="personal-data-title">
      <DialogTitle id="personal-data-title">{translate('app.consent.personalData.title')}</DialogTitle>
      <DialogContent dividers>
        {PARAGRAPHS.map((p) => (
          <Typography key={p} paragraph>
            {translate(`app.consent.personalData.paragraphs.${p}`)}
          </Typography>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
