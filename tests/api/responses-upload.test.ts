import { beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { answers, attempts, courseInstructors, enrolments, exercises, lessons, slides, tutorStudents } from '../../server/db/schema/index.js';
import { storeFile } from '../../server/files/index.js';
import type { ResponsesSummary } from '../../shared/calls/journal.js';
import { createTestApp, type SignedIn } from './support/app.js';
import { courseHelpers } from './support/courses.js';

/**
 * Responses upload (spec 1 §2.9 …/responses-upload): the students' file answers of a course, a
 * lesson or an exercise as one streamed zip, for staff who may read the journal; a tutor gets
 * their assigned students' files only; answers of discarded attempts are left out.
 */
const t = await createTestApp();
const { call, seedProgram, createCourse } = courseHelpers(t);
const T = '/api/instructors/trainings';

let owner: SignedIn, stranger: SignedIn, noFlag: SignedIn, student: SignedIn, tutor: SignedIn, tutorNoPanel: SignedIn;
let courseId: number, otherCourseId: number, lessonA: number, lessonB: number, exA: number, exB: number, foreignLesson: number;
let anna: SignedIn, boris: SignedIn;

/** Unzips a buffer: entry name → text. */
function unzip(buf: Buffer): Promise<Map<string, string>> {
  return new Promise((ok, fail) => {
    yauzl.fromBuffer(buf, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return fail(err);
      const out = new Map<string, string>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return fail(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => ok(out));
      zip.on('error', fail);
      zip.readEntry();
    });
  });
}

/** A finished (or other) attempt of `who` on `exerciseId` whose file answer names the given files. */
async function answerWithFiles(who: SignedIn, exerciseId: number, slideId: number, names: string[], status: 'finished' | 'discarded' = 'finished', attemptNo = 1) {
  const stored = [];
  for (const name of names) stored.push(await storeFile(t.db, t.app.storage, { name, purpose: 'answer', ownerId: who.accountId }, Buffer.from(`${name} of ${who.accountId}`)));
  const [attempt] = await t.db.insert(attempts).values({ accountId: who.accountId, courseId, exerciseId, status, attemptNo }).returning();
  await t.db.insert(answers).values({ attemptId: attempt.id, slideId, questionKind: 7, value: { fileIds: stored.map((f) => f.id) }, fileId: stored[0]?.id ?? null });
}

beforeAll(async () => {
  owner = await t.signIn('Instructors');
  stranger = await t.signIn('Instructors');
  noFlag = await t.signIn('Instructors', { flags: [] });
  student = await t.signIn('Students');
  const p = await seedProgram('Ответы');
  lessonA = p.lesson.id;
  [exA] = p.exercises.map((e) => e.id);
  [{ id: lessonB }] = await t.db.insert(lessons).values({ programId: p.program.id, label: 'Урок/2', sequence: 1 }).returning();
  [{ id: exB }] = await t.db.insert(exercises).values({ programId: p.program.id, lessonId: lessonB, label: 'Эссе', exerciseType: 30 }).returning();
  foreignLesson = (await seedProgram('Чужая')).lesson.id;
  courseId = (await createCourse(owner, p.program.id, { label: 'Курс ответов' })).id;
  otherCourseId = (await createCourse(stranger, p.program.id, { label: 'Чужой' })).id;
  const slide = async (exerciseId: number) =>
    (await t.db.insert(slides).values({ exerciseId, sequence: 1, pageType: 2, contentKind: 60, label: 'Файл', content: { kind: 'question' } } as typeof slides.$inferInsert).returning())[0].id;
  const slideA = await slide(exA);
  const slideB = await slide(exB);
  anna = await t.signIn('Students', { lastName: 'Иванова', firstName: 'Анна' });
  boris = await t.signIn('Students', { lastName: 'Петров', firstName: 'Борис' });
  for (const s of [anna, boris]) await t.db.insert(enrolments).values({ courseId, accountId: s.accountId });
  await answerWithFiles(anna, exA, slideA, ['отчёт.pdf', 'схема.png']);
  await answerWithFiles(anna, exA, slideA, ['старый.pdf'], 'discarded', 2);
  await answerWithFiles(boris, exA, slideA, ['отчёт.pdf']);
  await answerWithFiles(boris, exB, slideB, ['../../etc/passwd']);
  tutor = await t.signIn('Instructors');
  tutorNoPanel = await t.signIn('Instructors');
  await t.db.insert(courseInstructors).values([
    { courseId, accountId: tutor.accountId, courseRole: 'tutor', panelPermissions: [2] },
    { courseId, accountId: tutorNoPanel.accountId, courseRole: 'tutor', panelPermissions: [1] },
  ]);
  await t.db.insert(tutorStudents).values({ courseId, tutorId: tutor.accountId, studentId: boris.accountId });
});

