import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import OutboxPage from '../../src/resources/mailings/OutboxPage';
import { mockFetch } from './support/mockFetch';
import { renderInAdmin } from './support/renderInAdmin';

/** Root's outbox (issue 29 item 3): a letter that a crash interrupted and that went out again says so, in both languages. */
const letter = (id: number, to: string, status: string, resent: boolean) => ({
  id, to, subject: 'Тема', html: '<p>x</p>', status, resent, messageId: resent || status === 'sent' ? `<${id}@elp.test>` : null,
  attempts: resent ? 2 : 1, error: null, mailingId: null, courseId: null, createdAt: '2026-05-01T10:00:00Z', sentAt: status === 'sent' ? '2026-05-01T10:01:00Z' : null,
});
const items = [letter(1, 'a@test.local', 'sent', true), letter(2, 'b@test.local', 'sent', false), letter(3, 'c@test.local', 'sending', true), letter(4, 'd@test.local', 'queued', false)];

const stateOf = (to: string) => within(screen.getByText(to).closest('tr')!).getByTestId('outbox-state');

describe('/courses/mail-outbox', () => {
  it.each([
    ['ru', 'Доставлено повторно', 'Доставлено', 'Отправляется повторно', 'В очереди'],
    ['en', 'Delivered again', 'Delivered', 'Sending again', 'Queued'],
  ] as const)('names a resent letter apart from a plain delivery (%s)', async (lang, resent, sent, resending, queued) => {
    mockFetch((url) => (url.includes('/api/admin/mail-outbox') ? { json: { total: items.length, items } } : { status: 404 }));
    await renderInAdmin(<OutboxPage />, { path: '/courses/mail-outbox', lang });
    await screen.findByText('a@test.local');
    expect(stateOf('a@test.local')).toHaveTextContent(new RegExp(`^${resent}$`));
    expect(stateOf('a@test.local').getAttribute('title')).toContain('Message-ID');
    expect(stateOf('b@test.local')).toHaveTextContent(new RegExp(`^${sent}$`));
    expect(stateOf('b@test.local')).not.toHaveAttribute('title');
    expect(stateOf('c@test.local')).toHaveTextContent(new RegExp(`^${resending}$`));
    expect(stateOf('d@test.local')).toHaveTextContent(new RegExp(`^${queued}$`));
  });
});
