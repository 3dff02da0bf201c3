import type { Db } from '../../../server/db/client.js';
import {
  attributes,
  closedQuestionOptions,
  closedQuestions,
  codeQuestions,
  exercises,
  freeQuestions,
  lessons,
  matchingOptions,
  matchingQuestions,
  matchingTargets,
  programAuthors,
  programs,
  sequenceItems,
  sequenceQuestions,
} from '../../../server/db/schema/index.js';

/** Row factories for content tests: a program (with authors) → lesson → exercise, and one bank question of each kind. */
export async function makeExercise(db: Db, authors: number[], kind: 'presentation' | 'scorm' = 'presentation') {
  const [program] = await db.insert(programs).values({ label: 'Программа' }).returning();
  if (authors.length) await db.insert(programAuthors).values(authors.map((accountId) => ({ programId: program.id, accountId })));
  const [lesson] = await db.insert(lessons).values({ programId: program.id, label: 'Урок' }).returning();
  const [exercise] = await db.insert(exercises).values({ lessonId: lesson.id, programId: program.id, label: 'Упражнение', kind }).returning();
  return { program, lesson, exercise };
}

export async function makeQuestions(db: Db, programId: number | null = null) {
  const [closed] = await db.insert(closedQuestions).values({ programId, label: 'Столица', text: '<p>Столица Франции?</p>', choiceMode: 1 }).returning();
  await db.insert(closedQuestionOptions).values([
    { questionId: closed.id, text: 'Париж', isCorrect: true, sequence: 0 },
    { questionId: closed.id, text: 'Лион', isCorrect: false, sequence: 1 },
  ]);
  const [free] = await db.insert(freeQuestions).values({ programId, label: 'Сумма', text: '2+2?', inputType: 3, correctValues: ['4'] }).returning();
  const [matching] = await db.insert(matchingQuestions).values({ programId, label: 'Пары', text: 'Сопоставьте' }).returning();
  const [target] = await db.insert(matchingTargets).values({ questionId: matching.id, text: 'Франция' }).returning();
  await db.insert(matchingOptions).values({ questionId: matching.id, text: 'Париж', correctTargetId: target.id });
  const [sequence] = await db.insert(sequenceQuestions).values({ programId, label: 'Порядок', text: 'Упорядочите' }).returning();
  await db.insert(sequenceItems).values([
    { questionId: sequence.id, text: 'один', correctPosition: 0 },
    { questionId: sequence.id, text: 'два', correctPosition: 1 },
  ]);
  const [code] = await db.insert(codeQuestions).values({ programId, label: 'Эхо', text: 'Выведите ввод', starterCode: 'print(input())' }).returning();
  const [attribute] = await db.insert(attributes).values({ type: 1, label: 'Город', name: 'city' }).returning();
  return { closed, free, matching, sequence, code, attribute };
}
