import { asc, eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { exercises, lessons, programs, slides } from '../../db/schema/index.js';
import { conflict } from '../../errors.js';
import type { QuestionKind, WhereUsed } from '../../../shared/questions/index.js';
import type { DbOrTx } from './access.js';

/** The slide column that points at a question of each kind (ON DELETE RESTRICT). */
export const slideColumn: Record<QuestionKind, PgColumn> = {
  closed: slides.closedQuestionId,
  free: slides.freeQuestionId,
  matching: slides.matchingQuestionId,
  sequence: slides.sequenceQuestionId,
  code: slides.codeQuestionId,
};

/** "Where used": the slides showing the question, with their exercise, lesson and program. */
export async function whereUsed(db: DbOrTx, kind: QuestionKind, questionId: number): Promise<WhereUsed> {
  const rows = await db
    .select({
      slideId: slides.id,
      slideLabel: slides.label,
      exerciseId: exercises.id,
      exerciseLabel: exercises.label,
      lessonId: lessons.id,
      lessonLabel: lessons.label,
      programId: programs.id,
      programLabel: programs.label,
    })
    .from(slides)
    .innerJoin(exercises, eq(exercises.id, slides.exerciseId))
    .innerJoin(lessons, eq(lessons.id, exercises.lessonId))
    .innerJoin(programs, eq(programs.id, lessons.programId))
    .where(eq(slideColumn[kind], questionId))
    .orderBy(asc(programs.label), asc(lessons.sequence), asc(exercises.sequence), asc(slides.sequence), asc(slides.id));
  return { used: rows.length > 0, slides: rows };
}

/** 409 QuestionInUse naming the places, when a slide shows the question. */
export function inUseError(used: WhereUsed) {
  const places = used.slides
    .slice(0, 5)
    .map((s) => `${s.programLabel} / ${s.lessonLabel} / ${s.exerciseLabel}${s.slideLabel ? ` / ${s.slideLabel}` : ''}`)
    .join('; ');
  return conflict('QuestionInUse', {
    title: 'questions.inUse',
    description: 'questions.inUseDescription',
    vars: { count: used.slides.length, places: used.slides.length > 5 ? `${places}; …` : places },
    extra: { usedBy: used.slides },
  });
}

export async function assertNotUsed(db: DbOrTx, kind: QuestionKind, questionId: number): Promise<void> {
  const used = await whereUsed(db, kind, questionId);
  if (used.used) throw inUseError(used);
}

/** A foreign-key violation (a slide took the question between the check and the delete). */
export function isForeignKeyViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
    if (e.code === '23503') return true;
  }
  return false;
}
