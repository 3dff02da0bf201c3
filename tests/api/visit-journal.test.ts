import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attributes, attributeValues, courseInstructors, enrolments, groups, lessons, tutorStudents, visits } from '../../server/db/schema/index.js';
import { createTestApp, type SignedIn, type TestApp } from './support/app.js';
import { studyHelpers } from './support/study.js';

/** The visit journal (spec 1 §2.9, spec 3 §7.10 "Visit journal", spec 2 §5/§6 visit marks, §9 cache 2 s). */
let t: TestApp;
let h: ReturnType<typeof studyHelpers>;
let data: Awaited<ReturnType<ReturnType<typeof studyHelpers>['course']>>;
let other: Awaited<ReturnType<ReturnType<typeof studyHelpers>['course']>>;
let ann: SignedIn;
let bob: SignedIn;
let teacher: SignedIn;
let viewer: SignedIn;
let noFlag: SignedIn;
let tutorNoPanel: SignedIn;
let tutor: SignedIn;
let outsider: SignedIn;
let groupId: number;

type Who = SignedIn | null;
const req = (who: Who, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { ...(who?.headers ?? {}), 'accept-language': 'en' }, ...(payload !== undefined ? { payload: payload as object } : {}) });
const VJ = () => `/api/instructors/VisitJournal/Training/${data.course.id}`;
const lessonView = (who: Who, body: unknown = {}, lessonId: number | string = data.exercise.lessonId) => req(who, 'POST', `${VJ()}/Lesson/${lessonId}/List/View`, body);
const markEx = (who: Who, studentId: number | string, exerciseId: number | string = data.exercise.id, method: 'POST' | 'DELETE' = 'POST') =>
  req(who, method, `${VJ()}/Exercise/${exerciseId}/student/${studentId}`);
const markLesson = (who: Who, studentId: number | string, lessonId: number | string = data.exercise.lessonId, method: 'POST' | 'DELETE' = 'POST') =>
  req(who, method, `${VJ()}/Lesson/${lessonId}/student/${studentId}`);
const allVisits = () => t.db.select().from(visits).where(eq(visits.courseId, data.course.id));

async function staff(courseId: number, flags: string[] | undefined, courseRole: 'instructor' | 'tutor' = 'instructor', panel: (1 | 2 | 3 | 4 | 5 | 6)[] = []) {
  const who = await t.signIn('Instructors', flags ? { flags } : {});
  await t.db.insert(courseInstructors).values({ courseId, accountId: who.accountId, courseRole, panelPermissions: panel });
  return who;
}

beforeAll(async () => {
  t = await createTestApp();
  h = studyHelpers(t);
  data = await h.course({ exerciseType: 50 });
  other = await h.course({ exerciseType: 50 });
  ann = await t.signIn('Students', { lastName: 'Аннина', firstName: 'Анна' });
  bob = await t.signIn('Students', { lastName: 'Борин', firstName: 'Борис' });
  await h.enrol(data.course.id, ann.accountId);
  await h.enrol(data.course.id, bob.accountId);
  const [g] = await t.db.insert(groups).values({ courseId: data.course.id, label: 'Группа А' }).returning();
  groupId = g.id;
  await t.db.update(enrolments).set({ groupId }).where(and(eq(enrolments.courseId, data.course.id), eq(enrolments.accountId, ann.accountId)));
  teacher = await staff(data.course.id, undefined);
  viewer = await staff(data.course.id, ['ShowVisitJournal']);
  noFlag = await staff(data.course.id, []);
  tutorNoPanel = await staff(data.course.id, undefined, 'tutor', [1, 2]);
  tutor = await staff(data.course.id, undefined, 'tutor', [3]);
  await t.db.insert(tutorStudents).values({ courseId: data.course.id, tutorId: tutor.accountId, studentId: bob.accountId });
  outsider = await staff(other.course.id, undefined);
});

