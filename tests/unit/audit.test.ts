import { describe, expect, it } from 'vitest';
import { dayStart, auditJournal } from '../../shared/resources/audit';
import { diffRows, shownValue } from '../../src/resources/audit/AuditDetails';

describe('the audit journal on the client', () => {
  it("reads a date filter's day in the browser's time zone; `to` ends with its day", () => {
    expect(dayStart('2026-03-12')).toBe(new Date(2026, 2, 12).toISOString());
    expect(dayStart('2026-03-12', 1)).toBe(new Date(2026, 2, 13).toISOString());
    expect(dayStart('2026-12-31', 1)).toBe(new Date(2027, 0, 1).toISOString());
    expect(dayStart('')).toBeUndefined();
    expect(dayStart(undefined)).toBeUndefined();
  });

  it('asks the call for a page of the filters, and pages by hasMore (a total on the last page only)', () => {
    const op = auditJournal.api.conventions === 'calls' ? auditJournal.api.operations.getList! : null;
    const req = { take: 50, skip: 50, filter: { table: 'courses', user: ' anna ', role: 'Root', from: '2026-03-01', to: '2026-03-02' } };
    expect(op!.request!(req)).toEqual({
      query: { take: 50, skip: 50, table: 'courses', user: 'anna', role: 'Root', from: new Date(2026, 2, 1).toISOString(), to: new Date(2026, 2, 3).toISOString() },
    });
    expect(op!.response!({ result: [{ id: 1 }], hasMore: true }, req)).toEqual({ data: [{ id: 1 }], pageInfo: { hasNextPage: true, hasPreviousPage: true } });
    // the last page: the total is known
    expect(op!.response!({ result: [{ id: 1 }, { id: 2 }], hasMore: false }, req)).toEqual({ data: [{ id: 1 }, { id: 2 }], total: 52 });
    expect(op!.response!({ result: [], hasMore: false }, { ...req, skip: 0 })).toEqual({ data: [], total: 0 });
  });

  it('shows a change field by field, a side without the field as a dash', () => {
    expect(diffRows({ label: 'Старое', isPublished: false }, { label: 'Новое', isPublished: true, tags: ['a'] })).toEqual([
      { field: 'label', before: 'Старое', after: 'Новое' },
      { field: 'isPublished', before: 'false', after: 'true' },
      { field: 'tags', before: '—', after: '["a"]' },
    ]);
    expect(diffRows(null, null)).toEqual([]);
    expect(shownValue(null)).toBe('—');
    expect(shownValue('')).toBe('—');
    expect(shownValue({ a: 1 })).toBe('{"a":1}');
  });
});
