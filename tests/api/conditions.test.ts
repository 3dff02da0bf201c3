import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  accounts,
  attempts,
  certificates,
  courses,
  enrollmentApplications,
  enrolments,
  exerciseProgress,
  expulsionApplications,
  notifications,
  predicateRuns,
} from '../../server/db/schema/index.js';
import { runDatedConditions } from '../../server/modules/conditions/engine.js';
import { EXECUTE_INLINE_LIMIT } from '../../server/modules/conditions/conditions.js';
import { createTestApp, type SignedIn } from './support/app.js';
import { courseHelpers } from './support/courses.js';

/**
 * A course's automation conditions (API "predicates", spec 3 §7.9) and the conditions templates:
 * guards of every call, firing on a student's results (once), execute, deadlines, templates.
 */
const t = await createTestApp();
const { call, seedProgram, createCourse, waitForTask } = courseHelpers(t);

let owner: SignedIn, tutor: SignedIn, noFlag: SignedIn, stranger: SignedIn, root: SignedIn, student: SignedIn, student2: SignedIn;
let program: Awaited<ReturnType<typeof seedProgram>>, otherProgram: Awaited<ReturnType<typeof seedProgram>>;
let courseId: number, sameProgramCourseId: number, otherProgramCourseId: number, strangerCourseId: number;
let test: number, lecture: number, lessonId: number;

const P = (c: number) => `/api/instructors/trainings/${c}/predicate`;
const state = (extra: Record<string, unknown> = {}) => ({ label: 'Допуск', eventType: 'completed', exerciseIds: [test, lecture], state: 'Допущен к экзамену', ...extra });

async function create(kind: 'state' | 'application' | 'document-generation', body: Record<string, unknown>, who = owner, c = courseId) {
  const res = await call(who, 'POST', `${P(c)}/${kind}`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; fired: number; description: string; exercises: { id: number }[] };
}

/** The student starts and finishes an exercise of the course (no questions: completed at once). */
async function complete(who: SignedIn, exerciseId: number, c = courseId) {
  const base = `/api/trainings/${c}/exercises/${exerciseId}`;
  const start = await call(who, 'POST', `${base}/Pages`, { slideId: 'start' });
  expect(start.statusCode, start.body).toBe(200);
  const finish = await call(who, 'POST', `${base}/finish`);
  expect(finish.statusCode, finish.body).toBe(200);
}

const runsOf = (predicateId: number) => t.db.select().from(predicateRuns).where(eq(predicateRuns.predicateId, predicateId));

beforeAll(async () => {
  owner = await t.signIn('Instructors', { email: 'cond-owner@test.local' });
  tutor = await t.signIn('Instructors', { email: 'cond-tutor@test.local' });
  noFlag = await t.signIn('Instructors', { email: 'cond-noflag@test.local', flags: [] });
  stranger = await t.signIn('Instructors', { email: 'cond-stranger@test.local' });
  root = await t.signIn('Root');
  student = await t.signIn('Students');
  student2 = await t.signIn('Students');
  program = await seedProgram('Программа условий');
  otherProgram = await seedProgram('Другая программа');
  [test, lecture] = program.exercises.map((e) => e.id);
  lessonId = program.lesson.id;
  courseId = (await createCourse(owner, program.program.id, { label: 'Курс с условиями' })).id;
  sameProgramCourseId = (await createCourse(owner, program.program.id, { label: 'Второй поток' })).id;
  otherProgramCourseId = (await createCourse(owner, otherProgram.program.id, { label: 'Курс другой программы' })).id;
  strangerCourseId = (await createCourse(stranger, program.program.id, { label: 'Чужой курс' })).id;
  await t.db.update(courses).set({ isPublished: true });
  // a tutor of the course (reads, does not change), the no-flag instructor also on its staff
  for (const who of [tutor, noFlag]) {
    const res = await call(owner, 'POST', `/api/instructors/trainings/${courseId}/Instructors/Include`, { emails: [who === tutor ? 'cond-tutor@test.local' : 'cond-noflag@test.local'], courseRole: 'tutor' });
    expect(res.statusCode, res.body).toBeLessThan(300);
  }
  await t.db.insert(enrolments).values([{ courseId, accountId: student.accountId }, { courseId, accountId: student2.accountId }]);
});