describe('reading the journal', () => {
  it('lessons, exercises and groups of the course', async () => {
    const lessonsAnswer = await req(teacher, 'GET', `${VJ()}/Lessons`);
    expect(lessonsAnswer.statusCode, lessonsAnswer.body).toBe(200);
    expect(lessonsAnswer.json()).toEqual([expect.objectContaining({ id: data.exercise.lessonId, exercises: 2 })]);
    const ex = await req(teacher, 'GET', `${VJ()}/Lesson/${data.exercise.lessonId}/Exercises`);
    expect(ex.json().map((e: { id: number }) => e.id)).toEqual([data.exercise.id, data.lecture.id]);
    const gr = await req(teacher, 'GET', `${VJ()}/Lesson/${data.exercise.lessonId}/Groups`);
    expect(gr.json()).toEqual([{ id: groupId, label: 'Группа А', students: 1 }]);
  });

  it('guards: 401, 403 student, 403 without ShowVisitJournal, 403 tutor without panel 3, 404 instructor of another course', async () => {
    for (const url of [`${VJ()}/Lessons`, `${VJ()}/Lesson/${data.exercise.lessonId}/Exercises`, `${VJ()}/Lesson/${data.exercise.lessonId}/Groups`]) {
      expect((await req(null, 'GET', url)).statusCode).toBe(401);
      expect((await req(ann, 'GET', url)).statusCode).toBe(403);
      expect((await req(noFlag, 'GET', url)).statusCode).toBe(403);
      expect((await req(tutorNoPanel, 'GET', url)).statusCode).toBe(403);
      const r = await req(outsider, 'GET', url);
      expect(r.statusCode).toBe(404);
      expect(r.json().ErrorCode).toBe('TrainingNotFound');
    }
    expect((await lessonView(null)).statusCode).toBe(401);
    expect((await lessonView(noFlag)).statusCode).toBe(403);
    expect((await lessonView(tutorNoPanel)).statusCode).toBe(403);
    expect((await lessonView(outsider)).statusCode).toBe(404);
  });

  it('bad input: unknown lesson, exercise or group, out-of-range paging', async () => {
    expect((await req(teacher, 'GET', `${VJ()}/Lesson/${other.exercise.lessonId}/Exercises`)).json().ErrorCode).toBe('LessonNotFound');
    expect((await lessonView(teacher, {}, 'abc')).statusCode).toBe(404);
    expect((await lessonView(teacher, { groupId: 999999 })).json().ErrorCode).toBe('GroupNotFound');
    const bad = await lessonView(teacher, { take: 0, skip: -1 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['take', 'skip']));
    const wrongLesson = await req(teacher, 'POST', `${VJ()}/Lesson/${data.exercise.lessonId}/Exercise/${other.exercise.id}/List/View`, {});
    expect(wrongLesson.json().ErrorCode).toBe('ExerciseNotFound');
  });

  it('a digital-code visit and an absence report appear; the group filter and the search narrow the rows', async () => {
    const { code } = (await req(ann, 'POST', `/api/Attendance/Student/DigitalCode/${data.exercise.id}`)).json();
    expect((await req(teacher, 'POST', '/api/Attendance/DigitalCode/Confirm', { code, courseId: data.course.id })).statusCode).toBe(200);
    expect((await req(bob, 'POST', `/api/Trainings/${data.course.id}/Exercises/${data.exercise.id}/Trace/Absent`)).statusCode).toBe(200);
    const r = await lessonView(viewer);
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    expect(body.canEdit).toBe(false);
    expect(body.metadata.filteredRecords).toBe(2);
    const [a, b] = body.result;
    expect(a).toMatchObject({ studentId: ann.accountId, groupLabel: 'Группа А', lesson: null });
    expect(a.exercises[String(data.exercise.id)]).toMatchObject({ source: 'digital_code', present: true });
    expect(b.exercises[String(data.exercise.id)]).toMatchObject({ source: 'absent', present: false });
    expect((await lessonView(teacher, { groupId })).json().result.map((x: { studentId: number }) => x.studentId)).toEqual([ann.accountId]);
    expect((await lessonView(teacher, { groupId: 0 })).json().result.map((x: { studentId: number }) => x.studentId)).toEqual([bob.accountId]);
    expect((await lessonView(teacher, { search: 'Борин' })).json().result.map((x: { studentId: number }) => x.studentId)).toEqual([bob.accountId]);
    const one = await req(teacher, 'POST', `${VJ()}/Lesson/${data.exercise.lessonId}/Exercise/${data.exercise.id}/List/View`, {});
    expect(one.json().result.map((x: { mark: { source: string } }) => x.mark?.source)).toEqual(['digital_code', 'absent']);
  });

  it('a tutor sees only the assigned students', async () => {
    const r = await lessonView(tutor);
    expect(r.json().result.map((x: { studentId: number }) => x.studentId)).toEqual([bob.accountId]);
  });
});

