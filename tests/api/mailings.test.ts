import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { enrolments, groups, mailings, mailOutbox, schedules, tasks } from '../../server/db/schema/index.js';
import { MAIL_DATED_RULES_JOB, mailingEvent } from '../../server/modules/mailings/index.js';
import { runDatedRules } from '../../server/modules/mailings/triggers.js';
import { claimNext } from '../../server/mail/outbox.js';
import { createTestApp, type SignedIn } from './support/app.js';
import { courseHelpers } from './support/courses.js';

/** Course mailings without SMTP_URL: access, validation, scheduling, dated rules and the outbox Root reads. */
const t = await createTestApp();
const { call, seedProgram, createCourse } = courseHelpers(t);
const M = (courseId: number) => `/api/instructors/trainings/${courseId}/mailings`;
const DAY = 86_400_000;

let owner: SignedIn, other: SignedIn, student: SignedIn, s2: SignedIn, root: SignedIn;
let courseId: number, othersCourseId: number, othersGroupId: number, exerciseId: number;
let draftId: number;

const rowCount = async () => (await t.db.select({ n: count() }).from(mailings))[0].n;
const lettersOf = (mailingId: number) => t.db.select().from(mailOutbox).where(eq(mailOutbox.mailingId, mailingId));

beforeAll(async () => {
  owner = await t.signIn('Instructors');
  other = await t.signIn('Instructors');
  student = await t.signIn('Students', { email: 'ml-s1@test.local' });
  s2 = await t.signIn('Students', { email: 'ml-s2@test.local' });
  root = await t.signIn('Root');
  const p = await seedProgram('P');
  exerciseId = p.exercises[0].id;
  courseId = (await createCourse(owner, p.program.id, { label: 'Курс' })).id;
  othersCourseId = (await createCourse(other, p.program.id, { label: 'Чужой' })).id;
  [{ id: othersGroupId }] = await t.db.insert(groups).values({ courseId: othersCourseId, label: 'G' }).returning();
  await t.db.insert(enrolments).values([{ courseId, accountId: student.accountId }, { courseId, accountId: s2.accountId }]);
  const draft = await call(owner, 'POST', M(courseId), { kind: 'manual', subject: 'Тема', body: '<p>Текст</p>' });
  expect(draft.statusCode, draft.body).toBe(201);
  draftId = draft.json().id;
});

describe('access', () => {
  const calls = () =>
    [
      ['GET', M(courseId)],
      ['POST', M(courseId), { kind: 'manual', subject: 'x', body: '<p>x</p>' }],
      ['POST', `${M(courseId)}/preview`, { subject: 'x', body: '<p>x</p>' }],
      ['GET', `${M(courseId)}/${draftId}`],
      ['PUT', `${M(courseId)}/${draftId}`, { kind: 'manual', subject: 'Взлом', body: '<p>x</p>' }],
      ['DELETE', `${M(courseId)}/${draftId}`],
      ['POST', `${M(courseId)}/${draftId}/send`, {}],
      ['GET', `${M(courseId)}/${draftId}/recipients`],
    ] as const;
  it('401 without a session, 403 for a student, 404 for an instructor of another course; nothing changes', async () => {
    const before = await rowCount();
    for (const [m, u, b] of calls()) {
      expect((await call(null, m, u, b)).statusCode, `${m} ${u}`).toBe(401);
      expect((await call(student, m, u, b)).statusCode, `${m} ${u}`).toBe(403);
      const res = await call(other, m, u, b);
      expect(res.statusCode, `${m} ${u}`).toBe(404);
      expect(res.json().ErrorCode).toBe('TrainingNotFound');
    }
    expect(await rowCount()).toBe(before);
    const [draft] = await t.db.select().from(mailings).where(eq(mailings.id, draftId));
    expect(draft).toMatchObject({ subject: 'Тема', scheduledAt: null, sentAt: null });
  });
  it("a mailing of another course is not found through this course's path", async () => {
    const theirs = await call(other, 'POST', M(othersCourseId), { kind: 'manual', subject: 'Их', body: '<p>x</p>' });
    expect(theirs.statusCode).toBe(201);
    for (const [m, u, b] of [['GET', `${M(courseId)}/${theirs.json().id}`], ['DELETE', `${M(courseId)}/${theirs.json().id}`], ['POST', `${M(courseId)}/${theirs.json().id}/send`, {}]] as const) {
      const res = await call(owner, m, u, b);
      expect(res.statusCode, `${m} ${u}`).toBe(404);
      expect(res.json().ErrorCode).toBe('MailingNotFound');
    }
    expect((await t.db.select().from(mailings).where(eq(mailings.id, theirs.json().id)))[0].scheduledAt).toBeNull();
  });
  it('the outbox is Root’s only', async () => {
    expect((await call(null, 'GET', '/api/admin/mail-outbox')).statusCode).toBe(401);
    expect((await call(student, 'GET', '/api/admin/mail-outbox')).statusCode).toBe(403);
    expect((await call(owner, 'GET', '/api/admin/mail-outbox')).statusCode).toBe(403);
    expect((await call(root, 'GET', '/api/admin/mail-outbox')).statusCode).toBe(200);
  });
});

