import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import KnowledgeBasePage from '../../src/knowledgeBase/KnowledgeBasePage';
import { SupportContacts } from '../../src/knowledgeBase/SupportContacts';
import { renderInAdmin } from './support/renderInAdmin';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let contacts: unknown;
beforeEach(() => {
  vi.stubGlobal('fetch', async (url: string) => {
    const u = String(url);
    if (u.includes('/api/support/contacts')) return json(contacts);
    if (u.includes('/api/knowledge-base/articles')) {
      return json({ result: [{ id: 1, title: 'Как записаться на курс', excerpt: 'Откройте каталог', isPublished: true, sequence: 0, updatedAt: '2026-01-01T00:00:00Z' }], metadata: { filteredRecords: 1 } });
    }
    return new Response(null, { status: 404 });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('support contacts', () => {
  it('shows the configured chat bot, e-mail and phone', async () => {
    contacts = { chatBotUrl: 'https://t.me/elp_bot', email: 'help@elp.test', phone: '+7 (495) 123-45-67' };
    await renderInAdmin(<SupportContacts />);
    expect(await screen.findByRole('link', { name: 'Почта поддержки: help@elp.test' })).toHaveAttribute('href', 'mailto:help@elp.test');
    expect(screen.getByRole('link', { name: 'Телефон поддержки: +7 (495) 123-45-67' })).toHaveAttribute('href', 'tel:+74951234567');
    expect(screen.getByRole('link', { name: 'Чат-бот поддержки' })).toHaveAttribute('href', 'https://t.me/elp_bot');
  });
  it('leaves out contacts that are not configured', async () => {
    contacts = { chatBotUrl: null, email: 'help@elp.test', phone: null };
    await renderInAdmin(<SupportContacts />);
    await screen.findByRole('link', { name: 'Почта поддержки: help@elp.test' });
    expect(screen.queryByRole('link', { name: 'Чат-бот поддержки' })).toBeNull();
    expect(screen.getByRole('link', { name: 'База знаний' })).toHaveAttribute('href', '/knowledge-base');
  });
});

describe('/knowledge-base', () => {
  it('lists the articles, each linking to its page', async () => {
    await renderInAdmin(<KnowledgeBasePage />, { path: '/knowledge-base' });
    expect(await screen.findByText('Как записаться на курс')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Как записаться на курс/ })).toHaveAttribute('href', '/knowledge-base/1');
    expect(screen.getByRole('textbox', { name: 'Поиск по базе знаний' })).toBeInTheDocument();
  });
});
