import { describe, expect, it, vi } from 'vitest';
import { canAccess, createAuthProvider, loginUrl, pathFor, principalOf } from '../../src/authProvider';
import type { AccountState } from '../../shared/account';
import { FLAGS, type Principal, type Role } from '../../shared/permissions';

const principal = (role: Role, flags: string[] = [], accessToPhysical = false): Principal => ({ role, flags, accessToPhysical });
const guest = principal('Guest');
const student = principal('Students');
const physStudent = principal('Students', [], true);
const teacher = principal('Instructors');
const editor = principal('Instructors', ['OnlyEditSettings']);
const admin = principal('Instructors', ['AdminPanelAccess']);
const instructorAll = principal('Instructors', [...FLAGS]);
const root = principal('Root');

describe('canAccess (pure, the shared permission table)', () => {
  it('maps resource actions onto screen paths', () => {
    expect(pathFor({ resource: 'programs' })).toBe('/programs');
    expect(pathFor({ resource: 'programs', action: 'list' })).toBe('/programs');
    expect(pathFor({ resource: 'programs', action: 'create' })).toBe('/programs/create');
    expect(pathFor({ resource: 'programs', action: 'edit', record: { id: 5 } })).toBe('/programs/5/edit');
    expect(pathFor({ resource: 'programs', action: 'show', record: { id: 'a b' } })).toBe('/programs/a%20b');
    expect(pathFor({ resource: '/courses/list/' })).toBe('/courses/list');
  });

  it('gates instructor screens by role and flags; Root passes every guard', () => {
    expect(canAccess(teacher, { resource: 'courses' })).toBe(true);
    expect(canAccess(student, { resource: 'courses' })).toBe(false);
    expect(canAccess(guest, { resource: 'courses' })).toBe(false);
    expect(canAccess(teacher, { resource: 'programs' })).toBe(false);
    expect(canAccess(editor, { resource: 'programs', action: 'edit', record: { id: 1 } })).toBe(true);
    expect(canAccess(editor, { resource: 'resources' })).toBe(false);
    expect(canAccess(teacher, { resource: '/courses/list' })).toBe(false);
    expect(canAccess(admin, { resource: '/courses/list' })).toBe(true);
    expect(canAccess(admin, { resource: '/courses/student-profiles-merge' })).toBe(false);
    expect(canAccess(instructorAll, { resource: '/courses/student-profiles-merge' })).toBe(true);
    for (const resource of ['programs', 'resources', '/courses/list', '/courses/student-profiles-merge', 'applications-enrollment']) {
      expect(canAccess(root, { resource }), resource).toBe(true);
    }
  });

  it('keeps student screens for students, physmath for those with accessToPhysical', () => {
    expect(canAccess(student, { resource: 'my-courses' })).toBe(true);
    expect(canAccess(teacher, { resource: 'my-courses' })).toBe(false);
    expect(canAccess(student, { resource: 'physmath-breakthrough' })).toBe(false);
    expect(canAccess(physStudent, { resource: 'physmath-breakthrough' })).toBe(true);
  });

  it('lets everyone open public screens, and unknown paths fall through (not-found page)', () => {
    expect(canAccess(guest, { resource: 'welcome' })).toBe(true);
    expect(canAccess(null, { resource: 'welcome' })).toBe(true);
    expect(canAccess(guest, { resource: 'no-such-screen' })).toBe(true);
  });

  it('answers rule:<key> from the rule itself and denies unknown rules', () => {
    expect(canAccess(teacher, { resource: 'rule:staff' })).toBe(true);
    expect(canAccess(student, { resource: 'rule:staff' })).toBe(false);
    expect(canAccess(admin, { resource: 'rule:adminPanel' })).toBe(true);
    expect(canAccess(teacher, { resource: 'rule:adminPanel' })).toBe(false);
    expect(canAccess(root, { resource: 'rule:noSuchRule' })).toBe(false);
    expect(canAccess(root, { resource: 'rule:toString' })).toBe(false);
  });

  it('reads a Principal from the AccountState', () => {
    expect(principalOf(null)).toEqual({ role: 'Guest', flags: [] });
    expect(principalOf(state('Students', { accessToPhysical: true }))).toEqual({ role: 'Students', flags: [], accessToPhysical: true });
  });
});

