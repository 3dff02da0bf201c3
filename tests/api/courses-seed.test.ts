import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { upsertAccountFromClaims } from '../../server/auth/accountStore.js';
import { createSession, SESSION_COOKIE } from '../../server/auth/context.js';
import { embeddedIssuer } from '../../server/auth/provider.js';
import { DEMO_ANALYTICS_LABELS, DEMO_ANALYTICS_STUDENTS } from '../../server/db/seed/analytics.js';
import { DEMO_COURSE_LABELS } from '../../server/db/seed/courses.js';
import type { PathsAnalytics, UsageAnalytics } from '../../shared/calls/learningAnalytics.js';
import { seedDemo } from '../../server/db/seed/index.js';
import { accounts, courseGroups, courses, enrolments, identityUsers } from '../../server/db/schema/index.js';
import { createTestApp } from './support/app.js';

/**
 * Demo courses (server/db/seed/courses.ts): the demo accounts are pre-created the way the
 * relying party will find them on first sign-in, so the demo instructor teaches the demo
 * courses and the demo student studies in one from the start.
 */
const t = await createTestApp();
const issuer = embeddedIssuer(t.app.config);

/** Signs in as a demo login the way the relying party does: upsert by (issuer, sub), then a session. */
async function signInDemo(login: string) {
  const [user] = await t.db.select().from(identityUsers).where(eq(identityUsers.login, login));
  const account = await upsertAccountFromClaims(t.db, issuer, {
    sub: String(user.id),
    email: user.email,
    given_name: user.firstName,
    family_name: user.lastName,
    role: user.role,
    ...Object.fromEntries(user.flags.map((f) => [`Role_${f}`, true])),
  });
  const token = await createSession(t.db, account.id, 1);
  return { accountId: account.id, headers: { cookie: `${SESSION_COOKIE}=${token}` } };
}

beforeAll(async () => {
  expect(await seedDemo(t.db, { storage: t.app.storage, issuer })).toBe(true);
}, 120_000);

describe('demo courses', () => {
  it('pre-creates one account per demo login, which sign-in then reuses', async () => {
    const before = await t.db.select().from(accounts).where(eq(accounts.issuer, issuer));
    expect(before.map((a) => a.email).sort()).toEqual(
      ['gleb.old@example.com', 'graduate@example.com', 'instructor@example.com', 'root@example.com', 'student2@example.com', 'student@example.com', 'teacher@example.com'].sort(),
    );
    const instructor = await signInDemo('instructor@example.com');
    expect(instructor.accountId).toBe(before.find((a) => a.email === 'instructor@example.com')!.id);
    expect((await t.db.select().from(accounts).where(eq(accounts.email, 'instructor@example.com'))).length).toBe(1);
  });

  it('the demo instructor runs a current, an application, a future and a past course of the demo program, and the analytics course', async () => {
    const instructor = await signInDemo('instructor@example.com');
    const list = (url: string) => t.app.inject({ method: 'GET', url, headers: instructor.headers }).then((r) => r.json());
    const all = await list('/api/instructors/Trainings/List?dateFilter=0');
    expect(all.result.map((c: { label: string }) => c.label).sort()).toEqual(
      [DEMO_COURSE_LABELS.current, DEMO_COURSE_LABELS.application, DEMO_COURSE_LABELS.future, DEMO_COURSE_LABELS.past, DEMO_ANALYTICS_LABELS.course].sort(),
    );
    const current = await list('/api/instructors/Trainings/List');
    expect(current.result.map((c: { label: string; joinMode: string }) => [c.label, c.joinMode]).sort()).toEqual(
      [
        [DEMO_COURSE_LABELS.current, 'direct'],
        [DEMO_COURSE_LABELS.application, 'application'],
        [DEMO_ANALYTICS_LABELS.course, 'application'],
      ].sort(),
    );
    expect((await list('/api/instructors/Trainings/List?dateFilter=2')).result[0].label).toBe(DEMO_COURSE_LABELS.future);
    expect((await list('/api/instructors/Trainings/List?dateFilter=3')).result[0].label).toBe(DEMO_COURSE_LABELS.past);
    const sets = await list('/api/instructors/sets');
    expect(sets).toEqual([expect.objectContaining({ label: DEMO_COURSE_LABELS.courseGroup, coursesCount: 2, canManage: true })]);
    // the demo teacher (no flags) tutors the current course
    const teacher = await signInDemo('teacher@example.com');
    const tutored = (await t.app.inject({ method: 'GET', url: '/api/instructors/Trainings/List', headers: teacher.headers })).json();
    expect(tutored.result.map((c: { label: string; myRole: string }) => [c.label, c.myRole])).toEqual([[DEMO_COURSE_LABELS.current, 'tutor']]);
  });

  it('the demo student studies in the current course; the group holds two courses', async () => {
    const student = await signInDemo('student@example.com');
    const [course] = await t.db.select().from(courses).where(eq(courses.label, DEMO_COURSE_LABELS.current));
    const rows = await t.db.select().from(enrolments).where(and(eq(enrolments.accountId, student.accountId), eq(enrolments.status, 1)));
    expect(rows.map((r) => r.courseId)).toEqual([course.id]);
    const [group] = await t.db.select().from(courseGroups).where(eq(courseGroups.label, DEMO_COURSE_LABELS.courseGroup));
    expect(group).toBeDefined();
  });
});

describe('the analytics demo course', () => {
  it('has thirty students with a funnel of progress, stops, an order of their own, visits, watch time and re-watched video', async () => {
    const instructor = await signInDemo('instructor@example.com');
    const [course] = await t.db.select().from(courses).where(eq(courses.label, DEMO_ANALYTICS_LABELS.course));
    const get = (path: string) => t.app.inject({ method: 'GET', url: `/api/instructors/trainings/${course.id}${path}`, headers: instructor.headers }).then((r) => r.json());
    const paths = (await get('/analytics/paths')) as PathsAnalytics;
    expect(paths.students).toBe(DEMO_ANALYTICS_STUDENTS);
    expect(paths.steps).toHaveLength(9);
    expect(paths.steps[0].reached).toBeGreaterThan(paths.steps[8].reached);
    expect(paths.steps.some((s) => s.stoppedHere > 0)).toBe(true);
    expect(paths.offOrder).toBeGreaterThan(0);
    const usage = (await get('/analytics/usage')) as UsageAnalytics;
    expect(usage.active).toBeGreaterThan(0);
    expect(usage.inactive).toBeGreaterThan(0);
    expect(usage.byGroup).toHaveLength(2);
    expect(usage.days.reduce((n, d) => n + d.visits, 0)).toBeGreaterThan(0);
    expect(usage.days.reduce((n, d) => n + d.watchSeconds, 0)).toBeGreaterThan(0);
    expect(usage.days.reduce((n, d) => n + d.answers, 0)).toBeGreaterThan(0);
    expect(usage.rewatched.length).toBeGreaterThan(0);
  });
});
