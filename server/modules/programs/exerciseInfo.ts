import { eq, sql } from 'drizzle-orm';
import type { ExerciseInfo, ExerciseInput } from '../../../shared/programs.js';
import type { ExerciseKind } from '../../../shared/enums.js';
import type { Db } from '../../db/client.js';
import { exercises, programs } from '../../db/schema/index.js';
import { cleanPlainText } from '../../richtext/index.js';
import type { ExerciseRow } from './access.js';
import { iso } from './common.js';

/** The exercise as GET .../Info answers it. */
export function exerciseInfo(row: ExerciseRow): ExerciseInfo {
  const m = row.scormManifest as { version?: string; edition?: string; hasSequencing?: boolean; launch?: string; title?: string | null; scos?: unknown[] } | null;
  return {
    id: row.id,
    programId: row.programId,
    lessonId: row.lessonId,
    kind: row.kind,
    label: row.label,
    description: row.description,
    exerciseType: row.exerciseType,
    availabilityRule: row.availabilityRule,
    completionCondition: row.completionCondition,
    isHiddenDescription: row.isHiddenDescription,
    feedbackEnabled: row.feedbackEnabled,
    timeLimitMinutes: row.timeLimitSeconds === null ? null : Math.round(row.timeLimitSeconds / 60),
    restartLimit: row.restartLimit,
    isScoExercise: row.isScoExercise,
    scorm: row.isScoExercise
      ? { version: m?.version ?? null, edition: m?.edition ?? m?.version ?? null, launch: m?.launch ?? null, title: m?.title ?? null, scoCount: Array.isArray(m?.scos) ? m.scos.length : 0, sequencing: m?.hasSequencing === true }
      : null,
    webinarLink: row.webinarLink,
    webinarStartsAt: iso(row.webinarStartsAt),
    webinarRecordingLink: row.webinarRecordingLink,
    constraintUnion: row.constraintUnion === 'or' ? 'or' : 'and',
    sequence: row.sequence,
  };
}

/** Columns set from the common exercise fields (every create and the Info PUT); the description is sanitised here. */
export function exerciseColumns(b: ExerciseInput) {
  return {
    label: b.label,
    description: cleanPlainText(b.description) ?? null,
    exerciseType: b.exerciseType as ExerciseRow['exerciseType'],
    availabilityRule: b.availabilityRule as ExerciseRow['availabilityRule'],
    completionCondition: b.completionCondition as ExerciseRow['completionCondition'],
    ...(b.isHiddenDescription === undefined ? {} : { isHiddenDescription: b.isHiddenDescription }),
    ...(b.feedbackEnabled === undefined ? {} : { feedbackEnabled: b.feedbackEnabled }),
    ...(b.timeLimitMinutes === undefined ? {} : { timeLimitSeconds: b.timeLimitMinutes === null ? null : b.timeLimitMinutes * 60 }),
    ...(b.restartLimit === undefined ? {} : { restartLimit: b.restartLimit }),
  };
}

/** Changes an exercise (its updatedAt too) and answers its Info. */
export async function updateExercise(db: Db, id: number, set: Partial<typeof exercises.$inferInsert>): Promise<ExerciseInfo> {
  const [row] = await db.update(exercises).set({ ...set, updatedAt: new Date() }).where(eq(exercises.id, id)).returning();
  return exerciseInfo(row);
}

/** Inserts an exercise at the end of its lesson. */
export async function insertExercise(
  db: Db,
  programId: number,
  lessonId: number,
  kind: ExerciseKind,
  b: ExerciseInput,
  extra: Partial<typeof exercises.$inferInsert> = {},
): Promise<ExerciseRow> {
  const [row] = await db
    .insert(exercises)
    .values({
      programId,
      lessonId,
      kind,
      ...exerciseColumns(b),
      ...extra,
      sequence: sql`(select coalesce(max(e."sequence"), 0) + 1 from "exercises" e where e."lesson_id" = ${lessonId})`,
    })
    .returning();
  await db.update(programs).set({ updatedAt: new Date() }).where(eq(programs.id, programId));
  return row;
}