describe('bad input', () => {
  it('refuses a rule without an event, unknown fields, a blank body, a group of another course, bad days; nothing is written', async () => {
    const before = await rowCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'auto', subject: 'x', body: '<p>x</p>' }, 'trigger'],
      [{ kind: 'manual', trigger: 'enrolled', subject: 'x', body: '<p>x</p>' }, 'trigger'],
      [{ kind: 'manual', subject: 'Привет, {name}', body: '<p>x</p>' }, 'subject'],
      [{ kind: 'manual', subject: 'x', body: '<p><script>alert(1)</script></p>' }, 'body'],
      [{ kind: 'manual', subject: 'x', body: '<p>x</p>', recipients: { groupIds: [othersGroupId] } }, 'recipients'],
      [{ kind: 'auto', trigger: 'courseStart', offsetDays: 999, subject: 'x', body: '<p>x</p>' }, 'offsetDays'],
      [{ kind: 'manual', subject: '', body: '<p>x</p>' }, 'subject'],
      [{ kind: 'weekly', subject: 'x', body: '<p>x</p>' }, 'kind'],
    ];
    for (const [body, field] of cases) {
      const res = await call(owner, 'POST', M(courseId), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().ErrorCode).toBe('ValidationError');
      expect(Object.keys(res.json().errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect((await call(owner, 'POST', M(courseId), { kind: 'manual', subject: 'x', body: '<p>x</p>' }, { 'accept-language': 'en' })).statusCode).toBe(201);
    expect(await rowCount()).toBe(before + 1);
  });
  it('refuses a time in the past and sending an automatic rule', async () => {
    const past = await call(owner, 'POST', `${M(courseId)}/${draftId}/send`, { at: new Date(Date.now() - DAY).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors.at).toBe('Время отправки уже прошло');
    const rule = await call(owner, 'POST', M(courseId), { kind: 'auto', trigger: 'enrolled', subject: 'x', body: '<p>x</p>', isEnabled: false });
    const res = await call(owner, 'POST', `${M(courseId)}/${rule.json().id}/send`, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().ErrorCode).toBe('MailingNotManual');
    expect((await t.db.select().from(mailings).where(eq(mailings.id, draftId)))[0].scheduledAt).toBeNull();
  });
});

describe('sending without SMTP', () => {
  it('a mailing scheduled later writes nothing yet; rescheduled to now, its task writes one queued letter per student, kept in the outbox for Root', async () => {
    const later = await call(owner, 'POST', `${M(courseId)}/${draftId}/send`, { at: new Date(Date.now() + DAY).toISOString() });
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json().state).toBe('scheduled');
    // editing a scheduled mailing is allowed; the task renders what is there at its time
    const edit = await call(owner, 'PUT', `${M(courseId)}/${draftId}`, { kind: 'manual', subject: 'Тема для {student}', body: '<p>Курс {course}</p>' });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await lettersOf(draftId)).toHaveLength(0);

    const now = await call(owner, 'POST', `${M(courseId)}/${draftId}/send`, {});
    expect(now.statusCode).toBe(200);
    const until = Date.now() + 15_000;
    while ((await t.db.select().from(mailings).where(eq(mailings.id, draftId)))[0].sentAt === null && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    const letters = await lettersOf(draftId);
    expect(letters.map((l) => l.to).sort()).toEqual(['ml-s1@test.local', 'ml-s2@test.local']);
    expect(letters.every((l) => l.status === 'queued' && l.sentAt === null)).toBe(true);
    expect(letters[0].subject).toMatch(/^Тема для Тест Students$/);
    // both tasks are mailing-data tasks of the course; the superseded one wrote nothing
    const jobs = await t.db.select().from(tasks).where(eq(tasks.courseId, courseId));
    expect(jobs.filter((j) => j.type === 13).length).toBe(2);

    const outbox = await call(root, 'GET', '/api/admin/mail-outbox?status=queued');
    expect(outbox.json().items.filter((i: { mailingId: number }) => i.mailingId === draftId)).toHaveLength(2);
    const recipients = await call(owner, 'GET', `${M(courseId)}/${draftId}/recipients`);
    expect(recipients.json().map((r: { status: string }) => r.status)).toEqual(['queued', 'queued']);
    // a sent mailing is not edited
    const late = await call(owner, 'PUT', `${M(courseId)}/${draftId}`, { kind: 'manual', subject: 'Другая', body: '<p>x</p>' });
    expect(late.statusCode).toBe(409);
  });
});

