import { eq } from 'drizzle-orm';
import {
  attempts,
  closedQuestionOptions,
  closedQuestions,
  codeQuestions,
  codeTestCases,
  courses,
  enrolments,
  exercises,
  files,
  freeQuestions,
  lessons,
  matchingOptions,
  matchingQuestions,
  matchingTargets,
  programs,
  sequenceItems,
  sequenceQuestions,
  slides,
} from '../../../server/db/schema/index.js';
import { forgetAvailability } from '../../../server/modules/study/hotCache.js';
import type { SignedIn, TestApp } from './app.js';

/** Factories of the study (player) tests: a course with an exercise holding one slide of each question kind. */
export function studyHelpers(t: TestApp) {
  const call = (who: SignedIn | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: who ? who.headers : {}, payload: payload as object });

  async function course(exerciseValues: Partial<typeof exercises.$inferInsert> = {}) {
    const [p] = await t.db.insert(programs).values({ label: 'Программа', isReady: true }).returning();
    const [l] = await t.db.insert(lessons).values({ programId: p.id, label: 'Урок' }).returning();
    const [ex] = await t.db
      .insert(exercises)
      .values({ programId: p.id, lessonId: l.id, label: 'Тест', exerciseType: 20, completionCondition: 20, ...exerciseValues })
      .returning();
    const [lecture] = await t.db.insert(exercises).values({ programId: p.id, lessonId: l.id, label: 'Лекция', exerciseType: 10, sequence: 1 }).returning();
    const [c] = await t.db
      .insert(courses)
      .values({ programId: p.id, label: 'Курс', isPublished: true, begin: new Date(Date.now() - 86_400_000), end: new Date(Date.now() + 30 * 86_400_000) })
      .returning();
    let seq = 0;
    const slide = async (v: Partial<typeof slides.$inferInsert> & { contentKind: number }) => {
      const [s] = await t.db
        .insert(slides)
        .values({ exerciseId: ex.id, sequence: ++seq, pageType: 2, label: `Слайд ${seq}`, content: { kind: 'question' }, ...v } as typeof slides.$inferInsert)
        .returning();
      return s;
    };
    // radio
    const [radioQ] = await t.db.insert(closedQuestions).values({ programId: p.id, label: 'Столица', choiceMode: 1 }).returning();
    const radioOpts = await t.db.insert(closedQuestionOptions).values([
      { questionId: radioQ.id, text: 'Париж', isCorrect: true, sequence: 0 },
      { questionId: radioQ.id, text: 'Лион', isCorrect: false, sequence: 1 },
    ]).returning();
    const radio = await slide({ contentKind: 10, closedQuestionId: radioQ.id, required: true });
    // checkbox
    const [boxQ] = await t.db.insert(closedQuestions).values({ programId: p.id, label: 'Чётные', choiceMode: 0 }).returning();
    const boxOpts = await t.db.insert(closedQuestionOptions).values([
      { questionId: boxQ.id, text: '2', isCorrect: true, sequence: 0 },
      { questionId: boxQ.id, text: '3', isCorrect: false, sequence: 1 },
      { questionId: boxQ.id, text: '4', isCorrect: true, sequence: 2 },
    ]).returning();
    const checkbox = await slide({ contentKind: 10, closedQuestionId: boxQ.id });
    // free answers
    const freeSlide = async (inputType: number, correctValues: string[]) => {
      const [q] = await t.db.insert(freeQuestions).values({ programId: p.id, label: `Свободный ${inputType}`, inputType: inputType as never, correctValues }).returning();
      return slide({ contentKind: 40, freeQuestionId: q.id });
    };
    const free = {
      date: await freeSlide(1, ['2024-05-09']),
      string: await freeSlide(2, ['Москва']),
      integer: await freeSlide(3, ['4']),
      float: await freeSlide(4, ['3.14']),
      boolean: await freeSlide(5, ['true']),
    };
    // matching
    const [mQ] = await t.db.insert(matchingQuestions).values({ programId: p.id, label: 'Пары' }).returning();
    const targets = await t.db.insert(matchingTargets).values([{ questionId: mQ.id, text: 'Франция' }, { questionId: mQ.id, text: 'Италия' }]).returning();
    const mOpts = await t.db.insert(matchingOptions).values([
      { questionId: mQ.id, text: 'Париж', correctTargetId: targets[0].id },
      { questionId: mQ.id, text: 'Рим', correctTargetId: targets[1].id },
    ]).returning();
    const matching = await slide({ contentKind: 13, matchingQuestionId: mQ.id });
    // sequence
    const [sQ] = await t.db.insert(sequenceQuestions).values({ programId: p.id, label: 'Порядок' }).returning();
    const items = await t.db.insert(sequenceItems).values([
      { questionId: sQ.id, text: 'один', correctPosition: 0 },
      { questionId: sQ.id, text: 'два', correctPosition: 1 },
      { questionId: sQ.id, text: 'три', correctPosition: 2 },
    ]).returning();
    const sequence = await slide({ contentKind: 12, sequenceQuestionId: sQ.id });
    // code
    const [cQ] = await t.db.insert(codeQuestions).values({ programId: p.id, label: 'Удвоить', starterCode: '' }).returning();
    await t.db.insert(codeTestCases).values([
      { questionId: cQ.id, inputValues: '2\n', outputValue: '4', sequence: 0 },
      { questionId: cQ.id, inputValues: '5\n', outputValue: '10', sequence: 1, isHidden: true },
    ]);
    const code = await slide({ contentKind: 11, codeQuestionId: cQ.id });
    // attributes, file, content
    const attributesSlide = await slide({ contentKind: 15, content: { kind: 'attributes', attributeIds: [] } });
    const content = await slide({ contentKind: 1, pageType: 1, content: { kind: 'content', html: '<p>Текст</p>' } });
    return {
      program: p, course: c, exercise: ex, lecture,
      radio, radioOpts, checkbox, boxOpts, free, matching, targets, mOpts, sequence, items, code, attributesSlide, content,
      base: `/api/trainings/${c.id}/exercises/${ex.id}`,
    };
  }

  /** A textarea question and a file question in their own exercise (manual check). */
  async function manualExercise(programId: number, lessonId: number) {
    const [ex] = await t.db.insert(exercises).values({ programId, lessonId, label: 'Эссе', exerciseType: 30, completionCondition: 20, sequence: 5 }).returning();
    const [q] = await t.db.insert(freeQuestions).values({ programId, label: 'Эссе', inputType: 10, correctValues: [] }).returning();
    const [textarea] = await t.db.insert(slides).values({ exerciseId: ex.id, sequence: 1, pageType: 2, contentKind: 40, content: { kind: 'question' }, freeQuestionId: q.id, required: true }).returning();
    const [file] = await t.db
      .insert(slides)
      .values({ exerciseId: ex.id, sequence: 2, pageType: 2, contentKind: 60, content: { kind: 'file', maxFiles: 1, allowedExtensions: ['pdf'], maxFileSizeMb: 1 } })
      .returning();
    // written behind the API's back: forget the course's cached exercises, as the programs API does after a write
    forgetAvailability(t.db);
    return { exercise: ex, textarea, file };
  }

  const enrol = (courseId: number, accountId: number, status: 1 | 2 | 3 = 1) => t.db.insert(enrolments).values({ courseId, accountId, status });

  const ownFile = async (ownerId: number, name: string, size = 100) => {
    const [f] = await t.db.insert(files).values({ storageKey: `test/${Math.random().toString(36).slice(2)}`, name, size, ownerId }).returning();
    return f;
  };

  const expire = (sessionId: number) => t.db.update(attempts).set({ deadlineAt: new Date(Date.now() - 1000) }).where(eq(attempts.id, sessionId));

  return { call, course, manualExercise, enrol, ownFile, expire };
}
