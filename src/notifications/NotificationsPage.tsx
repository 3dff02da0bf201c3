import { Box, Button, Pagination, Skeleton, Stack, Tab, Tabs, useMediaQuery, useTheme } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from '../app';
import { useNavigate } from 'react-router-dom';
import { NOTIFICATIONS_PAGE_DESKTOP, NOTIFICATIONS_PAGE_PHONE, notificationsCalls, type NotificationItem } from '../../shared/calls/notifications';
import { NotificationType } from '../../shared/enums';
import { callApi } from '../http/client';
import { callKey, useCall } from '../http/queries';
import { PageFrame } from '../ui/PageFrame';
import { PageState } from '../ui/PageState';
import { useToasts } from '../ui/useToasts';
import { CertificateDialog } from './CertificateDialog';
import { NotificationCard } from './NotificationCard';

/**
 * /notifications (spec 1 §2.3): tabs by type, pages of 10 on desktop and "show more" by 3 on
 * phones (spec 2 §9), read on click (then the linked course or exercise opens; a certificate
 * notification opens the certificate in a modal and is marked read when it closes).
 */
export default function NotificationsPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { failed } = useToasts();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [type, setType] = useState<number | 'all'>('all');
  const [page, setPage] = useState(1);
  const [shown, setShown] = useState(NOTIFICATIONS_PAGE_PHONE);
  const [certificate, setCertificate] = useState<NotificationItem | null>(null);

  const types = useCall(notificationsCalls.types, {}).data ?? [];
  const query = {
    ...(type === 'all' ? {} : { notificationsType: type }),
    'pagination.Offset': phone ? 0 : (page - 1) * NOTIFICATIONS_PAGE_DESKTOP,
    'pagination.Limit': phone ? shown : NOTIFICATIONS_PAGE_DESKTOP,
  };
  const { data, isPending, error, refetch } = useCall(notificationsCalls.list, { query }, { placeholderData: (previous) => previous });
  const total = data?.metadata.filteredRecords ?? 0;

  const markRead = async (item: NotificationItem) => {
    if (item.read) return;
    try {
      await callApi(notificationsCalls.read, { params: { id: item.id } });
      for (const call of [notificationsCalls.count, notificationsCalls.types, notificationsCalls.list]) void queryClient.invalidateQueries({ queryKey: callKey(call) });
    } catch (e) {
      failed(e);
    }
  };
  const open = async (item: NotificationItem) => {
    if (item.type === NotificationType.receivingCertificate && item.linkFields.certificateId) return setCertificate(item);
    await markRead(item);
    if (item.link) navigate(item.link);
  };
  const chooseTab = (next: number | 'all') => {
    setType(next);
    setPage(1);
    setShown(NOTIFICATIONS_PAGE_PHONE);
  };

  return (
    <Box data-testid="notifications-page">
      <PageFrame title={translate('app.notifications.title')} plain>
        <Tabs value={type} onChange={(_, v: number | 'all') => chooseTab(v)} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 2 }}>
          <Tab value="all" label={translate('app.notifications.all')} />
          {types.map((t) => (
            <Tab key={t.type} value={t.type} label={`${translate(`app.notifications.type.${t.type}`)} (${t.total})`} />
          ))}
        </Tabs>
        <PageState
          isPending={isPending}
          loading={<Skeleton variant="rounded" height={120} />}
          error={error}
          errorTitle={translate('app.notifications.loadError')}
          refetch={refetch}
          isEmpty={!!data && data.data.length === 0}
          emptyText={translate('app.notifications.empty')}
        >
          <Stack spacing={1.5}>
            {data?.data.map((item) => <NotificationCard key={item.id} item={item} onOpen={(i) => void open(i)} />)}
          </Stack>
          {phone
            ? shown < total && (
                <Button fullWidth sx={{ mt: 2 }} onClick={() => setShown(shown + NOTIFICATIONS_PAGE_PHONE)}>
                  {translate('app.notifications.showMore')}
                </Button>
              )
            : total > NOTIFICATIONS_PAGE_DESKTOP && (
                <Pagination sx={{ mt: 2 }} count={Math.ceil(total / NOTIFICATIONS_PAGE_DESKTOP)} page={page} onChange={(_, p) => setPage(p)} />
              )}
        </PageState>
      </PageFrame>
      <CertificateDialog
        certificateId={certificate?.linkFields.certificateId ?? null}
        onClose={() => {
          if (certificate) void markRead(certificate);
          setCertificate(null);
        }}
      />
    </Box>
  );
}
