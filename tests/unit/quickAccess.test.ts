import { describe, expect, it } from 'vitest';
import { FLAGS, type Principal } from '../../shared/permissions';
import { chosenShortcuts, MAX_SHORTCUTS, shortcutsFor, storedShortcuts } from '../../src/layout/quickAccess';
import { moved } from '../../src/resources/quickAccess/QuickAccessSortPage';

const instructor: Principal = { role: 'Instructors', flags: [...FLAGS] };
const teacher: Principal = { role: 'Instructors', flags: [] };
const student: Principal = { role: 'Students', flags: [] };

describe('quick-access toolbar (spec 1 §2.4, §2.9)', () => {
  it('offers staff their menu pages, never the chat action, and nothing to students', () => {
    const keys = shortcutsFor(instructor).map((e) => e.key);
    expect(keys).toContain('courses');
    expect(keys).not.toContain('chat');
    expect(shortcutsFor(student)).toEqual([]);
  });

  it('keeps the stored order and drops unknown, repeated and forbidden keys', () => {
    const available = shortcutsFor(instructor);
    expect(chosenShortcuts(available, 'resources,courses,nonsense,courses').map((e) => e.key)).toEqual(['resources', 'courses']);
    // a teacher without AdminPanelAccess has no user search: a stored shortcut to it is not shown
    expect(shortcutsFor(teacher).map((e) => e.key)).not.toContain('users');
    expect(chosenShortcuts(shortcutsFor(teacher), 'users,courses').map((e) => e.key)).toEqual(['courses']);
    expect(chosenShortcuts(available, undefined)).toEqual([]);
    expect(chosenShortcuts(available, 42)).toEqual([]);
  });

  it('stores at most the limit, comma-separated', () => {
    expect(storedShortcuts(['a', 'b'])).toBe('a,b');
    expect(storedShortcuts(Array.from({ length: 20 }, (_, i) => `k${i}`)).split(',')).toHaveLength(MAX_SHORTCUTS);
  });

  it('moves a shortcut one place, not past the ends', () => {
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });
});