describe('guards of every call', () => {
  let id: number;
  let templateId: number;
  beforeAll(async () => {
    id = (await create('state', state({ label: 'Для проверки прав' }))).id;
    const res = await call(owner, 'POST', '/api/instructors/CreateTemplates', { label: 'Права', trainingId: courseId, predicateIds: [id] });
    expect(res.statusCode, res.body).toBe(201);
    templateId = res.json().id;
  });

  const calls = () => [
    { method: 'GET', url: `${P(courseId)}/description` },
    { method: 'GET', url: `${P(courseId)}/attributes` },
    { method: 'GET', url: `/api/instructors/predicate/${id}/info`, courseless: true },
    { method: 'POST', url: `${P(courseId)}/state`, body: state(), write: true },
    { method: 'PUT', url: `${P(courseId)}/state/${id}`, body: state(), write: true },
    { method: 'POST', url: `${P(courseId)}/application`, body: { ...state(), application: 'expulsion' }, write: true },
    { method: 'PUT', url: `${P(courseId)}/application/${id}`, body: { ...state(), application: 'expulsion' }, write: true },
    { method: 'POST', url: `${P(courseId)}/document-generation`, body: { ...state(), title: 'Сертификат' }, write: true },
    { method: 'PUT', url: `${P(courseId)}/document-generation/${id}`, body: { ...state(), title: 'Сертификат' }, write: true },
    { method: 'POST', url: `${P(courseId)}/${id}/exercises/include`, body: { exerciseIds: [test] }, write: true },
    { method: 'POST', url: `${P(courseId)}/${id}/exercises/exclude`, body: { exerciseIds: [999_999] }, write: true },
    { method: 'POST', url: `${P(courseId)}/sequence`, body: { predicateIds: [id] }, write: true },
    { method: 'POST', url: `${P(courseId)}/${id}/execute`, write: true },
    { method: 'POST', url: `${P(courseId)}/${id}/copy`, write: true },
    { method: 'DELETE', url: `${P(courseId)}/${id}`, write: true },
    { method: 'GET', url: `${P(courseId)}/templates` },
    { method: 'POST', url: `${P(courseId)}/templates/${templateId}`, write: true },
    { method: 'POST', url: '/api/instructors/CreateTemplates', body: { label: 'x', trainingId: courseId }, write: true, courseless: true },
    { method: 'GET', url: '/api/instructors/templates/all', courseless: true },
    { method: 'GET', url: `/api/instructors/templates/${templateId}/selected`, courseless: true },
  ];

  it('401 signed out, 403 for a student and for an instructor without a program flag', async () => {
    for (const c of calls()) {
      expect((await call(null, c.method, c.url, c.body)).statusCode, `${c.method} ${c.url}`).toBe(401);
      expect((await call(student, c.method, c.url, c.body)).statusCode, `${c.method} ${c.url}`).toBe(403);
      const denied = await call(noFlag, c.method, c.url, c.body);
      expect(denied.statusCode, `${c.method} ${c.url}`).toBe(403);
      expect(denied.json()).toMatchObject({ ErrorCode: 'Forbidden', Title: expect.any(String), Description: expect.any(String) });
    }
  });

  it('404 for staff of another course; 403 for a tutor where it changes the course', async () => {
    for (const c of calls()) {
      const res = await call(stranger, c.method, c.url, c.body);
      // templates/all answers the stranger with their own (none of ours)
      if (c.url.endsWith('/templates/all')) expect(res.json()).toEqual([]);
      else expect(res.statusCode, `${c.method} ${c.url}: ${res.body}`).toBe(404);
      if (c.write) expect((await call(tutor, c.method, c.url, c.body)).statusCode, `${c.method} ${c.url}`).toBe(403);
    }
    expect((await call(tutor, 'GET', `${P(courseId)}/description`)).statusCode).toBe(200);
    expect((await call(tutor, 'GET', `/api/instructors/predicate/${id}/info`)).statusCode).toBe(200);
  });

  it('400 in the spec’s shape for bad input', async () => {
    const bad = [
      { url: `${P(courseId)}/state`, body: { ...state(), label: '' }, field: 'label' },
      { url: `${P(courseId)}/state`, body: { ...state(), eventType: 'sometime' }, field: 'eventType' },
      { url: `${P(courseId)}/state`, body: state({ exerciseIds: [], lessonIds: [] }), field: 'exerciseIds' },
      { url: `${P(courseId)}/state`, body: state({ exerciseIds: [otherProgram.exercises[0].id] }), field: 'exerciseIds' },
      { url: `${P(courseId)}/state`, body: state({ eventType: 'deadlineMissed' }), field: 'date' },
      { url: `${P(courseId)}/state`, body: state({ eventType: 'deadlineMissed', date: '31.02.2026' }), field: 'date' },
      { url: `${P(courseId)}/state`, body: state({ minScorePercent: 101 }), field: 'minScorePercent' },
      { url: `${P(courseId)}/application`, body: { ...state(), application: 'enrolment' }, field: 'targetCourseId' },
      { url: `${P(courseId)}/application`, body: { ...state(), application: 'enrolment', targetCourseId: strangerCourseId }, field: 'targetCourseId' },
      { url: `${P(courseId)}/application`, body: { ...state(), application: 'enrolment', targetCourseId: courseId }, field: 'targetCourseId' },
      { url: `${P(courseId)}/document-generation`, body: state(), field: 'title' },
      { url: `${P(courseId)}/sequence`, body: { predicateIds: [id, id] }, field: 'predicateIds' },
      { url: `${P(courseId)}/${id}/exercises/include`, body: { lessonIds: [otherProgram.lesson.id] }, field: 'lessonIds' },
      { url: `${P(courseId)}/${id}/exercises/exclude`, body: { exerciseIds: [test, lecture] }, field: 'exerciseIds' },
      { url: `${P(courseId)}/${id}/copy`, body: { trainingId: otherProgramCourseId }, field: 'trainingId' },
      { url: '/api/instructors/CreateTemplates', body: { label: '', trainingId: courseId }, field: 'label' },
      { url: '/api/instructors/CreateTemplates', body: { label: 'x', trainingId: courseId, predicateIds: [999_999] }, field: 'predicateIds' },
      { url: '/api/instructors/CreateTemplates', body: { label: 'x' }, field: 'trainingId' },
    ];
    for (const b of bad) {
      const res = await call(owner, 'POST', b.url, b.body);
      expect(res.statusCode, `${b.url} ${JSON.stringify(b.body)}: ${res.body}`).toBe(400);
      expect(res.json(), b.url).toMatchObject({ ErrorCode: expect.any(String), Title: expect.any(String), Description: expect.any(String) });
      expect(res.json().errors?.[b.field], `${b.url}: ${res.body}`).toBeTruthy();
    }
    // the kind of a condition stays: a state condition is not edited as a document one
    const other = await call(owner, 'PUT', `${P(courseId)}/document-generation/${id}`, { ...state(), title: 'x' });
    expect(other.statusCode).toBe(400);
    expect(other.json().ErrorCode).toBe('PredicateKindMismatch');
    expect((await call(owner, 'PUT', `${P(courseId)}/state/abc`, state())).statusCode).toBe(404);
    expect((await call(owner, 'GET', '/api/instructors/predicate/abc/info')).statusCode).toBe(404);
    expect((await call(owner, 'GET', '/api/instructors/templates/abc/selected')).statusCode).toBe(404);
  });

  it('answers the owner and Root', async () => {
    expect((await call(owner, 'GET', `${P(courseId)}/description`)).json()).toEqual(expect.arrayContaining([expect.objectContaining({ id, kind: 'state', state: 'Допущен к экзамену' })]));
    expect((await call(root, 'GET', `/api/instructors/predicate/${id}/info`)).json()).toMatchObject({ id, exercises: [{ id: test }, { id: lecture }] });
    const attrs = (await call(owner, 'GET', `${P(courseId)}/attributes`)).json();
    expect(attrs.lessons[0].exercises.map((e: { id: number }) => e.id)).toEqual([test, lecture]);
    expect(attrs.targetCourses.map((c: { id: number }) => c.id)).toEqual(expect.arrayContaining([sameProgramCourseId, otherProgramCourseId]));
    expect(attrs.targetCourses.map((c: { id: number }) => c.id)).not.toContain(strangerCourseId);
    expect(attrs.targetCourses.map((c: { id: number }) => c.id)).not.toContain(courseId);
    expect(attrs.states).toContain('Допущен к экзамену');
    expect((await call(owner, 'DELETE', `${P(courseId)}/${id}`)).statusCode).toBe(200);
    expect((await call(owner, 'GET', `/api/instructors/predicate/${id}/info`)).statusCode).toBe(404);
  });
});

