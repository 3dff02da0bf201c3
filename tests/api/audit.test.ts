import { and, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { defineCalls, returns } from '../../shared/http/call.js';
import { upsertAccountFromClaims } from '../../server/auth/accountStore.js';
import { createSession, SESSION_COOKIE } from '../../server/auth/context.js';
import { attributeValueHistory, attributes, auditLog, courseInstructors, enrolments, identityUsers, tutorStudents } from '../../server/db/schema/index.js';
import { audit } from '../../server/http/audit.js';
import { route } from '../../server/http/route.js';
import { createTestApp, type SignedIn } from './support/app.js';
import { signInThroughProvider } from './support/browser.js';
import { courseHelpers } from './support/courses.js';
import { addIdentityUser } from './support/identity.js';

/**
 * Issue 28 item 6: the audit journal (one row per state-changing staff call, written by the route
 * layer), role changes at sign-in, the profile change history, and their calls' guards.
 */

/** A throwaway staff call with secrets in its body, and one whose handler records its own row. */
const probeCalls = defineCalls('audit-probe', {
  secret: {
    method: 'POST',
    path: '/api/test/audit-probe/{thingId}',
    rule: 'staff',
    body: z.object({ name: z.string(), password: z.string(), newPassword: z.string().optional(), accessToken: z.string().optional(), code: z.string().optional(), nested: z.object({ secret: z.string(), keep: z.number() }).optional() }),
    response: returns<{ ok: boolean }>(),
  },
  recorded: { method: 'POST', path: '/api/test/audit-probe/recorded/{thingId}', rule: 'staff', response: returns<{ ok: boolean }>() },
  failing: { method: 'POST', path: '/api/test/audit-probe/failing', rule: 'staff', response: returns<{ ok: boolean }>() },
});
const probe: FastifyPluginAsync = async (app) => {
  route(app, probeCalls.secret, async () => ({ ok: true }));
  route(app, probeCalls.recorded, async (request) => {
    await app.db.transaction((tx) => audit(request, { table: 'things', recordId: request.params.thingId, action: 'thing-polish', before: { shine: 1 }, after: { shine: 2 } }, tx));
    return { ok: true };
  });
  route(app, probeCalls.failing, async () => {
    throw new Error('boom');
  });
};

const t = await createTestApp({}, { plugins: [probe] });
const { call, seedProgram, createCourse, day } = courseHelpers(t);
/** the settings form's required dates beside a new name */
const settings = (label: string) => ({ label, begin: day(-10), end: day(30) });

const H = '/api/instructors/history';
const admin = () => t.signIn('Instructors', { flags: ['AdminPanelAccess'] });
const rowsOf = (accountId: number) => t.db.select().from(auditLog).where(eq(auditLog.accountId, accountId)).orderBy(desc(auditLog.id));

let owner: SignedIn;
let courseId: number;
beforeAll(async () => {
  owner = await t.signIn('Instructors');
  const { program } = await seedProgram('Аудит');
  courseId = (await createCourse(owner, program.id, { label: 'Курс аудита' })).id;
});

describe('the audit writer', () => {
  it('writes exactly one row for a staff change: actor, call, entity, course, before/after, address', async () => {
    const who = await t.signIn('Instructors');
    const { program } = await seedProgram();
    const course = await createCourse(who, program.id, { label: 'Старое имя' });
    const before = (await rowsOf(who.accountId)).length;
    const res = await call(who, 'PUT', `/api/instructors/trainings/${course.id}/settings`, settings('Новое имя'));
    expect(res.statusCode, res.body).toBe(200);
    const rows = await rowsOf(who.accountId);
    expect(rows.length - before).toBe(1);
    expect(rows[0]).toMatchObject({
      accountId: who.accountId,
      previousAccountId: null,
      actorRole: 'Instructors',
      action: 'update',
      callName: 'courses.updateSettings',
      tableName: 'courses',
      recordId: String(course.id),
      courseId: course.id,
      before: { label: 'Старое имя' },
      after: { label: 'Новое имя' },
      address: '127.0.0.1',
    });
    // the create before it: its own row, from the declaration (a 201 call: create; the record its answer's id)
    expect(rows[1]).toMatchObject({ action: 'create', callName: 'courses.create', tableName: 'courses', recordId: String(course.id), after: { label: 'Старое имя' } });
  });

  it('never writes a secret of the body: password, token, code fields are dropped at any depth', async () => {
    const who = await t.signIn('Instructors');
    const res = await call(who, 'POST', '/api/test/audit-probe/7', { name: 'x', password: 'hunter2', newPassword: 'hunter3', accessToken: 'tok', code: '1234', nested: { secret: 's', keep: 1 } });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await rowsOf(who.accountId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ callName: 'audit-probe.secret', tableName: 'audit-probe', recordId: '7', action: 'action', after: { name: 'x', nested: { keep: 1 } } });
    const text = JSON.stringify(rows[0]);
    for (const secret of ['hunter2', 'hunter3', 'tok', '1234', '"s"', 'password', 'Password', 'accessToken', '"secret"', '"code"']) expect(text).not.toContain(secret);
  });

  it("drops a real call's secret field too (an invitation's code), and keeps the course", async () => {
    const res = await call(owner, 'POST', '/api/invite', { trainingId: courseId, code: 'my-secret-code' });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const [row] = await rowsOf(owner.accountId);
    expect(row).toMatchObject({ callName: 'invitations.create', courseId });
    expect(JSON.stringify(row)).not.toContain('my-secret-code');
  });

  it('writes the rows a handler records, in its transaction, instead of the default one', async () => {
    const who = await t.signIn('Root');
    expect((await call(who, 'POST', '/api/test/audit-probe/recorded/9')).statusCode).toBe(200);
    const rows = await rowsOf(who.accountId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'thing-polish', callName: 'audit-probe.recorded', tableName: 'things', recordId: '9', before: { shine: 1 }, after: { shine: 2 }, actorRole: 'Root' });
  });

  it('writes nothing for a read (GET, or a POST declared `reads`), a refused or a failed call', async () => {
    const who = await t.signIn('Instructors');
    await call(who, 'GET', `/api/instructors/trainings/${courseId}/settings`);
    await call(who, 'POST', `/api/instructors/students/training/${courseId}/list`, { take: 5 });
    expect((await call(owner, 'POST', `/api/instructors/students/training/${courseId}/list`, { take: 5 })).statusCode).toBe(200);
    await call(who, 'PUT', `/api/instructors/trainings/${courseId}/settings`, settings('чужой')); // not their course: 404
    await call(who, 'POST', '/api/test/audit-probe/1', { name: 'no password: 400' });
    expect((await call(who, 'POST', '/api/test/audit-probe/failing')).statusCode).toBe(500);
    expect(await rowsOf(who.accountId)).toHaveLength(0);
    const [last] = await rowsOf(owner.accountId);
    expect(last?.callName).not.toBe('students.list');
  });

  it('records the account a switched session came from', async () => {
    const main = await t.signIn('Instructors', { lastName: 'Основной' });
    const linked = await t.signIn('Instructors', { lastName: 'Связанный' });
    const token = await createSession(t.db, linked.accountId, 1, { previousAccountId: main.accountId });
    const switched = { headers: { cookie: `${SESSION_COOKIE}=${token}` } };
    expect((await t.app.inject({ method: 'POST', url: '/api/test/audit-probe/3', headers: switched.headers, payload: { name: 'y', password: 'p' } })).statusCode).toBe(200);
    const [row] = await rowsOf(linked.accountId);
    expect(row).toMatchObject({ accountId: linked.accountId, previousAccountId: main.accountId });
    const view = await call(await admin(), 'GET', `${H}/audit/view?accountId=${linked.accountId}`);
    expect(view.json().result[0]).toMatchObject({ actor: { accountId: linked.accountId }, switchedFrom: { accountId: main.accountId, name: expect.stringContaining('Основной') } });
  });
});

