import { describe, expect, it } from 'vitest';
import { defineCalls } from '../../shared/http/call.js';
import { actionOf, changedFields, changes, isSecretField, journalFields, staffOnly } from './audit.js';

const calls = defineCalls('things', {
  list: { method: 'GET', path: '/x', rule: 'staff' },
  search: { method: 'POST', path: '/x/search', rule: 'staff', reads: true },
  create: { method: 'POST', path: '/x', rule: 'staff', status: 201 },
  addMany: { method: 'POST', path: '/x/many', rule: 'staff' },
  edit: { method: 'POST', path: '/x/{id}/edit', rule: 'adminPanel' },
  dropOld: { method: 'POST', path: '/x/old', rule: 'root' },
  send: { method: 'POST', path: '/x/{id}/send', rule: 'staff' },
  put: { method: 'PUT', path: '/x/{id}', rule: 'signedIn' },
  remove: { method: 'DELETE', path: '/x/{id}', rule: 'staff' },
});

describe('the audit writer', () => {
  it('journals the calls that may change something, by default those only the staff may make', () => {
    expect([calls.list, calls.search, calls.create, calls.put].map(changes)).toEqual([false, false, true, true]);
    expect([calls.create, calls.edit, calls.dropOld, calls.put].map(staffOnly)).toEqual([true, true, true, false]);
  });

  it('names the kind of change from the declaration', () => {
    expect([calls.create, calls.addMany, calls.edit, calls.dropOld, calls.send, calls.put, calls.remove].map(actionOf)).toEqual([
      'create', 'create', 'update', 'delete', 'action', 'update', 'delete',
    ]);
  });

  it('knows secret field names', () => {
    for (const name of ['password', 'newPassword', 'PASSWORD_CONFIRM', 'token', 'accessToken', 'refresh_token', 'clientSecret', 'code', 'inviteCode', 'codes', 'apiKey', 'private_key', 'otp', 'pin'])
      expect(isSecretField(name), name).toBe(true);
    for (const name of ['label', 'name', 'email', 'courseId', 'codeQuestionId', 'description', 'spinner', 'keywords'])
      expect(isSecretField(name), name).toBe(false);
  });

  it('keeps what may be written: no secrets at any depth, long texts and lists cut, a size limit', () => {
    expect(journalFields({ label: 'x', password: 'p', nested: { token: 't', keep: [1, { secret: 's', ok: true }] }, at: new Date('2026-01-01T00:00:00Z') })).toEqual({
      label: 'x',
      nested: { keep: [1, { ok: true }] },
      at: '2026-01-01T00:00:00.000Z',
    });
    expect(journalFields({ password: 'p' })).toBeNull();
    expect(journalFields(null)).toBeNull();
    const long = journalFields({ text: 'я'.repeat(5000), list: Array.from({ length: 150 }, (_, i) => i) })!;
    expect((long.text as string).length).toBe(2001);
    expect((long.list as unknown[]).length).toBe(101);
    expect((long.list as unknown[])[100]).toBe('… +50');
    const huge = journalFields(Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`f${i}`, 'x'.repeat(1500)])))!;
    expect(huge).toEqual({ _fields: Array.from({ length: 40 }, (_, i) => `f${i}`) });
  });

  it('finds the changed fields of a record', () => {
    const before = { id: 1, label: 'a', begin: new Date('2026-01-01'), tags: ['x'], updatedAt: new Date(1) };
    const after = { id: 1, label: 'b', begin: new Date('2026-01-01'), tags: ['x', 'y'], updatedAt: new Date(2) };
    expect(changedFields(before, after)).toEqual({ before: { label: 'a', tags: ['x'] }, after: { label: 'b', tags: ['x', 'y'] } });
  });
});
