import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { courseInstructors, enrolments, invitations, schedules, tutorStudents } from '../../server/db/schema/index.js';
import { createTestApp, type SignedIn } from './support/app.js';
import { courseHelpers } from './support/courses.js';
import { multipartBody } from './support/multipart.js';

/**
 * Course roles and panel permissions (spec 1 §6, spec 2 §4) on the paths an attacker took in the
 * review: course-group tasks, certificates, invitations, schedules, application decisions, the
 * staff editor, and a tutor's view of students.
 */
const t = await createTestApp();
const { call, seedProgram, createCourse, createSet, waitForTask } = courseHelpers(t);
const T = '/api/instructors/trainings';

let creator: SignedIn, student: SignedIn, assigned: SignedIn, root: SignedIn;
let programId: number, exerciseId: number, courseA: number, courseB: number;

/** An instructor on the staff of `courseId` with `courseRole` and panel permissions (all global flags unless given). */
async function member(courseId: number, courseRole: 'instructor' | 'tutor' | 'moderator', panel: (1 | 2 | 3 | 4 | 5 | 6)[] = [], flags?: string[]) {
  const who = await t.signIn('Instructors', flags ? { flags } : {});
  await t.db.insert(courseInstructors).values({ courseId, accountId: who.accountId, courseRole, panelPermissions: panel });
  return who;
}

const staffOf = async (courseId: number) =>
  (await t.db.select({ accountId: courseInstructors.accountId }).from(courseInstructors).where(eq(courseInstructors.courseId, courseId))).map((r) => r.accountId);
const studentsOf = async (courseId: number) =>
  (await t.db.select({ accountId: enrolments.accountId }).from(enrolments).where(and(eq(enrolments.courseId, courseId), eq(enrolments.status, 1)))).map((r) => r.accountId);

beforeAll(async () => {
  creator = await t.signIn('Instructors', { email: 'cr-creator@test.local' });
  student = await t.signIn('Students', { email: 'cr-student@test.local' });
  assigned = await t.signIn('Students', { email: 'cr-assigned@test.local' });
  root = await t.signIn('Root', { email: 'cr-root@test.local' });
  const p = await seedProgram('Roles');
  programId = p.program.id;
  exerciseId = p.exercises[0].id;
  courseA = (await createCourse(creator, programId, { label: 'A' })).id;
  courseB = (await createCourse(creator, programId, { label: 'B' })).id;
});

describe('course-group tasks check what the direct calls check, course by course', () => {
  it('a flagless tutor cannot enrol a student, remove the creator or add Root through by-set tasks (403, nothing queued)', async () => {
    const tutor = await member(courseA, 'tutor', [], []);
    const set = await createSet(tutor, { label: 'Мой набор', trainingIds: [courseA] });
    const tries = [
      ['/api/instructors/trainings/students/include/by-set', 'cr-student@test.local'],
      ['/api/instructors/trainings/instructors/remove/by-set', 'cr-creator@test.local'],
      ['/api/instructors/trainings/instructors/include/by-set', 'cr-root@test.local'],
    ] as const;
    for (const [url, emails] of tries) expect((await call(tutor, 'POST', url, { setId: set.id, emails })).statusCode, url).toBe(403);
    // the direct calls answer the same
    expect((await call(tutor, 'POST', `/api/instructors/students/training/${courseA}/include`, { emails: 'cr-student@test.local' })).statusCode).toBe(403);
    expect(await studentsOf(courseA)).not.toContain(student.accountId);
    expect(await staffOf(courseA)).toContain(creator.accountId);
    expect(await staffOf(courseA)).not.toContain(root.accountId);
  });

  it('a tutor without the panel permission in one course: the task changes the other course and reports the refused one', async () => {
    const who = await member(courseA, 'tutor', []);
    await t.db.insert(courseInstructors).values({ courseId: courseB, accountId: who.accountId, courseRole: 'tutor', panelPermissions: [1] });
    const set = await createSet(who, { label: 'Два курса', trainingIds: [courseA, courseB] });
    const res = await call(who, 'POST', '/api/instructors/trainings/students/include/by-set', { setId: set.id, emails: 'cr-student@test.local' });
    expect(res.statusCode, res.body).toBe(200);
    const task = await waitForTask(who, res.json().taskId);
    expect(task.status.id).toBe('done');
    expect(task.summary).toMatchObject({ courses: 1, refused: 1, added: 1 });
    expect((task as unknown as { refusedCourses: { id: number; reason: string }[] }).refusedCourses).toEqual([
      { id: courseA, label: 'A', reason: 'У вас нет доступа к этой странице' },
    ]);
    expect(await studentsOf(courseA)).not.toContain(student.accountId);
    expect(await studentsOf(courseB)).toContain(student.accountId);
  });

  it('an instructor of the course cannot remove its creator by a by-set task; nothing of that course changes', async () => {
    const who = await member(courseB, 'instructor');
    const tutorB = await member(courseB, 'tutor');
    const set = await createSet(who, { label: 'Удаление', trainingIds: [courseB] });
    const emails = `cr-creator@test.local, ${(await t.db.query.accounts.findFirst({ where: (a, { eq: e }) => e(a.id, tutorB.accountId) }))!.email}`;
    const res = await call(who, 'POST', '/api/instructors/trainings/instructors/remove/by-set', { setId: set.id, emails });
    const task = await waitForTask(who, res.json().taskId);
    expect(task.summary).toMatchObject({ refused: 1 });
    expect((task as unknown as { refusedCourses: { reason: string }[] }).refusedCourses[0].reason).toBe('Создатель курса остаётся его преподавателем');
    const staff = await staffOf(courseB);
    expect(staff).toContain(creator.accountId);
    expect(staff).toContain(tutorB.accountId);
  });
});