function state(role: Role, extra: Partial<AccountState> = {}): AccountState {
  const isGuest = role === 'Guest';
  return {
    accountId: isGuest ? null : 3,
    role,
    permissions: [],
    accessToPhysical: false,
    eMail: isGuest ? null : 'a@example.com',
    firstname: isGuest ? null : 'Анна',
    surname: isGuest ? null : 'Студентова',
    picture: null,
    language: null,
    isMain: true,
    canSwitchBack: false,
    ...extra,
  };
}

function setup(account: AccountState, path = '/my-courses') {
  const calls: Array<{ url: string; init?: RequestInit }> = [];
  const fetchMock = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init });
    if (String(url).startsWith('/api/account/logout')) return new Response('http://localhost:3000/oidc/session/end?id_token_hint=x', { status: 200 });
    return new Response(JSON.stringify(account), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  const navigate = vi.fn();
  const provider = createAuthProvider({ fetch: fetchMock as typeof fetch, currentPath: () => path, navigate });
  return { provider, calls, navigate };
}

describe('authProvider', () => {
  it('login() leaves for /api/auth/login with the current path as returnTo', async () => {
    const { provider, navigate } = setup(state('Guest'), '/courses/7?tab=1');
    await expect(provider.login({})).resolves.toEqual({ redirectTo: false });
    expect(navigate).toHaveBeenCalledWith('/api/auth/login?returnTo=%2Fcourses%2F7%3Ftab%3D1');
    await provider.login({ returnTo: '/profile' });
    expect(navigate).toHaveBeenLastCalledWith(loginUrl('/profile'));
  });

  it('logout() POSTs and returns the text answer as the redirect target', async () => {
    const { provider, calls } = setup(state('Students'));
    await expect(provider.logout({})).resolves.toBe('http://localhost:3000/oidc/session/end?id_token_hint=x');
    expect(calls[0].url).toBe('/api/account/logout?frontend=true');
    expect(calls[0].init?.method).toBe('POST');
  });

  it('checkAuth() rejects a guest only on guarded paths', async () => {
    await expect(setup(state('Guest'), '/my-courses').provider.checkAuth({})).rejects.toEqual({ message: false });
    await expect(setup(state('Guest'), '/welcome').provider.checkAuth({})).resolves.toBeUndefined();
    await expect(setup(state('Guest')).provider.checkAuth({ path: '/welcome' })).resolves.toBeUndefined();
    await expect(setup(state('Students'), '/my-courses').provider.checkAuth({})).resolves.toBeUndefined();
  });

  it('checkError() signs out on 401 on a guarded path, keeps 403 and guests on public pages', async () => {
    const { provider } = setup(state('Students'), '/my-courses');
    await expect(provider.checkError({ status: 401 })).rejects.toEqual({ message: false, redirectTo: '/login' });
    await expect(provider.checkError({ status: 403 })).resolves.toBeUndefined();
    await expect(provider.checkError({ status: 500 })).resolves.toBeUndefined();
    await expect(setup(state('Guest'), '/welcome').provider.checkError({ status: 401 })).resolves.toBeUndefined();
  });

  it('getIdentity() and getPermissions() come from one current-state answer', async () => {
    const { provider, calls } = setup(state('Instructors', { permissions: ['ShowStudents'], picture: '/api/p/1' }));
    expect(await provider.getIdentity!()).toEqual({
      id: 3,
      fullName: 'Анна Студентова',
      avatar: '/api/p/1',
      role: 'Instructors',
      flags: ['ShowStudents'],
      accessToPhysical: false,
    });
    expect((await provider.getPermissions!({})).role).toBe('Instructors');
    expect(await provider.canAccess!({ resource: 'rule:showStudents', action: 'list' })).toBe(true);
    expect(await provider.canAccess!({ resource: 'programs', action: 'list' })).toBe(false);
    expect(calls.filter((c) => c.url === '/api/account/current-state')).toHaveLength(1);
  });

  it('a guest identity has the id "guest"', async () => {
    expect(await setup(state('Guest')).provider.getIdentity!()).toMatchObject({ id: 'guest', fullName: '', role: 'Guest' });
  });
});
