import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { NOTIFICATIONS_CHANGED, NOTIFICATIONS_HUB, notificationsCalls } from '../../shared/calls/notifications';
import { callKey } from '../http/queries';
import { openHub } from '../learner/realtime/hubConnection';

/**
 * Keeps the notification reads current: the server calls NotificationsChanged after a
 * notification of the reader is written or read; on that, and on every (re)connect (pushes
 * missed while offline), the count, the tabs and the list are fetched again.
 */
export default function NotificationsLive() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => {
      for (const call of [notificationsCalls.count, notificationsCalls.types, notificationsCalls.list]) void queryClient.invalidateQueries({ queryKey: callKey(call) });
    };
    let hub: ReturnType<typeof openHub> | null = null;
    try {
      hub = openHub(NOTIFICATIONS_HUB, refresh);
      hub.connection.on(NOTIFICATIONS_CHANGED, refresh);
    } catch {
      // no live count (the count is still read with the page): never break the header over it
    }
    return () => void hub?.stop();
  }, [queryClient]);
  return null;
}