const zip = (who: SignedIn | null, query = '', id = courseId) => call(who, 'GET', `${T}/${id}/Responses/Zip${query}`);

describe('the zip', () => {
  it("holds every file answer of the course by lesson, exercise and student (discarded attempts left out), streamed as application/zip", async () => {
    const res = await zip(owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('Курс ответов.zip'));
    const files = await unzip(res.rawPayload);
    expect([...files.keys()].sort()).toEqual(
      [
        `1. Урок 1/1. Тест/Иванова Анна (${anna.accountId})/отчёт.pdf`,
        `1. Урок 1/1. Тест/Иванова Анна (${anna.accountId})/схема.png`,
        `1. Урок 1/1. Тест/Петров Борис (${boris.accountId})/отчёт.pdf`,
        // separators in names cannot make folders or climb out
        `2. Урок_2/1. Эссе/Петров Борис (${boris.accountId})/passwd`,
      ].sort(),
    );
    expect(files.get(`1. Урок 1/1. Тест/Иванова Анна (${anna.accountId})/отчёт.pdf`)).toBe(`отчёт.pdf of ${anna.accountId}`);
  });

  it('narrows to a lesson or an exercise; a tutor gets the assigned students only', async () => {
    const lesson = await unzip((await zip(owner, `?lessonId=${lessonB}`)).rawPayload);
    expect([...lesson.keys()]).toEqual([`2. Урок_2/1. Эссе/Петров Борис (${boris.accountId})/passwd`]);
    const exercise = await unzip((await zip(owner, `?lessonId=${lessonA}&exerciseId=${exA}`)).rawPayload);
    expect(exercise.size).toBe(3);
    const mine = await unzip((await zip(tutor, `?exerciseId=${exA}`)).rawPayload);
    expect([...mine.keys()]).toEqual([`1. Урок 1/1. Тест/Петров Борис (${boris.accountId})/отчёт.pdf`]);
  });

  it('refuses: no session 401, a student 403, no ShowStudents 403, a tutor without panel permission 2 403, another course 404, unknown lesson or exercise 404, bad ids 400', async () => {
    expect((await zip(null)).statusCode).toBe(401);
    for (const who of [student, noFlag, tutorNoPanel]) {
      const res = await zip(who);
      expect(res.statusCode).toBe(403);
      expect(res.json().ErrorCode).toBe('Forbidden');
    }
    expect((await zip(owner, '', otherCourseId)).json().ErrorCode).toBe('TrainingNotFound');
    expect((await zip(owner, `?lessonId=${foreignLesson}`)).json().ErrorCode).toBe('LessonNotFound');
    expect((await zip(owner, `?lessonId=${lessonB}&exerciseId=${exA}`)).json().ErrorCode).toBe('ExerciseNotFound');
    expect((await zip(owner, '?exerciseId=99999999')).statusCode).toBe(404);
    expect((await zip(owner, '?lessonId=x')).statusCode).toBe(400);
  });
});

describe('the summary', () => {
  it('counts the files, bytes and students of the scope and lists the lessons and exercises to choose from', async () => {
    const res = await call(owner, 'GET', `${T}/${courseId}/Responses?lessonId=${lessonA}`);
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json() as ResponsesSummary;
    expect(s).toMatchObject({ course: { id: courseId, label: 'Курс ответов' }, lesson: { id: lessonA }, exercise: null, files: 3, students: 2 });
    expect(s.bytes).toBeGreaterThan(0);
    expect(s.lessons.map((l) => [l.label, l.exercises.map((e) => e.label)])).toEqual([
      ['Урок 1', ['Тест', 'Лекция']],
      ['Урок/2', ['Эссе']],
    ]);
    expect((await call(tutor, 'GET', `${T}/${courseId}/Responses`)).json()).toMatchObject({ files: 2, students: 1 });
    expect((await call(null, 'GET', `${T}/${courseId}/Responses`)).statusCode).toBe(401);
    expect((await call(tutorNoPanel, 'GET', `${T}/${courseId}/Responses`)).statusCode).toBe(403);
  });
});
