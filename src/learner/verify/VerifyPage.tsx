import { Alert, Box, Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import { useParams } from 'react-router-dom';
import { useTranslate } from '../../app';
import { certificateCalls } from '../../../shared/calls/certificates';
import { useCall } from '../../http/queries';
import { useDates } from '../../ui/dates';
import { PageFrame } from '../../ui/PageFrame';

const k = (key: string) => `app.credentials.verify.${key}`;

/**
 * /verify/{code} (issue 30 item 5): the public page a generated certificate's QR code leads to. It
 * says whether the certificate is genuine (issued by this ELP) and whether it has been revoked,
 * with what it certifies; an unknown code is "not found", never a guess.
 */
export default function VerifyPage() {
  const { code = '' } = useParams();
  const translate = useTranslate();
  const { longDay } = useDates();
  const { data, isPending, error } = useCall(certificateCalls.verify, { params: { code } }, { retry: false });
  const valid = data && !data.revoked;
  return (
    <PageFrame title={translate(k('title'))} plain>
      <Box data-testid="verify-page" sx={{ maxWidth: 640 }}>
        {isPending && <Skeleton variant="rounded" height={160} />}
        {error && <Alert severity="error" role="status">{translate(k('notFound'))}</Alert>}
        {data && (
          <Card variant="outlined">
            <CardContent>
              <Stack spacing={1.5}>
                <Alert
                  role="status"
                  severity={valid ? 'success' : 'error'}
                  data-testid="verify-verdict"
                >
                  {valid ? translate(k('genuine')) : translate(k('revoked'), { date: longDay(data.revokedAt) })}
                </Alert>
                <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' }, columnGap: 2, rowGap: 0.5, '& dd': { m: 0, mb: { xs: 1, sm: 0 } } }}>
                  <Typography component="dt" color="text.secondary">{translate(k('student'))}</Typography>
                  <Typography component="dd">{data.studentName}</Typography>
                  <Typography component="dt" color="text.secondary">{translate(k('course'))}</Typography>
                  <Typography component="dd">{data.courseLabel}</Typography>
                  <Typography component="dt" color="text.secondary">{translate(k('certificate'))}</Typography>
                  <Typography component="dd">{data.title}</Typography>
                  <Typography component="dt" color="text.secondary">{translate(k('date'))}</Typography>
                  <Typography component="dd">{longDay(data.date)}</Typography>
                  {data.hours !== null && (
                    <>
                      <Typography component="dt" color="text.secondary">{translate(k('hours'))}</Typography>
                      <Typography component="dd">{data.hours}</Typography>
                    </>
                  )}
                </Box>
              </Stack>
            </CardContent>
          </Card>
        )}
      </Box>
    </PageFrame>
  );
}
