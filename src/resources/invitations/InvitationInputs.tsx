import { Box, Button, Stack, Typography } from '@mui/material';
import { useFormContext } from 'react-hook-form';
import { TextInput, useRecordContext, useTranslate } from 'react-admin';
import { invitationCalls } from '../../../shared/calls/invitations';
import { callApi } from '../../http/client';
import { useDates } from '../../ui/dates';
import { InvitationLink } from './InvitationLink';

const k = (key: string) => `resources.invitations.${key}`;

/** The invitation form: a code (typed or generated; blank: the server makes one) and the last valid day. */
export function InvitationInputs() {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const dates = useDates();
  // the saved invitation's link (edit), ready to copy or show as a QR code
  const record = useRecordContext();
  const generate = async () => {
    const { code } = await callApi(invitationCalls.generateCode);
    setValue('code', code, { shouldDirty: true });
  };
  return (
    <>
      {record?.code && (
        <Box sx={{ mb: 2, width: '100%' }}>
          <Typography variant="subtitle2">{translate(k('fields.link'))}</Typography>
          <InvitationLink code={String(record.code)} />
        </Box>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }} sx={{ width: '100%' }}>
        <TextInput source="code" label={k('fields.code')} helperText={false} />
        <Button onClick={generate}>{translate(k('generate'))}</Button>
      </Stack>
      {/* the stored end of the day (ISO) shows as a day in the UI language; the server takes both */}
      <TextInput source="expiryDate" label={k('fields.expiryDate')} helperText={k('expiryHint')} format={(v: unknown) => (typeof v === 'string' && v.includes('T') ? dates.day(v) : (v ?? ''))} />
    </>
  );
}
