import { describe, expect, it } from 'vitest';
import { courseGroups, courseInstructors, courses, enrolments, exercises, lessons, programAuthors, programs } from '../../server/db/schema/index.js';
import { createTestApp, type SignedIn } from './support/app.js';

const t = await createTestApp();
const [program] = await t.db.insert(programs).values({ label: 'Программа А' }).returning();
const [lesson] = await t.db.insert(lessons).values({ programId: program.id, label: 'Урок 1', sequence: 1 }).returning();
const [exercise] = await t.db.insert(exercises).values({ programId: program.id, lessonId: lesson.id, label: 'Упражнение 1', sequence: 1 } as never).returning();
const [course] = await t.db.insert(courses).values({ programId: program.id, label: 'Курс А' }).returning();
const [hidden] = await t.db.insert(courses).values({ programId: program.id, label: 'Скрытый курс' }).returning();

// another program, with an author, run by another course
const [otherProgram] = await t.db.insert(programs).values({ label: 'Чужая программа' }).returning();
const [otherLesson] = await t.db.insert(lessons).values({ programId: otherProgram.id, label: 'Чужой урок', sequence: 1 }).returning();
const [otherExercise] = await t.db.insert(exercises).values({ programId: otherProgram.id, lessonId: otherLesson.id, label: 'Чужое упражнение', sequence: 1 } as never).returning();
const [otherCourse] = await t.db.insert(courses).values({ programId: otherProgram.id, label: 'Чужой курс' }).returning();
const [catalogueCourse] = await t.db.insert(courses).values({ programId: otherProgram.id, label: 'Курс в каталоге', isPublished: true }).returning();
const [folder] = await t.db.insert(courseGroups).values({ label: 'Папка', isPublished: true }).returning();
const [draftFolder] = await t.db.insert(courseGroups).values({ label: 'Черновая папка' }).returning();

const all = [
  { itemId: program.id, itemType: 'Course' },
  { itemId: lesson.id, itemType: 'Lesson' },
  { itemId: exercise.id, itemType: 'Exercise' },
  { itemId: course.id, itemType: 'Training' },
  { itemId: hidden.id, itemType: 'Training' },
];
const foreign = [
  { itemId: otherProgram.id, itemType: 'Course' },
  { itemId: otherLesson.id, itemType: 'Lesson' },
  { itemId: otherExercise.id, itemType: 'Exercise' },
  { itemId: otherCourse.id, itemType: 'Training' },
];

const call = (headers: Record<string, string> | undefined, inputModels: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/breadcrumbs', headers, payload: { inputModels } });
const labels = async (who: SignedIn, items: unknown[]) => {
  const res = await call(who.headers, items);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().map((x: { label: string }) => x.label).sort();
};

describe('POST /api/breadcrumbs', () => {
  it('requires a session', async () => {
    expect((await call(undefined, all)).statusCode).toBe(401);
  });

  it('gives Root every label', async () => {
    const root = await t.signIn('Root');
    expect(await labels(root, [...all, ...foreign])).toEqual(
      ['Курс А', 'Программа А', 'Скрытый курс', 'Урок 1', 'Упражнение 1', 'Чужая программа', 'Чужой курс', 'Чужой урок', 'Чужое упражнение'].sort(),
    );
  });

  it('gives an instructor no label for a course not theirs, nor for a program of another author', async () => {
    await t.db.insert(programAuthors).values({ programId: otherProgram.id, accountId: (await t.signIn('Instructors')).accountId });
    const i = await t.signIn('Instructors');
    // the authorless program and its content (programs permission), no course
    expect(await labels(i, [...all, ...foreign])).toEqual(['Программа А', 'Урок 1', 'Упражнение 1'].sort());
    // on the course's staff: the course, and the lessons and exercises its pages list
    await t.db.insert(courseInstructors).values({ courseId: otherCourse.id, accountId: i.accountId });
    expect(await labels(i, foreign)).toEqual(['Чужой курс', 'Чужой урок', 'Чужое упражнение'].sort());
  });

  it('gives an instructor without the programs permission no program label', async () => {
    const i = await t.signIn('Instructors', { flags: [] });
    await t.db.insert(courseInstructors).values({ courseId: course.id, accountId: i.accountId });
    expect(await labels(i, all)).toEqual(['Курс А', 'Урок 1', 'Упражнение 1'].sort());
  });

  it('gives a student only what belongs to their courses (and what the catalogue shows)', async () => {
    const s = await t.signIn('Students');
    expect(await labels(s, [...all, ...foreign])).toEqual([]);
    await t.db.insert(enrolments).values({ courseId: course.id, accountId: s.accountId });
    expect(await labels(s, [...all, ...foreign])).toEqual(['Курс А', 'Урок 1', 'Упражнение 1'].sort());
    // published courses and course groups are open to every student anyway; a draft folder is not
    const open = [{ itemId: catalogueCourse.id, itemType: 'Training' }, { itemId: folder.id, itemType: 'Set' }, { itemId: draftFolder.id, itemType: 'Set' }];
    expect(await labels(s, open)).toEqual(['Курс в каталоге', 'Папка'].sort());
  });

  it('gives an expelled student nothing of the course', async () => {
    const s = await t.signIn('Students');
    await t.db.insert(enrolments).values({ courseId: course.id, accountId: s.accountId, status: 2 });
    expect(await labels(s, all)).toEqual([]);
  });

  it('rejects malformed input with field errors', async () => {
    const s = await t.signIn('Students');
    const res = await call(s.headers, [{ itemId: 'x', itemType: 'Nope' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().ErrorCode).toBe('ValidationError');
    expect(res.json().errors).toBeTruthy();
  });
});
