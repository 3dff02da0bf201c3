import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  accounts,
  achievements,
  answers,
  attempts,
  attributes,
  attributeValues,
  auditLog,
  certificates,
  courses,
  enrolments,
  exerciseProgress,
  exercises,
  freeQuestions,
  lessons,
  programs,
  sessions,
  slides,
} from '../../server/db/schema/index.js';
import { createTestApp, type SignedIn } from './support/app.js';

/**
 * Issue 13 item 6: profile merge (`GET|POST /api/ProfileCombine`, AdminPanelAccess and
 * MergingProfiles): the preview counts what moves, the merge moves it in one transaction with the
 * stated conflict rule (the better progress survives, both attempts kept in history), audited.
 */
const t = await createTestApp();
const admin = () => t.signIn('Instructors', { flags: ['AdminPanelAccess', 'MergingProfiles'] });
const preview = (who: SignedIn | null, emailString: string) =>
  t.app.inject({ method: 'GET', url: `/api/ProfileCombine?emailString=${encodeURIComponent(emailString)}`, headers: who?.headers ?? {} });
const merge = (who: SignedIn | null, body: unknown) => t.app.inject({ method: 'POST', url: '/api/ProfileCombine', headers: who?.headers ?? {}, payload: body as object });

/** A course with one exercise of one question slide. */
async function course() {
  const [p] = await t.db.insert(programs).values({ label: 'Программа', isReady: true }).returning();
  const [l] = await t.db.insert(lessons).values({ programId: p.id, label: 'Урок' }).returning();
  const [ex] = await t.db.insert(exercises).values({ programId: p.id, lessonId: l.id, label: 'Тест', exerciseType: 20, completionCondition: 20 }).returning();
  const [q] = await t.db.insert(freeQuestions).values({ programId: p.id, label: 'Вопрос', inputType: 2 as never, correctValues: ['да'] }).returning();
  const [s] = await t.db.insert(slides).values({ exerciseId: ex.id, sequence: 1, pageType: 2, label: 'Слайд', content: { kind: 'question' }, contentKind: 40, freeQuestionId: q.id } as typeof slides.$inferInsert).returning();
  const [c] = await t.db.insert(courses).values({ programId: p.id, label: 'Курс', isPublished: true }).returning();
  return { courseId: c.id, exerciseId: ex.id, slideId: s.id };
}

/** A student who studied the course: enrolment, a finished attempt with an answer, progress. */
async function studied(where: Awaited<ReturnType<typeof course>>, o: { score: number; status: 1 | 4; enrolStatus?: 1 | 2 }) {
  const student = await t.signIn('Students');
  await t.db.insert(enrolments).values({ courseId: where.courseId, accountId: student.accountId, status: o.enrolStatus ?? 1, progress: o.status === 4 ? 1 : 0 });
  const [a] = await t.db.insert(attempts).values({ accountId: student.accountId, courseId: where.courseId, exerciseId: where.exerciseId, status: 'completed' as never, score: o.score, maxScore: 10 }).returning();
  await t.db.insert(answers).values({ attemptId: a.id, slideId: where.slideId, questionKind: 40 as never, value: { value: `ответ ${o.score}` }, score: o.score });
  await t.db.insert(exerciseProgress).values({ accountId: student.accountId, courseId: where.courseId, exerciseId: where.exerciseId, status: o.status, score: o.score, lastAttemptId: a.id });
  const email = (await t.db.select({ email: accounts.email }).from(accounts).where(eq(accounts.id, student.accountId)))[0].email;
  return { ...student, email, attemptId: a.id };
}

