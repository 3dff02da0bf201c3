import { courses, enrolments, exercises, lessons, programs } from '../../../server/db/schema/index.js';
import type { SignedIn, TestApp } from './app.js';

/** Factories for the catalogue / learning / favorites tests: rows written straight to the database. */
export function learningHelpers(t: TestApp) {
  const call = (who: SignedIn | null, method: string, url: string, payload?: unknown) =>
    t.app.inject({ method: method as 'GET', url, headers: who ? who.headers : {}, payload: payload as object });

  const at = (days: number) => new Date(Date.now() + days * 86_400_000);

  /** A program of two lessons: [lecture (99), test (rule 4)] and [task (rule 1), hidden (rule 0)]. */
  async function program(label = 'Программа') {
    const [p] = await t.db.insert(programs).values({ label, isReady: true }).returning();
    const [l1, l2] = await t.db
      .insert(lessons)
      .values([
        { programId: p.id, label: 'Введение', sequence: 0 },
        { programId: p.id, label: 'Практика', sequence: 1 },
      ])
      .returning();
    const ex = await t.db
      .insert(exercises)
      .values([
        { programId: p.id, lessonId: l1.id, label: 'Лекция', exerciseType: 10, sequence: 0, availabilityRule: 99, description: 'Открытое описание' },
        { programId: p.id, lessonId: l1.id, label: 'Тест', exerciseType: 20, sequence: 1, availabilityRule: 4, description: 'Секрет', isHiddenDescription: true },
        { programId: p.id, lessonId: l2.id, label: 'Задание', exerciseType: 30, sequence: 0, availabilityRule: 1 },
        { programId: p.id, lessonId: l2.id, label: 'Закрыто', exerciseType: 30, sequence: 1, availabilityRule: 0 },
      ])
      .returning();
    return { program: p, lessons: [l1, l2], exercises: ex };
  }

  async function course(programId: number, extra: Partial<typeof courses.$inferInsert> = {}) {
    const [c] = await t.db
      .insert(courses)
      .values({ programId, label: 'Курс', isPublished: true, begin: at(-10), end: at(30), ...extra })
      .returning();
    return c;
  }

  const enrol = (courseId: number, accountId: number, status: 1 | 2 | 3 = 1) =>
    t.db.insert(enrolments).values({ courseId, accountId, status });

  return { call, at, program, course, enrol };
}
