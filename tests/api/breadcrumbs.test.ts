import { describe, expect, it } from 'vitest';
import { courses, enrolments, exercises, lessons, programs } from '../../server/db/schema/index.js';
import { createTestApp } from './support/app.js';

const t = await createTestApp();
const [program] = await t.db.insert(programs).values({ label: 'Программа А' }).returning();
const [lesson] = await t.db.insert(lessons).values({ programId: program.id, label: 'Урок 1', sequence: 1 }).returning();
const [exercise] = await t.db.insert(exercises).values({ programId: program.id, lessonId: lesson.id, label: 'Упражнение 1', sequence: 1 } as never).returning();
const [course] = await t.db.insert(courses).values({ programId: program.id, label: 'Курс А' }).returning();
const [hidden] = await t.db.insert(courses).values({ programId: program.id, label: 'Скрытый курс' }).returning();

const all = [
  { itemId: program.id, itemType: 'Course' },
  { itemId: lesson.id, itemType: 'Lesson' },
  { itemId: exercise.id, itemType: 'Exercise' },
  { itemId: course.id, itemType: 'Training' },
  { itemId: hidden.id, itemType: 'Training' },
];

const call = (headers: Record<string, string> | undefined, inputModels: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/breadcrumbs', headers, payload: { inputModels } });

describe('POST /api/breadcrumbs', () => {
  it('requires a session', async () => {
    expect((await call(undefined, all)).statusCode).toBe(401);
  });

  it('gives an instructor every label', async () => {
    const i = await t.signIn('Instructors');
    const res = await call(i.headers, all);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((x: { label: string }) => x.label).sort()).toEqual(['Курс А', 'Программа А', 'Скрытый курс', 'Урок 1', 'Упражнение 1'].sort());
  });

  it('gives a student only what belongs to their courses', async () => {
    const s = await t.signIn('Students');
    const before = await call(s.headers, all);
    expect(before.json()).toEqual([]);
    await t.db.insert(enrolments).values({ courseId: course.id, accountId: s.accountId });
    const after = await call(s.headers, all);
    expect(after.json().map((x: { label: string }) => x.label).sort()).toEqual(['Курс А', 'Урок 1', 'Упражнение 1'].sort());
  });

  it('rejects malformed input with field errors', async () => {
    const s = await t.signIn('Students');
    const res = await call(s.headers, [{ itemId: 'x', itemType: 'Nope' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().ErrorCode).toBe('ValidationError');
    expect(res.json().errors).toBeTruthy();
  });
});