describe('role changes at sign-in', () => {
  it('writes a role-change row when the claims change the role or the flags, and none when they do not', async () => {
    const issuer = 'https://idp.audit.test';
    const claims = { sub: 'rc-1', given_name: 'Роль', family_name: 'Меняется', email: 'rc-1@test.local', role: 'Students' };
    const first = await upsertAccountFromClaims(t.db, issuer, claims, { address: '10.0.0.1' });
    await upsertAccountFromClaims(t.db, issuer, claims);
    await upsertAccountFromClaims(t.db, issuer, { ...claims, role: 'Instructors', Role_ShowStudents: true }, { address: '10.0.0.2' });
    // the same flags in another order: no change
    await upsertAccountFromClaims(t.db, issuer, { ...claims, role: 'Instructors', Role_ShowStudents: 'true' });
    const rows = await t.db.select().from(auditLog).where(and(eq(auditLog.recordId, String(first.id)), eq(auditLog.tableName, 'accounts')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      accountId: first.id,
      action: 'role-change',
      before: { role: 'Students', flags: [] },
      after: { role: 'Instructors', flags: ['ShowStudents'] },
      address: '10.0.0.2',
    });
    const list = await call(await admin(), 'GET', `${H}/audit/user-roles?accountId=${first.id}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual({
      result: [expect.objectContaining({ account: expect.objectContaining({ accountId: first.id, email: 'rc-1@test.local' }), before: { role: 'Students', flags: [] }, after: { role: 'Instructors', flags: ['ShowStudents'] } })],
      hasMore: false,
    });
  });

  it('records a flag taken away at a real sign-in through the provider', async () => {
    const user = await addIdentityUser(t.db, { role: 'Instructors' });
    await t.db.update(identityUsers).set({ flags: ['AdminPanelAccess', 'ShowStudents'] }).where(eq(identityUsers.id, user.id));
    const first = await signInThroughProvider(t.app, user.login);
    const accountId = (await first.browser.state()).accountId!;
    await t.db.update(identityUsers).set({ flags: ['ShowStudents'] }).where(eq(identityUsers.id, user.id));
    await signInThroughProvider(t.app, user.login);
    const list = await call(await admin(), 'GET', `${H}/audit/user-roles?user=${encodeURIComponent(user.login)}`);
    expect(list.json().result).toHaveLength(1);
    expect(list.json().result[0]).toMatchObject({ account: { accountId }, before: { role: 'Instructors', flags: ['AdminPanelAccess', 'ShowStudents'] }, after: { role: 'Instructors', flags: ['ShowStudents'] } });
  });
});

describe('the audit journal calls', () => {
  const adminCalls = [`${H}/audit/tables`, `${H}/audit/view`, `${H}/audit/user-roles`, `${H}/profile/view`];

  it('answer 401 to a guest, 403 to a student and to an instructor without AdminPanelAccess', async () => {
    const student = await t.signIn('Students');
    const noFlag = await t.signIn('Instructors', { flags: ['ShowStudents'] });
    for (const url of adminCalls) {
      expect((await call(null, 'GET', url)).statusCode, url).toBe(401);
      const s = await call(student, 'GET', url);
      expect(s.statusCode, url).toBe(403);
      expect(s.json()).toMatchObject({ ErrorCode: 'Forbidden', Title: expect.any(String) });
      expect((await call(noFlag, 'GET', url)).statusCode, url).toBe(403);
    }
  });

  it('answer 400 in the spec’s shape for bad input', async () => {
    const a = await admin();
    for (const [url, field] of [
      [`${H}/audit/view?take=500`, 'take'],
      [`${H}/audit/view?take=0`, 'take'],
      [`${H}/audit/view?from=yesterday`, 'from'],
      [`${H}/audit/view?role=Wizard`, 'role'],
      [`${H}/audit/view?accountId=abc`, 'accountId'],
      [`${H}/audit/user-roles?skip=-1`, 'skip'],
      [`${H}/profile/view?courseId=x`, 'courseId'],
      [`/api/instructors/trainings/${courseId}/history/profile?to=2026-13-45`, 'to'],
    ] as const) {
      const res = await call(url.includes('/trainings/') ? owner : a, 'GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ ErrorCode: expect.any(String), Title: expect.any(String), errors: { [field]: expect.any(String) } });
    }
  });

  it('lists the newest first, filtered by table, user, role, course and dates, a page at a time', async () => {
    const a = await admin();
    const actor = await t.signIn('Root', { email: `journal-root-${Date.now()}@test.local` });
    for (let i = 1; i <= 3; i++) await call(actor, 'POST', `/api/test/audit-probe/${i}`, { name: `n${i}`, password: 'x' });
    expect((await call(actor, 'PUT', `/api/instructors/trainings/${courseId}/settings`, settings('Курс аудита'))).statusCode).toBe(200);
    const view = (q: string) => call(a, 'GET', `${H}/audit/view?${q}`).then((r) => (expect(r.statusCode, r.body).toBe(200), r.json()));

    const all = await view(`accountId=${actor.accountId}`);
    expect(all.result.map((r: { call: string }) => r.call)).toEqual(['courses.updateSettings', 'audit-probe.secret', 'audit-probe.secret', 'audit-probe.secret']);
    expect(all.result[0]).toMatchObject({ actor: { accountId: actor.accountId }, actorRole: 'Root', table: 'courses', courseId, courseLabel: 'Курс аудита', address: '127.0.0.1' });
    const firstPage = await view(`accountId=${actor.accountId}&table=audit-probe&take=2`);
    expect(firstPage.result.map((r: { recordId: string }) => r.recordId)).toEqual(['3', '2']);
    expect(firstPage.hasMore).toBe(true);
    const second = await view(`accountId=${actor.accountId}&table=audit-probe&take=2&skip=2`);
    expect(second).toMatchObject({ result: [{ recordId: '1' }], hasMore: false });

    expect((await view(`user=${encodeURIComponent('journal-root-')}&courseId=${courseId}`)).result).toHaveLength(1);
    expect((await view(`user=nobody-at-all-here`)).result).toEqual([]);
    const roots = await view('role=Root&take=100');
    expect(roots.result.every((r: { actorRole: string }) => r.actorRole === 'Root')).toBe(true);
    expect(roots.result.some((r: { actor: { accountId: number } }) => r.actor.accountId === actor.accountId)).toBe(true);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    expect((await view(`accountId=${actor.accountId}&from=${encodeURIComponent(tomorrow)}`)).result).toEqual([]);
    expect((await view(`accountId=${actor.accountId}&to=2000-01-01`)).result).toEqual([]);
    expect((await view(`accountId=${actor.accountId}&from=2000-01-01&to=${encodeURIComponent(tomorrow)}`)).result).toHaveLength(4);
  });

  it('names the entities present in the journal', async () => {
    const res = await call(await admin(), 'GET', `${H}/audit/tables`);
    expect(res.statusCode).toBe(200);
    const tables = res.json() as string[];
    expect(tables).toEqual([...tables].sort());
    expect(tables).toEqual(expect.arrayContaining(['courses', 'audit-probe']));
    expect(new Set(tables).size).toBe(tables.length);
  });
});

describe('profile change history', () => {
  let attrId: number;
  let studentA: SignedIn;
  let studentB: SignedIn;
  let outsider: SignedIn;
  beforeAll(async () => {
    [studentA, studentB, outsider] = [await t.signIn('Students', { lastName: 'Альфа' }), await t.signIn('Students', { lastName: 'Бета' }), await t.signIn('Students', { lastName: 'Чужой' })];
    await t.db.insert(enrolments).values([studentA, studentB].map((s) => ({ courseId, accountId: s.accountId })));
    const [attr] = await t.db.insert(attributes).values({ type: 1 as never, label: 'Город', name: `city-${Date.now()}` }).returning();
    attrId = attr.id;
    await t.db.insert(attributeValueHistory).values([
      { accountId: studentA.accountId, attributeId: attrId, oldValue: 'Москва', newValue: 'Казань', changedBy: owner.accountId, changedAt: new Date('2026-01-10T10:00:00Z') },
      { accountId: studentB.accountId, attributeId: attrId, newValue: 'Пермь', changedAt: new Date('2026-01-11T10:00:00Z') },
      { accountId: studentB.accountId, field: 'lastName', oldValue: 'Бэта', newValue: 'Бета', changedAt: new Date('2026-01-12T10:00:00Z') },
      { accountId: outsider.accountId, attributeId: attrId, newValue: 'Омск', changedAt: new Date('2026-01-13T10:00:00Z') },
    ]);
  });
  const P = () => `/api/instructors/trainings/${courseId}/history/profile`;

  it("lists a course's students' changes, newest first, with who changed them", async () => {
    const res = await call(owner, 'GET', P());
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.hasMore).toBe(false);
    expect(body.result.map((r: { field: string; newValue: string }) => `${r.field}:${r.newValue}`)).toEqual(['lastName:Бета', 'Город:Пермь', 'Город:Казань']);
    expect(body.result[2]).toMatchObject({ student: { accountId: studentA.accountId }, attributeId: attrId, oldValue: 'Москва', changedBy: { accountId: owner.accountId } });
  });

  it('filters by student, attribute and dates', async () => {
    const list = async (q: string) => (await call(owner, 'GET', `${P()}?${q}`)).json().result as { newValue: string }[];
    expect((await list(`accountId=${studentA.accountId}`)).map((r) => r.newValue)).toEqual(['Казань']);
    expect((await list('user=Бета')).map((r) => r.newValue)).toEqual(['Бета', 'Пермь']);
    expect((await list(`attributeId=${attrId}`)).map((r) => r.newValue)).toEqual(['Пермь', 'Казань']);
    expect((await list('from=2026-01-11&to=2026-01-12')).map((r) => r.newValue)).toEqual(['Пермь']);
    expect(await list('take=1')).toHaveLength(1);
  });

  it('shows a tutor their own students only', async () => {
    const tutor = await t.signIn('Instructors');
    await t.db.insert(courseInstructors).values({ courseId, accountId: tutor.accountId, courseRole: 'tutor', panelPermissions: [1] });
    await t.db.insert(tutorStudents).values({ courseId, tutorId: tutor.accountId, studentId: studentA.accountId });
    const res = await call(tutor, 'GET', P());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.map((r: { student: { accountId: number } }) => r.student.accountId)).toEqual([studentA.accountId]);
  });

  it('answers 401 to a guest, 403 to a student, 404 to an instructor of another course', async () => {
    expect((await call(null, 'GET', P())).statusCode).toBe(401);
    expect((await call(studentA, 'GET', P())).statusCode).toBe(403);
    const stranger = await t.signIn('Instructors');
    const res = await call(stranger, 'GET', P());
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ ErrorCode: expect.any(String), Title: expect.any(String) });
  });

  it('profile/view: every student for AdminPanelAccess, by account or course', async () => {
    const a = await admin();
    const one = await call(a, 'GET', `${H}/profile/view?accountId=${outsider.accountId}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().result.map((r: { newValue: string }) => r.newValue)).toEqual(['Омск']);
    const course = await call(a, 'GET', `${H}/profile/view?courseId=${courseId}`);
    expect(course.json().result.map((r: { newValue: string }) => r.newValue)).toEqual(['Бета', 'Пермь', 'Казань']);
    const all = await call(a, 'GET', `${H}/profile/view?take=100`);
    expect(all.json().result.map((r: { newValue: string }) => r.newValue)).toEqual(expect.arrayContaining(['Омск', 'Бета', 'Пермь', 'Казань']));
  });

  it("the student page's changes read the same history", async () => {
    const res = await call(owner, 'GET', `/api/instructors/trainings/${courseId}/students/${studentA.accountId}/changes`);
    expect(res.json().profile).toEqual([expect.objectContaining({ field: 'Город', oldValue: 'Москва', newValue: 'Казань' })]);
  });
});