describe('panel permissions on the calls whose course comes from another record', () => {
  const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  const issue = (who: SignedIn) => {
    const mp = multipartBody({ name: 'c.pdf', data: PDF }, { trainingId: String(courseA), studentId: String(assigned.accountId), title: 'Сертификат', date: '2026-01-15' });
    return t.app.inject({ method: 'POST', url: '/api/Credential', headers: { ...who.headers, ...mp.headers }, payload: mp.payload });
  };

  it('a tutor with no panel permission cannot issue or delete certificates', async () => {
    await t.db.insert(enrolments).values({ courseId: courseA, accountId: assigned.accountId }).onConflictDoNothing();
    const tutor = await member(courseA, 'tutor');
    expect((await issue(tutor)).statusCode).toBe(403);
    const issued = await issue(creator);
    expect(issued.statusCode, issued.body).toBe(201);
    expect((await call(tutor, 'DELETE', `/api/Credential/${issued.json().id}`)).statusCode).toBe(403);
    const allowed = await member(courseA, 'tutor', [1]);
    expect((await call(allowed, 'DELETE', `/api/Credential/${issued.json().id}`)).statusCode).toBe(200);
  });

  it('a tutor without the invitation-link permission cannot create, change or delete invitations', async () => {
    const tutor = await member(courseA, 'tutor', [1, 2, 3, 4, 5]);
    expect((await call(tutor, 'POST', '/api/invite', { trainingId: courseA })).statusCode).toBe(403);
    const made = await call(creator, 'POST', '/api/invite', { trainingId: courseA });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as number;
    expect((await call(tutor, 'PUT', `/api/invite/${id}`, { code: 'hijacked-code' })).statusCode).toBe(403);
    expect((await call(tutor, 'DELETE', `/api/invite/${id}`)).statusCode).toBe(403);
    expect(await t.db.select().from(invitations).where(eq(invitations.id, id))).toHaveLength(1);
  });

  it('a moderator with the student-management permission cannot decide enrolment applications (only instructors and tutors manage students)', async () => {
    const mod = await member(courseA, 'moderator', [1, 2, 3, 4, 5, 6]);
    const applied = await t.signIn('Students');
    const { enrollmentApplications } = await import('../../server/db/schema/index.js');
    const [a] = await t.db.insert(enrollmentApplications).values({ courseId: courseA, accountId: applied.accountId }).returning();
    expect((await call(mod, 'POST', `/api/applications/${a.id}/allow`)).statusCode).toBe(403);
    expect(await studentsOf(courseA)).not.toContain(applied.accountId);
  });
});

