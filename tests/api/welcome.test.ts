import { describe, expect, it } from 'vitest';
import { courses, enrolments, exercises, feedback, lessons, programs } from '../../server/db/schema/index.js';
import { createTestApp } from './support/app.js';

const t = await createTestApp();

describe('GET /api/welcome/stats', () => {
  it('counts from the platform data and is open to guests', async () => {
    const [ready] = await t.db.insert(programs).values({ label: 'Готовая', isReady: true }).returning();
    await t.db.insert(programs).values({ label: 'Черновик', isReady: false });
    const [course] = await t.db.insert(courses).values({ programId: ready.id, label: 'Курс' }).returning();
    const [lesson] = await t.db.insert(lessons).values({ programId: ready.id, label: 'Урок', sequence: 1 }).returning();
    const [exercise] = await t.db.insert(exercises).values({ programId: ready.id, lessonId: lesson.id, label: 'Упр', sequence: 1 } as never).returning();
    const a = await t.signIn('Students');
    const b = await t.signIn('Students');
    await t.db.insert(enrolments).values([
      { courseId: course.id, accountId: a.accountId, completed: true },
      { courseId: course.id, accountId: b.accountId, completed: false },
    ]);
    await t.db.insert(feedback).values([
      { accountId: a.accountId, courseId: course.id, exerciseId: exercise.id, rating: 5 },
      { accountId: b.accountId, courseId: course.id, exerciseId: exercise.id, rating: 2 },
    ]);
    const res = await t.app.inject({ method: 'GET', url: '/api/welcome/stats' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ trained: 1, satisfied: 1, programs: 1 });
  });
});