describe('marks', () => {
  it('guards: 401, 403 without EditVisitJournal, 403 tutor without panel 3, 404 instructor of another course; nothing changes', async () => {
    const before = await allVisits();
    expect((await markLesson(null, ann.accountId)).statusCode).toBe(401);
    expect((await markLesson(ann, ann.accountId)).statusCode).toBe(403);
    expect((await markLesson(viewer, ann.accountId)).statusCode).toBe(403);
    expect((await markLesson(tutorNoPanel, ann.accountId)).statusCode).toBe(403);
    expect((await markLesson(outsider, ann.accountId)).statusCode).toBe(404);
    expect((await markEx(viewer, bob.accountId, data.exercise.id, 'DELETE')).statusCode).toBe(403);
    expect(await allVisits()).toEqual(before);
  });

  it("bad input: the spec's message without a lesson or exercise id, 404 for another course's exercise or a student not in the course", async () => {
    const before = await allVisits();
    for (const bad of ['undefined', '0', 'null']) {
      const r = await markEx(teacher, ann.accountId, bad);
      expect(r.statusCode).toBe(400);
      expect(r.json().Title).toBe('Не задан id урока и/или упражнения!');
      expect((await markLesson(teacher, ann.accountId, bad)).json().Title).toBe('Не задан id урока и/или упражнения!');
    }
    expect((await markEx(teacher, ann.accountId, other.exercise.id)).json().ErrorCode).toBe('ExerciseNotFound');
    expect((await markLesson(teacher, ann.accountId, other.exercise.lessonId)).json().ErrorCode).toBe('LessonNotFound');
    const stranger = await t.signIn('Students');
    expect((await markEx(teacher, stranger.accountId)).json().ErrorCode).toBe('StudentNotFound');
    // a tutor marks only their own students
    expect((await markEx(tutor, ann.accountId)).json().ErrorCode).toBe('StudentNotFound');
    expect(await allVisits()).toEqual(before);
  });

  it('the instructor sets and clears marks of an exercise and of a lesson; the journal shows them at once (2 s cache bumped)', async () => {
    // read first so the answer is cached
    expect((await lessonView(teacher)).json().result[1].exercises[String(data.lecture.id)]).toBeUndefined();
    const set = await markEx(teacher, bob.accountId, data.lecture.id);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ message: 'The visit has been marked', mark: { source: 'manual', present: true } });
    // the instructor's mark wins over the student's absence report
    expect((await markEx(teacher, bob.accountId)).json().mark.source).toBe('manual');
    const lessonSet = await markLesson(teacher, bob.accountId);
    expect(lessonSet.statusCode).toBe(200);
    let row = (await lessonView(teacher)).json().result[1];
    expect(row.lesson).toMatchObject({ source: 'manual', present: true });
    expect(row.exercises[String(data.lecture.id)]).toMatchObject({ source: 'manual' });
    expect(row.exercises[String(data.exercise.id)]).toMatchObject({ source: 'manual', present: true });
    const cleared = await markEx(teacher, bob.accountId, data.lecture.id, 'DELETE');
    expect(cleared.json()).toEqual({ message: 'The visit mark has been cleared', mark: null });
    expect((await markLesson(teacher, bob.accountId, data.exercise.lessonId, 'DELETE')).statusCode).toBe(200);
    row = (await lessonView(teacher)).json().result[1];
    expect(row.lesson).toBeNull();
    expect(row.exercises[String(data.lecture.id)]).toBeUndefined();
    // clearing what is not there is fine
    expect((await markEx(teacher, bob.accountId, data.lecture.id, 'DELETE')).statusCode).toBe(200);
  });

  it('SendToJournal marks many students; 400 without a lesson or exercise, 404 for a student not in the course', async () => {
    const url = '/api/Attendance/SendToJournal';
    const before = await allVisits();
    const none = await req(teacher, 'POST', url, { courseId: data.course.id, studentIds: [ann.accountId] });
    expect(none.statusCode).toBe(400);
    expect(none.json().Title).toBe('Не задан id урока и/или упражнения!');
    expect((await req(viewer, 'POST', url, { courseId: data.course.id, lessonId: data.exercise.lessonId, studentIds: [ann.accountId] })).statusCode).toBe(403);
    expect((await req(outsider, 'POST', url, { courseId: data.course.id, lessonId: data.exercise.lessonId, studentIds: [ann.accountId] })).statusCode).toBe(404);
    expect((await req(teacher, 'POST', url, { courseId: data.course.id, lessonId: data.exercise.lessonId, studentIds: [] })).statusCode).toBe(400);
    const stranger = await t.signIn('Students');
    expect((await req(teacher, 'POST', url, { courseId: data.course.id, lessonId: data.exercise.lessonId, studentIds: [ann.accountId, stranger.accountId] })).statusCode).toBe(404);
    expect(await allVisits()).toEqual(before);
    const ok = await req(teacher, 'POST', url, { courseId: data.course.id, lessonId: data.exercise.lessonId, studentIds: [ann.accountId, bob.accountId] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ marked: 2, message: 'Visits marked: 2' });
    const lessonMarks = (await allVisits()).filter((v) => v.exerciseId === null);
    expect(lessonMarks.map((v) => v.studentId).sort()).toEqual([ann.accountId, bob.accountId].sort());
  });
});