describe('automatic rules by date and by event', () => {
  it('"course starts in N days" writes each student one letter in the window, however often it runs', async () => {
    const p = await seedProgram('P2');
    const c = (await createCourse(owner, p.program.id, { label: 'Скоро', begin: new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10) })).id;
    await t.db.insert(enrolments).values({ courseId: c, accountId: student.accountId });
    const rule = await call(owner, 'POST', M(c), { kind: 'auto', trigger: 'courseStart', offsetDays: 3, subject: 'Старт {startDate}', body: '<p>{course}</p>' });
    const far = await call(owner, 'POST', M(c), { kind: 'auto', trigger: 'courseStart', offsetDays: 1, subject: 'Завтра', body: '<p>{course}</p>' });
    await runDatedRules(t.db);
    await runDatedRules(t.db);
    expect((await lettersOf(rule.json().id)).map((l) => l.to)).toEqual(['ml-s1@test.local']);
    expect(await lettersOf(far.json().id)).toHaveLength(0);
  });
  it("the dated rules run on pg-boss's schedule (every minute, one run per minute across processes), not on each process's poll", async () => {
    const p = await seedProgram('P4');
    const c = (await createCourse(owner, p.program.id, { label: 'По расписанию', begin: new Date(Date.now() + DAY).toISOString().slice(0, 10) })).id;
    await t.db.insert(enrolments).values({ courseId: c, accountId: student.accountId });
    const rule = await call(owner, 'POST', M(c), { kind: 'auto', trigger: 'courseStart', offsetDays: 2, subject: 'Скоро старт', body: '<p>{course}</p>' });
    expect(rule.statusCode, rule.body).toBe(201);
    await t.app.jobs.ready();
    const schedule = await t.db.execute(sql`select "cron" from pgboss.schedule where "name" = ${MAIL_DATED_RULES_JOB}`);
    const rows = (Array.isArray(schedule) ? schedule : (schedule as { rows: { cron: string }[] }).rows) as { cron: string }[];
    expect(rows.map((r) => r.cron)).toEqual(['* * * * *']);
    // an occurrence, as the schedule sends it: a job on the queue that a worker runs
    await t.app.jobs.runNow(MAIL_DATED_RULES_JOB);
    const end = Date.now() + 15_000;
    while ((await lettersOf(rule.json().id)).length === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
    expect((await lettersOf(rule.json().id)).map((l) => l.to)).toEqual(['ml-s1@test.local']);
  });
  it('"exercise deadline in N days" names the exercise', async () => {
    await t.db.insert(schedules).values({ courseId, exerciseId, begin: new Date(Date.now() - DAY), end: new Date(Date.now() + DAY) });
    const rule = await call(owner, 'POST', M(courseId), { kind: 'auto', trigger: 'exerciseDeadline', offsetDays: 2, subject: 'Срок: {exercise}', body: '<p>{exercise}</p>', recipients: { statuses: [1] } });
    expect(rule.statusCode, rule.body).toBe(201);
    await runDatedRules(t.db);
    const letters = await lettersOf(rule.json().id);
    expect(letters).toHaveLength(2);
    expect(letters[0].subject).toBe('Срок: Тест');
  });
  it('a student joining by themselves gets the "enrolled" letter, once', async () => {
    const p = await seedProgram('P3');
    const c = (await createCourse(owner, p.program.id, { label: 'Открытый', joinMode: 'direct' })).id;
    const pub = await call(owner, 'PUT', `/api/instructors/trainings/${c}/settings`, { begin: new Date(Date.now() - DAY).toISOString().slice(0, 10), end: new Date(Date.now() + 60 * DAY).toISOString().slice(0, 10), joinMode: 'direct', isPublished: true });
    expect(pub.statusCode, pub.body).toBe(200);
    const rule = await call(owner, 'POST', M(c), { kind: 'auto', trigger: 'enrolled', subject: 'Добро пожаловать на {course}', body: '<p>x</p>' });
    const joined = await call(student, 'POST', `/api/students/trainings/${c}/join`, {});
    expect(joined.statusCode, joined.body).toBe(200);
    await call(student, 'POST', `/api/students/trainings/${c}/join`, {});
    expect((await lettersOf(rule.json().id)).map((l) => [l.to, l.subject])).toEqual([['ml-s1@test.local', 'Добро пожаловать на Открытый']]);
  });
  it('"results approved" mails only that student', async () => {
    const rule = await call(owner, 'POST', M(courseId), { kind: 'auto', trigger: 'resultsApproved', subject: 'Проверено: {exercise}', body: '<p>x</p>' });
    await mailingEvent(t.db, { trigger: 'resultsApproved', courseId, accountIds: [s2.accountId], exerciseId });
    expect((await lettersOf(rule.json().id)).map((l) => [l.to, l.subject])).toEqual([['ml-s2@test.local', 'Проверено: Тест']]);
  });
});