describe('profile merge', () => {
  it('previews both accounts with what would move, and lists unknown e-mails', async () => {
    const where = await course();
    const a = await studied(where, { score: 5, status: 1 });
    const b = await studied(where, { score: 9, status: 4 });
    const res = await preview(await admin(), `${a.email}, ${b.email.toUpperCase()}; nobody@example.com`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.notFound).toEqual(['nobody@example.com']);
    expect(body.accounts.map((x: { accountId: number }) => x.accountId)).toEqual([a.accountId, b.accountId]);
    expect(body.accounts[1].counts).toEqual({ enrolments: 1, attempts: 1, answers: 1, certificates: 0, achievements: 0, attributeValues: 0 });
  });

  it('moves everything to the surviving account, keeps both attempts and the better progress, audits it', async () => {
    const where = await course();
    const survivor = await studied(where, { score: 5, status: 1, enrolStatus: 2 });
    const merged = await studied(where, { score: 9, status: 4 });
    await t.db.insert(certificates).values({ courseId: where.courseId, studentId: merged.accountId, title: 'Сертификат', date: '2026-01-01' });
    await t.db.insert(achievements).values([
      { accountId: survivor.accountId, kind: 'first_training' as never },
      { accountId: merged.accountId, kind: 'first_training' as never },
      { accountId: merged.accountId, kind: 'profile_completed' as never },
    ]);
    const [attr] = await t.db.insert(attributes).values({ type: 1 as never, label: 'Город', name: 'city' }).returning();
    await t.db.insert(attributeValues).values([
      { accountId: survivor.accountId, attributeId: attr.id, value: 'Москва' },
      { accountId: merged.accountId, attributeId: attr.id, value: 'Казань' },
    ]);
    // the merged account's own audit trail is history: never rewritten to the survivor
    await t.db.insert(auditLog).values({ accountId: merged.accountId, action: 'account-link', tableName: 'account_links', recordId: '1' });
    const who = await admin();

    const res = await merge(who, { survivingAccountId: survivor.accountId, mergedAccountId: merged.accountId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ survivingAccountId: survivor.accountId, moved: { attempts: 1, enrolments: 0 }, superseded: { enrolments: 1, exercise_progress: 1 } });

    // both attempts in history, the merged one renumbered after the survivor's
    const tries = await t.db.select().from(attempts).where(eq(attempts.accountId, survivor.accountId)).orderBy(asc(attempts.attemptNo));
    expect(tries.map((x) => [x.id, x.attemptNo])).toEqual([[survivor.attemptId, 1], [merged.attemptId, 2]]);
    // the better progress (done, 9) survived; the enrolment took the studying status
    const [progress] = await t.db.select().from(exerciseProgress).where(eq(exerciseProgress.accountId, survivor.accountId));
    expect(progress).toMatchObject({ status: 4, score: 9, lastAttemptId: merged.attemptId });
    const enrols = await t.db.select().from(enrolments).where(eq(enrolments.courseId, where.courseId));
    expect(enrols).toHaveLength(1);
    expect(enrols[0]).toMatchObject({ accountId: survivor.accountId, status: 1, progress: 1 });
    expect(await t.db.select().from(certificates).where(eq(certificates.studentId, survivor.accountId))).toHaveLength(1);
    // the survivor's own achievement and attribute value win; the merged one's new kind moves
    const kinds = (await t.db.select().from(achievements).where(eq(achievements.accountId, survivor.accountId))).map((x) => x.kind).sort();
    expect(kinds).toEqual(['first_training', 'profile_completed']);
    const values = await t.db.select().from(attributeValues).where(eq(attributeValues.accountId, survivor.accountId));
    expect(values.map((v) => v.value)).toEqual(['Москва']);
    // the merged account is emptied and signed out
    const left = await t.app.inject({ method: 'GET', url: '/api/ProfileCombine?emailString=' + encodeURIComponent(merged.email), headers: who.headers });
    expect(left.json().accounts[0].counts).toMatchObject({ enrolments: 0, attempts: 0, answers: 0, certificates: 0 });
    expect(await t.db.select().from(sessions).where(eq(sessions.accountId, merged.accountId))).toHaveLength(0);

    expect(await t.db.select().from(auditLog).where(eq(auditLog.accountId, merged.accountId))).toHaveLength(1);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'merge-profiles'));
    expect(entry).toMatchObject({ accountId: who.accountId, tableName: 'accounts', recordId: String(survivor.accountId) });
  });

  it('answers 401 to a guest and 403 without MergingProfiles, and moves nothing', async () => {
    const where = await course();
    const a = await studied(where, { score: 1, status: 1 });
    const b = await studied(where, { score: 2, status: 1 });
    const body = { survivingAccountId: a.accountId, mergedAccountId: b.accountId };
    expect((await merge(null, body)).statusCode).toBe(401);
    expect((await preview(null, a.email)).statusCode).toBe(401);
    const panelOnly = await t.signIn('Instructors', { flags: ['AdminPanelAccess'] });
    for (const who of [panelOnly, await t.signIn('Students'), a]) {
      expect((await merge(who, body)).statusCode).toBe(403);
      expect((await preview(who, a.email)).statusCode).toBe(403);
    }
    expect(await t.db.select().from(attempts).where(eq(attempts.accountId, b.accountId))).toHaveLength(1);
  });

  it('refuses bad input: the same account twice, an unknown account, a staff account', async () => {
    const where = await course();
    const a = await studied(where, { score: 1, status: 1 });
    const who = await admin();
    const same = await merge(who, { survivingAccountId: a.accountId, mergedAccountId: a.accountId });
    expect(same.statusCode).toBe(400);
    expect(same.json().errors).toHaveProperty('mergedAccountId');
    expect((await merge(who, { survivingAccountId: a.accountId, mergedAccountId: 99_999_999 })).statusCode).toBe(404);
    expect((await merge(who, { survivingAccountId: 'x', mergedAccountId: a.accountId })).statusCode).toBe(400);
    const staff = await t.signIn('Instructors');
    const res = await merge(who, { survivingAccountId: a.accountId, mergedAccountId: staff.accountId });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('mergedAccountId');
    expect((await preview(who, '')).statusCode).toBe(400);
    expect(await t.db.select().from(attempts).where(eq(attempts.accountId, a.accountId))).toHaveLength(1);
  });
});