describe('firing on a student’s results', () => {
  it('a state is set once the linked exercises are completed, and only once', async () => {
    const p = await create('state', state({ label: 'Допуск к экзамену' }));
    expect(p.description).toMatch(/Допущен к экзамену/);
    await complete(student, test);
    expect(await runsOf(p.id)).toHaveLength(0);
    await complete(student, lecture);
    const runs = await runsOf(p.id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ accountId: student.accountId, state: 'Допущен к экзамену' });

    // the students journal shows the state
    const journal = await call(owner, 'GET', `/api/instructors/trainings/${courseId}/StudentsJournal`);
    expect(journal.statusCode, journal.body).toBe(200);
    const row = journal.json().students.find((s: { id: number }) => s.id === student.accountId);
    expect(row.states).toEqual(['Допущен к экзамену']);

    // running it again, and a retake finished again, fire nobody twice
    const again = await call(owner, 'POST', `${P(courseId)}/${p.id}/execute`);
    expect(again.json()).toEqual({ fired: 0, taskId: null });
    expect((await call(student, 'POST', `/api/trainings/${courseId}/exercises/${test}/restart`)).statusCode).toBe(200);
    await complete(student, test);
    expect(await runsOf(p.id)).toHaveLength(1);
    expect((await call(owner, 'GET', `/api/instructors/predicate/${p.id}/info`)).json()).toMatchObject({ fired: 1 });
  });

  it('a lesson links all its exercises; execute fires for those who already qualify', async () => {
    const doc = await create('document-generation', { label: 'Сертификат за урок', eventType: 'completed', lessonIds: [lessonId], title: 'Сертификат слушателя' });
    // the first student completed both before the condition existed: only execute reaches them;
    // the second qualifies later, and the event of their new result fires it
    await complete(student2, lecture);
    expect(await runsOf(doc.id)).toHaveLength(0);
    const run = await call(owner, 'POST', `${P(courseId)}/${doc.id}/execute`);
    expect(run.json()).toEqual({ fired: 1, taskId: null });
    await complete(student2, test);
    const runs = await runsOf(doc.id);
    expect(runs.map((r) => r.accountId).sort()).toEqual([student.accountId, student2.accountId].sort());
    const certs = await t.db.select().from(certificates).where(eq(certificates.courseId, courseId));
    expect(certs.filter((c) => c.title === 'Сертификат слушателя')).toHaveLength(2);
    expect(certs.every((c) => c.fileId === null)).toBe(true);
    expect(runs[0].note).toBe('conditions.note.noFile');
    const n = await t.db.select().from(notifications).where(and(eq(notifications.accountId, student2.accountId), eq(notifications.type, 1)));
    expect(n.length).toBeGreaterThan(0);
    expect((await call(student2, 'GET', '/api/students/credentials')).json()).toEqual(expect.arrayContaining([expect.objectContaining({ title: 'Сертификат слушателя', file: null })]));
  });

  it('application conditions: an enrolment application into the next course, an approved enrolment, an expulsion application', async () => {
    const s3 = await t.signIn('Students');
    await t.db.insert(enrolments).values({ courseId, accountId: s3.accountId });
    const apply = await create('application', { label: 'Во второй поток', eventType: 'anyCompleted', exerciseIds: [lecture], application: 'enrolment', targetCourseId: sameProgramCourseId });
    const enrol = await create('application', { label: 'Сразу в курс другой программы', eventType: 'anyCompleted', exerciseIds: [lecture], application: 'enrolment', targetCourseId: otherProgramCourseId, approve: true });
    const expel = await create('application', { label: 'Заявление', eventType: 'anyCompleted', exerciseIds: [lecture], application: 'expulsion', reason: 'Курс пройден' });
    await complete(s3, lecture);
    const [app] = await t.db.select().from(enrollmentApplications).where(and(eq(enrollmentApplications.courseId, sameProgramCourseId), eq(enrollmentApplications.accountId, s3.accountId)));
    expect(app).toMatchObject({ status: 'pending' });
    const [joined] = await t.db.select().from(enrolments).where(and(eq(enrolments.courseId, otherProgramCourseId), eq(enrolments.accountId, s3.accountId)));
    expect(joined).toMatchObject({ status: 1 });
    const [x] = await t.db.select().from(expulsionApplications).where(and(eq(expulsionApplications.courseId, courseId), eq(expulsionApplications.accountId, s3.accountId)));
    expect(x).toMatchObject({ status: 'pending', reason: 'Курс пройден' });
    for (const p of [apply, enrol, expel]) expect(await runsOf(p.id)).toHaveLength(1);
  });

  it('passed and failed compare the score with its maximum; a failed SCORM result is failed', async () => {
    const s4 = await t.signIn('Students');
    const s5 = await t.signIn('Students');
    await t.db.insert(enrolments).values([{ courseId, accountId: s4.accountId }, { courseId, accountId: s5.accountId }]);
    const result = async (accountId: number, score: number, max: number, failed = false) => {
      const [a] = await t.db.insert(attempts).values({ accountId, courseId, exerciseId: test, status: 'finished', score, maxScore: max }).returning();
      await t.db.insert(exerciseProgress).values({ accountId, courseId, exerciseId: test, status: 4, score, failed, lastAttemptId: a.id });
    };
    await result(s4.accountId, 8, 10);
    await result(s5.accountId, 3, 10);
    const passed = await create('state', { label: 'Сдал', eventType: 'passed', exerciseIds: [test], minScorePercent: 70, state: 'Сдал тест' });
    const failed = await create('state', { label: 'Не сдал', eventType: 'failed', exerciseIds: [test], minScorePercent: 70, state: 'Не сдал тест' });
    await call(owner, 'POST', `${P(courseId)}/${passed.id}/execute`);
    await call(owner, 'POST', `${P(courseId)}/${failed.id}/execute`);
    const who = async (id: number) => (await runsOf(id)).map((r) => r.accountId);
    expect(await who(passed.id)).toContain(s4.accountId);
    expect(await who(passed.id)).not.toContain(s5.accountId);
    expect(await who(failed.id)).toEqual([s5.accountId]);
  });

  it('a deadline fires after its day for those who had not completed, once', async () => {
    const s6 = await t.signIn('Students');
    await t.db.insert(enrolments).values({ courseId, accountId: s6.accountId });
    const late = await create('state', { label: 'Опоздал', eventType: 'deadlineMissed', date: '2020-01-31', exerciseIds: [test, lecture], state: 'Не успел' });
    const future = await create('state', { label: 'Потом', eventType: 'deadlineMissed', date: '2999-01-01', exerciseIds: [test], state: 'Позже' });
    await runDatedConditions(t.db);
    const fired = (await runsOf(late.id)).map((r) => r.accountId);
    expect(fired).toContain(s6.accountId);
    expect(fired).not.toContain(student.accountId);
    expect(await runsOf(future.id)).toHaveLength(0);
    const count = fired.length;
    expect(await runDatedConditions(t.db)).toBe(0);
    expect(await runsOf(late.id)).toHaveLength(count);
  });

  it('a large course runs a condition as a task', async () => {
    const big = (await createCourse(owner, program.program.id, { label: 'Большой курс' })).id;
    const rows = await t.db
      .insert(accounts)
      .values(Array.from({ length: EXECUTE_INLINE_LIMIT + 1 }, (_, i) => ({ subject: `cond-big-${i}`, issuer: 'test', email: `cond-big-${i}@test.local`, role: 'Students' })))
      .returning({ id: accounts.id });
    await t.db.insert(enrolments).values(rows.map((r) => ({ courseId: big, accountId: r.id })));
    await t.db.insert(exerciseProgress).values(rows.map((r) => ({ accountId: r.id, courseId: big, exerciseId: lecture, status: 5 as const })));
    const p = await create('state', { label: 'Лекция', eventType: 'completed', exerciseIds: [lecture], state: 'Слушал' }, owner, big);
    const res = await call(owner, 'POST', `${P(big)}/${p.id}/execute`);
    expect(res.json()).toMatchObject({ fired: null, taskId: expect.any(Number) });
    const task = await waitForTask(owner, res.json().taskId, 60_000);
    expect(task.status.id, task.error ?? '').toBe('done');
    expect(await runsOf(p.id)).toHaveLength(EXECUTE_INLINE_LIMIT + 1);
  }, 90_000);
});