describe('the outbox after a restart', () => {
  it('claims each due letter once (two senders at once), never a sent one, and takes back one whose sender died', async () => {
    // the dated rules of the tests above, off: their scheduled run (every minute) would write their letters again here
    await t.db.update(mailings).set({ isEnabled: false });
    await t.db.delete(mailOutbox);
    const base = { subject: 's', html: '<p>x</p>' };
    await t.db.insert(mailOutbox).values([
      ...Array.from({ length: 6 }, (_, i) => ({ ...base, to: `q${i}@test.local` })),
      { ...base, to: 'sent@test.local', status: 'sent' as const, sentAt: new Date() },
      { ...base, to: 'held@test.local', status: 'sending' as const, claimedUntil: new Date(Date.now() + 60_000), attempts: 1 },
      { ...base, to: 'dead@test.local', status: 'sending' as const, claimedUntil: new Date(Date.now() - 1000), attempts: 1 },
      { ...base, to: 'later@test.local', nextAttemptAt: new Date(Date.now() + 60_000), attempts: 1 },
    ]);
    // two senders claiming at once, one letter per claim, until nothing is due
    const sender = async () => {
      const got: NonNullable<Awaited<ReturnType<typeof claimNext>>>[] = [];
      for (let l = await claimNext(t.db, 'elp.test'); l; l = await claimNext(t.db, 'elp.test')) got.push(l);
      return got;
    };
    const [a, b] = await Promise.all([sender(), sender()]);
    const claimed = [...a, ...b].map((l) => l.to).sort();
    expect(claimed).toEqual(['dead@test.local', ...Array.from({ length: 6 }, (_, i) => `q${i}@test.local`)].sort());
    expect(new Set(claimed).size).toBe(claimed.length);
    expect([...a, ...b].find((l) => l.to === 'dead@test.local')!.attempts).toBe(2);
    expect(await claimNext(t.db, 'elp.test')).toBeNull();
    // each claimed letter has its own Message-ID, stored before it is sent; the one taken back from a dead sender is "resent"
    const rows = await t.db.select().from(mailOutbox);
    const ids = rows.filter((r) => r.status === 'sending' && r.to !== 'held@test.local').map((r) => r.messageId);
    expect(ids).toHaveLength(7);
    for (const id of ids) expect(id).toMatch(/^<[0-9a-f-]{36}@elp\.test>$/);
    expect(new Set(ids).size).toBe(7);
    expect(rows.filter((r) => r.resent).map((r) => r.to)).toEqual(['dead@test.local']);
  });
});
