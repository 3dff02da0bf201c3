import { asc, eq } from 'drizzle-orm';
import type { Db } from '../client.js';
import { exercises, lessons, programAuthors, programs } from '../schema/index.js';

/** What seedPrograms created, for seeds that build on it (slides of every kind, courses). */
export interface SeededPrograms {
  programId: number;
  lessonIds: [number, number];
  /** two presentation exercises (one lecture, one test) and a webinar */
  exercises: { lecture: number; test: number; webinar: number };
}

/**
 * A demo program with two lessons: a lecture and a test (presentation exercises, to hold
 * one slide of every kind) and a webinar. Without `authorId` the program has no authors,
 * so Root and every instructor with a program flag see it (server/modules/programs/access.ts):
 * the demo instructor's account exists only after the first sign-in.
 */
export async function seedPrograms(db: Db, { authorId }: { authorId?: number } = {}): Promise<SeededPrograms> {
  return db.transaction(async (tx) => {
    const [program] = await tx
      .insert(programs)
      .values({
        label: 'Основы программирования на Python',
        description: 'Демонстрационная программа: уроки, упражнения всех видов и слайды всех типов.',
        isReady: true,
      })
      .returning({ id: programs.id });
    if (authorId) await tx.insert(programAuthors).values({ programId: program.id, accountId: authorId });
    const [l1, l2] = await tx
      .insert(lessons)
      .values([
        { programId: program.id, label: 'Введение', description: 'Знакомство с языком и средой', sequence: 1 },
        { programId: program.id, label: 'Практика', description: 'Задачи и встреча с преподавателем', sequence: 2 },
      ])
      .returning({ id: lessons.id });
    const [lecture, test, webinar] = await tx
      .insert(exercises)
      .values([
        {
          programId: program.id,
          lessonId: l1.id,
          kind: 'presentation',
          label: 'Что такое Python',
          description: 'Лекция со слайдами всех видов контента',
          exerciseType: 10,
          sequence: 1,
          availabilityRule: 99,
          completionCondition: 10,
        },
        {
          programId: program.id,
          lessonId: l1.id,
          kind: 'presentation',
          label: 'Проверочный тест',
          description: 'Вопросы всех видов',
          exerciseType: 20,
          sequence: 2,
          availabilityRule: 4,
          completionCondition: 20,
          timeLimitSeconds: 30 * 60,
        },
        {
          programId: program.id,
          lessonId: l2.id,
          kind: 'webinar',
          label: 'Встреча с преподавателем',
          description: 'Разбор вопросов в прямом эфире',
          exerciseType: 50,
          sequence: 1,
          webinarLink: 'https://meet.jit.si/elp-demo-python-webinar',
          webinarStartsAt: new Date(Date.now() + 7 * 86400_000),
        },
      ])
      .returning({ id: exercises.id });
    return { programId: program.id, lessonIds: [l1.id, l2.id], exercises: { lecture: lecture.id, test: test.id, webinar: webinar.id } };
  });
}

/** The seeded demo program, if any (first program with that label). */
export async function findSeededProgram(db: Db): Promise<number | null> {
  const [row] = await db
    .select({ id: programs.id })
    .from(programs)
    .where(eq(programs.label, 'Основы программирования на Python'))
    .orderBy(asc(programs.id))
    .limit(1);
  return row?.id ?? null;
}