describe('schedules belong to one course', () => {
  it('an instructor who is not staff of a course neither reads nor writes its schedule, even with the program authorless', async () => {
    const stranger = await t.signIn('Instructors');
    const base = `/api/schedule/trainings/${courseA}/exercises/${exerciseId}/schedule`;
    const body = { begin: new Date(Date.now() + 86_400_000).toISOString(), isScheduleAffectAccess: true };
    expect((await call(stranger, 'GET', base)).statusCode).toBe(404);
    expect((await call(stranger, 'POST', `${base}/create`, body)).statusCode).toBe(404);
    expect(await t.db.select().from(schedules).where(eq(schedules.courseId, courseA))).toHaveLength(0);
  });

  it('a tutor reads the schedule but sets it only with the syllabus permission', async () => {
    const base = `/api/schedule/trainings/${courseA}/lessons/${(await seedProgramLesson())}/schedule`;
    const body = { begin: new Date(Date.now() + 86_400_000).toISOString() };
    const tutor = await member(courseA, 'tutor');
    expect((await call(tutor, 'GET', base)).statusCode).toBe(200);
    expect((await call(tutor, 'POST', `${base}/create`, body)).statusCode).toBe(403);
    const planner = await member(courseA, 'tutor', [5]);
    expect((await call(planner, 'POST', `${base}/create`, body)).statusCode).toBe(201);
  });
});

async function seedProgramLesson(): Promise<number> {
  const { lessons } = await import('../../server/db/schema/index.js');
  const [l] = await t.db.select({ id: lessons.id }).from(lessons).where(eq(lessons.programId, programId)).limit(1);
  return l.id;
}

describe('the staff editor', () => {
  it('a tutor managing instructors cannot make anyone an instructor, change an instructor, or edit their own row', async () => {
    const manager = await member(courseA, 'tutor', [4]);
    const other = await member(courseA, 'tutor');
    const instructor = await member(courseA, 'instructor');
    const edit = (id: number, courseRole: string, panelPermissions: number[] = []) =>
      call(manager, 'PUT', `${T}/${courseA}/Instructors/${id}/Edit`, { courseRole, panelPermissions });
    expect((await edit(other.accountId, 'instructor')).statusCode).toBe(403);
    expect((await edit(manager.accountId, 'tutor', [1, 2, 3, 4, 5, 6])).statusCode).toBe(403);
    expect((await edit(instructor.accountId, 'tutor')).statusCode).toBe(403);
    expect((await edit(other.accountId, 'moderator', [3])).statusCode).toBe(200);
    expect((await call(manager, 'DELETE', `${T}/${courseA}/Instructors/${instructor.accountId}/Exclude`)).statusCode).toBe(403);
    expect((await call(manager, 'DELETE', `${T}/${courseA}/Instructors/${creator.accountId}/Exclude`)).statusCode).toBe(400);
    expect(await staffOf(courseA)).toEqual(expect.arrayContaining([creator.accountId, instructor.accountId]));
  });
});

describe("a tutor's students", () => {
  it('a tutor sees and manages only the students assigned to them', async () => {
    const tutor = await member(courseB, 'tutor', [1]);
    const mine = await t.signIn('Students');
    const theirs = await t.signIn('Students');
    await t.db.insert(enrolments).values([{ courseId: courseB, accountId: mine.accountId }, { courseId: courseB, accountId: theirs.accountId }]);
    await t.db.insert(tutorStudents).values({ courseId: courseB, tutorId: tutor.accountId, studentId: mine.accountId });
    const list = await call(tutor, 'POST', `/api/instructors/students/training/${courseB}/list`, {});
    expect(list.statusCode, list.body).toBe(200);
    expect((list.json().result as { accountId: number }[]).map((r) => r.accountId)).toEqual([mine.accountId]);
    expect((await call(tutor, 'GET', `${T}/${courseB}/students/${theirs.accountId}/view`)).statusCode).toBe(404);
    expect((await call(tutor, 'GET', `${T}/${courseB}/students/${mine.accountId}/view`)).statusCode).toBe(200);
    // the course's instructor sees both
    const all = await call(creator, 'POST', `/api/instructors/students/training/${courseB}/list`, {});
    expect((all.json().result as { accountId: number }[]).map((r) => r.accountId)).toEqual(expect.arrayContaining([mine.accountId, theirs.accountId]));
  });
});
