import { describe, expect, it } from 'vitest';
import { seedPrograms } from '../../server/db/seed/programs.js';
import { createTestApp } from './support/app.js';

/** The demo program: two lessons, two presentation exercises and a webinar, visible without authors. */
const t = await createTestApp();

describe('seedPrograms', () => {
  it('creates the demo program and returns its ids; any instructor with the flag and Root see it', async () => {
    const seeded = await seedPrograms(t.db);
    expect(seeded.lessonIds).toHaveLength(2);
    const instructor = await t.signIn('Instructors', { flags: ['CreateGroupLessons'] });
    const root = await t.signIn('Root');
    for (const who of [instructor, root]) {
      const view = await t.app.inject({ method: 'GET', url: `/api/Instructors/Courses/${seeded.programId}/View`, headers: who.headers });
      expect(view.statusCode).toBe(200);
      const lessons = view.json().lessons;
      expect(lessons.map((l: { id: number }) => l.id)).toEqual(seeded.lessonIds);
      expect(lessons[0].exercises.map((e: { id: number }) => e.id)).toEqual([seeded.exercises.lecture, seeded.exercises.test]);
      expect(lessons[1].exercises[0]).toMatchObject({ id: seeded.exercises.webinar, kind: 'webinar' });
    }
    const teacher = await t.signIn('Instructors', { flags: [] });
    const refused = await t.app.inject({ method: 'GET', url: `/api/Instructors/Courses/${seeded.programId}/View`, headers: teacher.headers });
    expect(refused.statusCode).toBe(403);
  });

  it('with an author, only that author (and Root) see it', async () => {
    const author = await t.signIn('Instructors');
    const seeded = await seedPrograms(t.db, { authorId: author.accountId });
    const other = await t.signIn('Instructors');
    const url = `/api/Instructors/Courses/${seeded.programId}/View`;
    expect((await t.app.inject({ method: 'GET', url, headers: author.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url, headers: other.headers })).statusCode).toBe(404);
  });
});
