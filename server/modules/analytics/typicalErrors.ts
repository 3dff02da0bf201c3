import { sql } from 'drizzle-orm';
import type { AnalysedKind, QuestionStats, TypicalErrors } from '../../../shared/calls/analytics.js';
import { discriminationIndex, facilityIndex } from '../../../shared/analytics/itemAnalysis.js';
import { letOthersIn, type Db } from '../../db/client.js';
import type { QuestionSums } from '../../db/schema/analytics.js';
import { studentScope, type CourseAccess } from '../courses/access.js';
import { rowsOf } from '../../db/rows.js';
import { intArray, type Who } from '../journal/query.js';
import { addSums, computeSums, mostGiven, type GroupSums } from './answerSums.js';
import { storedSums } from './answerStats.js';
import { slideLabelSql, slideQuestionJoins, type AnswerScope } from './scope.js';

/** Wrong answers listed per question. */
export const TOP_WRONG = 5;
const round = (v: number | null, digits = 3) => (v === null ? null : Math.round(v * 10 ** digits) / 10 ** digits);

interface SlideRow {
  id: number;
  label: string;
  max_score: number;
  exercise_id: number;
  exercise_label: string;
  lesson_id: number;
  lesson_label: string;
}

/** The sums of the groups added up per question, in course order, with the indices and the labels. */
export async function mergeSums(db: Db, groups: readonly GroupSums[]): Promise<{ questions: QuestionStats[]; attempts: number }> {
  const bySlide = new Map<number, QuestionSums>();
  const wrong = new Map<number, Map<string, number>>();
  let attempts = 0;
  for (const g of groups) {
    attempts += g.attempts;
    for (const q of g.questions) {
      const t = bySlide.get(q.slideId);
      if (!t) bySlide.set(q.slideId, { ...q, wrong: [] });
      else addSums(t, q);
      const counts = wrong.get(q.slideId) ?? new Map<string, number>();
      for (const w of q.wrong) counts.set(w.text, (counts.get(w.text) ?? 0) + w.count);
      wrong.set(q.slideId, counts);
    }
  }
  if (!bySlide.size) return { questions: [], attempts };
  const slides = rowsOf<SlideRow>(
    await db.execute(sql`select s."id", ${slideLabelSql} as "label", s."max_score", e."id" as "exercise_id", e."label" as "exercise_label", l."id" as "lesson_id", l."label" as "lesson_label"
      from "slides" s ${slideQuestionJoins} join "exercises" e on e."id" = s."exercise_id" join "lessons" l on l."id" = e."lesson_id"
      where s."id" = any(${intArray([...bySlide.keys()])}::int[])
      order by l."sequence", l."id", e."sequence", e."id", s."sequence", s."id"`),
  );
  const questions = slides.map((s): QuestionStats => {
    const q = bySlide.get(s.id)!;
    const sums = { n: q.rated, sumX: q.sx, sumY: q.sy, sumXX: q.sxx, sumYY: q.syy, sumXY: q.sxy };
    const wrongAnswers = mostGiven(wrong.get(s.id), TOP_WRONG);
    return {
      slideId: s.id,
      label: s.label,
      kind: q.kind as AnalysedKind,
      lessonId: s.lesson_id,
      lessonLabel: s.lesson_label,
      exerciseId: s.exercise_id,
      exerciseLabel: s.exercise_label,
      maxScore: s.max_score,
      answers: q.n,
      right: q.r,
      partly: q.p,
      wrong: q.w,
      notRated: q.nr,
      facility: round(facilityIndex(sums, s.max_score)),
      discrimination: round(discriminationIndex(sums)),
      wrongAnswers,
    };
  });
  return { questions, attempts };
}

/**
 * Typical errors of the scope. Staff who see every student read the sums kept per exercise and
 * group (answerStats.ts: recomputed only where answers changed since); a tutor's figures cover
 * their own students, so they are summed for the call.
 */
export async function typicalErrors(db: Db, access: CourseAccess, who: Who, s: AnswerScope): Promise<TypicalErrors> {
  const groups = studentScope(access, who, sql`0`) ? await computeSums(db, access, who, s) : await storedSums(db, access, who, s);
  await letOthersIn(db);
  return { ...(await mergeSums(db, groups)), at: new Date().toISOString() };
}
