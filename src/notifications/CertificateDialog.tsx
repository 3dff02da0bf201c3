import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Skeleton } from '@mui/material';
import { lazy, Suspense } from 'react';
import { useTranslate } from '../app';
import { certificateCalls } from '../../shared/calls/certificates';
import { useCall } from '../http/queries';

const PdfView = lazy(() => import('../resources/certificates/PdfView'));

/** The certificate of a certificate notification (spec 1 §2.3: a modal; closing it marks the notification read). */
export function CertificateDialog({ certificateId, onClose }: { certificateId: number | null; onClose: () => void }) {
  const translate = useTranslate();
  const { data, error } = useCall(certificateCalls.view, certificateId === null ? null : { params: { certificateId } });
  return (
    <Dialog open={certificateId !== null} onClose={onClose} maxWidth="lg" data-testid="certificate-dialog">
      <DialogTitle>{data?.title ?? translate('app.notifications.certificate')}</DialogTitle>
      <DialogContent>
        {error && <Alert severity="error">{translate('app.notifications.certificateError')}</Alert>}
        {data?.file && (
          <Suspense fallback={<Skeleton variant="rounded" height={400} width={600} />}>
            <PdfView url={data.file.address} />
          </Suspense>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.notifications.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