describe('order, links and copies', () => {
  it('reorders, includes and excludes, copies', async () => {
    const c = (await createCourse(owner, program.program.id, { label: 'Порядок' })).id;
    const a = await create('state', state({ label: 'A' }), owner, c);
    const b = await create('state', state({ label: 'B', exerciseIds: [test] }), owner, c);
    const order = await call(owner, 'POST', `${P(c)}/sequence`, { predicateIds: [b.id, a.id] });
    expect(order.json().map((r: { id: number }) => r.id)).toEqual([b.id, a.id]);
    expect((await call(owner, 'POST', `${P(c)}/sequence`, { predicateIds: [b.id] })).statusCode).toBe(400);
    const inc = await call(owner, 'POST', `${P(c)}/${b.id}/exercises/include`, { exerciseIds: [lecture], lessonIds: [lessonId] });
    expect(inc.json()).toMatchObject({ exerciseIds: [test, lecture], lessonIds: [lessonId] });
    const exc = await call(owner, 'POST', `${P(c)}/${b.id}/exercises/exclude`, { exerciseIds: [test] });
    expect(exc.json()).toMatchObject({ exerciseIds: [lecture], lessonIds: [lessonId] });
    const copy = await call(owner, 'POST', `${P(c)}/${b.id}/copy`);
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json()).toMatchObject({ courseId: c, label: expect.stringMatching(/^B /), sequence: 2 });
    const moved = await call(owner, 'POST', `${P(c)}/${a.id}/copy`, { trainingId: sameProgramCourseId });
    expect(moved.json()).toMatchObject({ courseId: sameProgramCourseId, label: 'A' });
    // a condition of another course is not found here
    expect((await call(owner, 'POST', `${P(c)}/${moved.json().id}/execute`)).statusCode).toBe(404);
  });
});

