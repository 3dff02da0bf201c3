import { eq } from 'drizzle-orm';
import type { Db } from '../client.js';
import { exercises, reflectionQuestions } from '../schema/index.js';
import type { SeededPrograms } from './programs.js';

/**
 * The demo test exercise asks for feedback and holds a reflection survey (one question of each
 * answer kind, with the spec 2 §6 limits), so the final page's form and modal have something to show.
 */
export async function seedReflection(db: Db, programs: SeededPrograms): Promise<void> {
  const exerciseId = programs.exercises.test;
  await db.transaction(async (tx) => {
    await tx.update(exercises).set({ feedbackEnabled: true }).where(eq(exercises.id, exerciseId));
    await tx.insert(reflectionQuestions).values([
      { exerciseId, sequence: 1, text: 'Что в тесте оказалось самым трудным?', answerKind: 'text', required: true, minChars: 10 },
      {
        exerciseId,
        sequence: 2,
        text: 'Что помогло подготовиться? (не более двух вариантов)',
        answerKind: 'choice',
        required: true,
        maxAnswers: 2,
        options: [
          { id: 1, text: 'Лекция' },
          { id: 2, text: 'Примеры кода' },
          { id: 3, text: 'Самостоятельная практика' },
          { id: 4, text: 'Вопросы преподавателю' },
        ],
      },
      { exerciseId, sequence: 3, text: 'Что бы вы добавили в упражнение?', answerKind: 'text' },
    ]);
  });
}
