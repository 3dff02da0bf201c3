import NotificationsIcon from '@mui/icons-material/Notifications';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UnreadBadge } from '../../src/notifications/NotificationsBadge';
import NotificationsPage from '../../src/notifications/NotificationsPage';
import { renderInAdmin } from './support/renderInAdmin';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
let list: unknown;
beforeEach(() => {
  vi.stubGlobal('fetch', async (url: string) => {
    const u = String(url);
    if (u.includes('/api/notifications/types')) return json([{ type: 2, total: 1, unread: 0 }]);
    if (u.includes('/api/notifications')) return json(list);
    return new Response(null, { status: 404 });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('notifications badge', () => {
  it('caps the count at 99 ("99+")', async () => {
    await renderInAdmin(<UnreadBadge count={150} icon={<NotificationsIcon />} />);
    expect(screen.getByText('99+')).toBeInTheDocument();
  });
  it('shows the count up to 99 and nothing for none', async () => {
    const { unmount } = await renderInAdmin(<UnreadBadge count={99} icon={<NotificationsIcon />} />);
    expect(screen.getByText('99')).toBeInTheDocument();
    // screen readers read the count with what it counts, not the bubble's bare number
    expect(screen.getByText('Непрочитанные уведомления: 99')).toBeInTheDocument();
    expect(screen.getByText('99').closest('[aria-hidden="true"]')).not.toBeNull();
    unmount();
    await renderInAdmin(<UnreadBadge count={0} icon={<NotificationsIcon />} />);
    expect(screen.getByTestId('notifications-count').querySelector('.MuiBadge-invisible')).not.toBeNull();
  });
});

describe('/notifications', () => {
  it('lists cards with the type tabs; a read card is labelled read', async () => {
    list = {
      data: [{ id: 1, text: 'Вы зачислены на курс «Физика»', date: '2026-05-01T10:00:00Z', type: 2, read: true, link: '/my-courses/course/1', linkFields: { trainingId: 1 } }],
      metadata: { filteredRecords: 1 },
    };
    await renderInAdmin(<NotificationsPage />, { path: '/notifications' });
    expect(await screen.findByText('Вы зачислены на курс «Физика»')).toBeInTheDocument();
    expect(screen.getByText('Прочитано')).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Зачисление на курс (1)' })).toBeInTheDocument();
  });
  it('shows the empty state', async () => {
    list = { data: [], metadata: { filteredRecords: 0 } };
    await renderInAdmin(<NotificationsPage />, { path: '/notifications' });
    expect(await screen.findByText('У вас пока нет уведомлений')).toBeInTheDocument();
  });
});