describe('conditions templates', () => {
  it('saves a course’s conditions as a template and applies it to another course of the program', async () => {
    const from = (await createCourse(owner, program.program.id, { label: 'Откуда' })).id;
    const to = (await createCourse(owner, program.program.id, { label: 'Куда' })).id;
    const a = await create('state', state({ label: 'Итог' }), owner, from);
    await create('document-generation', { label: 'Документ', eventType: 'completed', lessonIds: [lessonId], title: 'Сертификат' }, owner, from);
    await create('state', state({ label: 'Не в шаблон' }), owner, from);
    const made = await call(owner, 'POST', '/api/instructors/CreateTemplates', { label: 'Итоговые условия', trainingId: from, predicateIds: [a.id, a.id + 1] });
    expect(made.statusCode, made.body).toBe(201);
    const template = made.json();
    expect(template).toMatchObject({ label: 'Итоговые условия', conditionsCount: 2, programId: program.program.id, courseId: from });

    const all = (await call(owner, 'GET', '/api/instructors/templates/all')).json();
    expect(all.map((x: { id: number }) => x.id)).toContain(template.id);
    // asked for a course: the templates of its program only; a course that is not the caller's is not found
    expect((await call(owner, 'GET', `/api/instructors/templates/all?trainingId=${otherProgramCourseId}`)).json().map((x: { id: number }) => x.id)).not.toContain(template.id);
    expect((await call(owner, 'GET', `/api/instructors/templates/all?trainingId=${strangerCourseId}`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', '/api/instructors/templates/all?trainingId=abc')).statusCode).toBe(400);
    const forCourse = (await call(owner, 'GET', `${P(to)}/templates`)).json();
    expect(forCourse.map((x: { id: number }) => x.id)).toContain(template.id);
    // another instructor does not see it
    expect((await call(stranger, 'GET', `/api/instructors/templates/${template.id}/selected`)).statusCode).toBe(404);

    const selected = (await call(owner, 'GET', `/api/instructors/templates/${template.id}/selected?trainingId=${to}`)).json();
    expect(selected.conditions).toEqual([
      expect.objectContaining({ kind: 'state', label: 'Итог', exerciseIds: [test, lecture], problems: [], exercises: [{ id: test, label: 'Тест' }, { id: lecture, label: 'Лекция' }] }),
      expect.objectContaining({ kind: 'document_generation', lessonIds: [lessonId], problems: [] }),
    ]);

    const applied = await call(owner, 'POST', `${P(to)}/templates/${template.id}`);
    expect(applied.statusCode, applied.body).toBe(201);
    expect(applied.json().map((r: { label: string; courseId: number }) => [r.label, r.courseId])).toEqual([['Итог', to], ['Документ', to]]);
    const listed = (await call(owner, 'GET', `${P(to)}/description`)).json();
    expect(listed.map((r: { label: string }) => r.label)).toEqual(['Итог', 'Документ']);

    // a course of another program: refused, saying why
    const other = (await createCourse(owner, otherProgram.program.id, { label: 'Чужая программа' })).id;
    const problems = (await call(owner, 'GET', `/api/instructors/templates/${template.id}/selected?trainingId=${other}`)).json();
    expect(problems.conditions[0].problems[0]).toMatch(/Итог/);
    const refused = await call(owner, 'POST', `${P(other)}/templates/${template.id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ ErrorCode: 'TemplateNotApplicable', Title: expect.stringContaining('Чужая программа'), Description: expect.stringContaining('Программа условий') });
    expect(refused.json().problems.length).toBeGreaterThan(1);
    expect((await call(owner, 'GET', `${P(other)}/description`)).json()).toEqual([]);
  });
});