describe('group performance and the visits report', () => {
  it('group performance: present per group and lesson', async () => {
    const r = await req(viewer, 'POST', '/api/instructors/VisitJournal/GroupPerformance', { courseId: data.course.id });
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    expect(body.lessons).toEqual([{ id: data.exercise.lessonId, label: 'Урок' }]);
    const a = body.groups.find((g: { id: number | null }) => g.id === groupId);
    expect(a).toMatchObject({ students: 1, percent: 100 });
    expect(body.groups.find((g: { id: number | null }) => g.id === null)).toMatchObject({ students: 1, percent: 100 });
    expect((await req(noFlag, 'POST', '/api/instructors/VisitJournal/GroupPerformance', { courseId: data.course.id })).statusCode).toBe(403);
    expect((await req(outsider, 'POST', '/api/instructors/VisitJournal/GroupPerformance', { courseId: data.course.id })).statusCode).toBe(404);
    expect((await req(teacher, 'POST', '/api/instructors/VisitJournal/GroupPerformance', { courseId: 'x' })).statusCode).toBe(400);
    expect((await req(teacher, 'POST', '/api/instructors/VisitJournal/GroupPerformance', { courseId: data.course.id, lessonIds: [other.exercise.lessonId] })).statusCode).toBe(404);
  });

  it('the report counts lessons (or the exercises asked for) per student', async () => {
    const url = '/api/instructors/visit-journal/report';
    const r = await req(viewer, 'POST', url, { TrainingIds: [data.course.id] });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().metadata.filteredRecords).toBe(2);
    expect(r.json().result[0]).toMatchObject({ courseId: data.course.id, studentId: ann.accountId, present: 1, total: 1, percent: 100 });
    // per exercise: ann was there by her code (and the lesson mark), the lecture too by the lesson mark
    const byEx = (await req(viewer, 'POST', url, { Training: data.course.id, ExerciseIds: [data.exercise.id, data.lecture.id], AccountId: ann.accountId })).json();
    expect(byEx.result).toEqual([expect.objectContaining({ studentId: ann.accountId, present: 2, total: 2 })]);
    expect((await req(viewer, 'POST', url, { TrainingIds: [data.course.id], GroupIds: [groupId] })).json().result.map((x: { studentId: number }) => x.studentId)).toEqual([ann.accountId]);
    expect((await req(null, 'POST', url, { TrainingIds: [data.course.id] })).statusCode).toBe(401);
    expect((await req(noFlag, 'POST', url, { TrainingIds: [data.course.id] })).statusCode).toBe(403);
    expect((await req(tutorNoPanel, 'POST', url, { TrainingIds: [data.course.id] })).statusCode).toBe(403);
    expect((await req(outsider, 'POST', url, { TrainingIds: [data.course.id, other.course.id] })).statusCode).toBe(404);
    expect((await req(viewer, 'POST', url, {})).statusCode).toBe(400);
    expect((await req(viewer, 'POST', url, { TrainingIds: ['x'] })).statusCode).toBe(400);
  });

  it('the report keeps the students whose attributes have the values asked for', async () => {
    const [faculty] = await t.db.insert(attributes).values({ type: 2, label: 'Факультет', name: 'faculty' }).returning();
    await t.db.insert(attributeValues).values([
      { accountId: ann.accountId, attributeId: faculty.id, value: 'Физфак' },
      { accountId: bob.accountId, attributeId: faculty.id, value: 'Химфак' },
    ]);
    const r = await req(viewer, 'POST', '/api/instructors/visit-journal/report', { TrainingIds: [data.course.id], Attributes: [{ attributeId: faculty.id, value: 'Химфак' }] });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().result.map((x: { studentId: number }) => x.studentId)).toEqual([bob.accountId]);
  });

  it('a lesson the course does not show is not in its journal', async () => {
    const [hidden] = await t.db.insert(lessons).values({ programId: data.program.id, label: 'Скрытый', constraints: { courseIds: [other.course.id] } }).returning();
    expect((await req(teacher, 'GET', `${VJ()}/Lesson/${hidden.id}/Exercises`)).statusCode).toBe(404);
    expect((await req(teacher, 'GET', `${VJ()}/Lessons`)).json().map((l: { id: number }) => l.id)).not.toContain(hidden.id);
  });
});

describe('the digital-code journal', () => {
  it('lists the confirmed codes, newest first; guards', async () => {
    const url = `/api/Attendance/DigitalCode/Journal/${data.course.id}`;
    const r = await req(teacher, 'GET', url);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().result).toEqual([expect.objectContaining({ studentId: ann.accountId, exerciseId: data.exercise.id, lastName: 'Аннина' })]);
    expect(r.json().result[0].confirmedBy).toBeTruthy();
    expect((await req(null, 'GET', url)).statusCode).toBe(401);
    expect((await req(viewer, 'GET', url)).statusCode).toBe(403);
    expect((await req(tutorNoPanel, 'GET', url)).statusCode).toBe(403);
    expect((await req(outsider, 'GET', url)).statusCode).toBe(404);
    expect((await req(teacher, 'GET', `${url}?take=0`)).statusCode).toBe(400);
    // a tutor: only their students' codes
    expect((await req(tutor, 'GET', url)).json().result).toEqual([]);
  });
});
