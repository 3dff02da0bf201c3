import { and, eq } from 'drizzle-orm';
import type { Cmi, ItemState, LessonStatus, ScormItem, ScormOrganisation, ScormVersion } from '../../../shared/calls/study/scorm.js';
import { indexTree, startTarget } from '../../../shared/scormSequencing.js';
import type { Db } from '../../db/client.js';
import { attempts, exerciseProgress, scormRuntime } from '../../db/schema/index.js';
import { ContentKind, ExerciseProgressStatus } from '../../../shared/enums.js';
import { AppError } from '../../errors.js';
import type { ScormManifest } from '../programs/scormPackage.js';
import { leaves } from '../programs/scormOrganisation.js';
import { scoOutcome, type ScoOutcome, type ScoRules } from './scoOutcome.js';
import type { AttemptRow } from './attempts.js';
import { sessionNotFound, type ExerciseRow, type StudyContext } from './context.js';
import { finalStatus, questionSlides, recordProgress } from './finish.js';
import { settleProgress } from './grading.js';
import { rollup, type LeafData, type Rolled } from './scormRollup.js';

/**
 * SCORM run-time data of an attempt (table scorm_runtime, one row per attempt and SCO) and
 * what it means for the exercise: the package's own status and score decide the exercise's
 * progress (spec 2 §4 statuses) once it reports completed, passed or failed.
 */


export interface ScormPackage {
  version: ScormVersion;
  launch: string;
  title: string | null;
  /** storage key of the unpacked folder */
  key: string;
  scoIds: string[];
  /** each SCO's rules and launch data from the manifest (absent in manifests stored before them) */
  scos: ScormManifest['scos'];
  /** the default organisation; a flat one from `scos` for packages stored before it was read */
  organisation: ScormOrganisation;
}

export const scormNotFound = () => new AppError(404, 'NotFound', { title: 'study.scormNotFound' });

/** The exercise's package, or 404 when it is not a SCORM exercise with a stored package. */
export function scormPackageOf(exercise: ExerciseRow): ScormPackage {
  const m = exercise.scormManifest as Partial<ScormManifest> | null;
  if (exercise.kind !== 'scorm' || !exercise.scormPackagePath || !m || typeof m.launch !== 'string' || !m.launch) throw scormNotFound();
  return {
    version: m.version === '2004' ? '2004' : '1.2',
    launch: m.launch,
    title: m.title ?? null,
    key: exercise.scormPackagePath,
    scoIds: (m.scos ?? []).map((s) => s.identifier),
    scos: m.scos ?? [],
    organisation: m.organisation ?? {
      root: { id: '', title: m.title ?? '', href: null, asset: false, visible: true, children: (m.scos ?? []).map((s) => ({ id: s.identifier, title: s.title ?? s.identifier, href: s.href, asset: false, visible: true, children: [] })) },
    },
  };
}

/** The SCO the launch page belongs to ('' when the manifest names none). */
export const defaultSco = (pkg: ScormPackage) => pkg.scoIds[0] ?? '';

/** A SCO's manifest data: its status rules (scoOutcome) and launch data; nulls when absent. */
export function scoOf(pkg: ScormPackage, scoId: string): Required<ScoRules> & { dataFromLms: string | null } {
  const s = pkg.scos.find((x) => x.identifier === scoId);
  return { masteryScore: s?.masteryScore ?? null, scaledPassingScore: s?.scaledPassingScore ?? null, completionThreshold: s?.completionThreshold ?? null, dataFromLms: s?.dataFromLms ?? null };
}

const obj = (v: unknown): Cmi => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Cmi) : {});
const str = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : typeof v === 'number' ? String(v) : '');

export interface CmiOutcome {
  /** what the status line shows */
  lessonStatus: LessonStatus;
  /** completed, passed or failed: the exercise's progress follows */
  terminal: boolean;
  /** the package's score as a fraction 0..1, when it reported one */
  fraction: number | null;
  /** the SCO's result by the rules (failed shows as failed) */
  success: ScoOutcome['success'];
}

/**
 * Status and score of a SCO by the standards' rules (scoOutcome.ts: mastery score, completion
 * threshold, scaled passing score): the success when passed or failed, else the completion.
 */
export function readOutcome(version: ScormVersion, cmi: Cmi, rules: ScoRules = {}): CmiOutcome {
  const o = scoOutcome(version, cmi, rules);
  const browsed = version === '1.2' && str(obj(cmi.core).lesson_status) === 'browsed';
  const lessonStatus: LessonStatus = o.success !== 'unknown' ? o.success : browsed ? 'browsed' : o.completion;
  return { lessonStatus, terminal: o.completion === 'completed' || o.success !== 'unknown', fraction: o.scoreScaled, success: o.success };
}

/** The exercise's maximum: its rated question slides' scores, or 100 for a package-only exercise. */
export async function exerciseMaxScore(db: Db, exerciseId: number): Promise<number> {
  const qs = await questionSlides(db, exerciseId);
  const max = qs.filter((q) => q.contentKind !== ContentKind.attributes).reduce((s, q) => s + q.maxScore, 0);
  return max > 0 ? max : 100;
}

/**
 * Where the learner is in a multi-SCO attempt: kept in scorm_runtime under a reserved SCO id
 * (item identifiers are XML ids, which cannot start with '#'): the SCO last launched and how
 * many times each SCO was launched (attempt limits).
 */
export const NAV_SCO = '#nav';
export interface NavState {
  current: string | null;
  attempts: Record<string, number>;
}

/** Every SCO's saved cmi of an attempt, and the navigation state. */
export async function attemptData(db: Db, attemptId: number): Promise<{ cmi: Record<string, Cmi>; nav: NavState }> {
  const rows = await db.select({ scoId: scormRuntime.scoId, cmi: scormRuntime.cmi }).from(scormRuntime).where(eq(scormRuntime.attemptId, attemptId));
  const cmi: Record<string, Cmi> = {};
  let nav: NavState = { current: null, attempts: {} };
  for (const r of rows) {
    if (r.scoId === NAV_SCO) nav = { current: typeof r.cmi.current === 'string' ? r.cmi.current : null, attempts: obj(r.cmi.attempts) as Record<string, number> };
    else cmi[r.scoId] = r.cmi;
  }
  return { cmi, nav };
}

/** The tree's rollup from an attempt's data. */
export function rolledUp(pkg: ScormPackage, data: { cmi: Record<string, Cmi>; nav: NavState }): Rolled {
  const leaves: Record<string, LeafData> = {};
  for (const id of new Set([...Object.keys(data.cmi), ...Object.keys(data.nav.attempts)])) leaves[id] = { cmi: data.cmi[id] ?? {}, attempts: Number(data.nav.attempts[id]) || 0 };
  return rollup(pkg.version, pkg.organisation.root, leaves, (id) => scoOf(pkg, id));
}

export async function saveNav(db: Db, attemptId: number, nav: NavState): Promise<void> {
  const cmi = { current: nav.current, attempts: nav.attempts };
  await db.insert(scormRuntime).values({ attemptId, scoId: NAV_SCO, cmi }).onConflictDoUpdate({ target: [scormRuntime.attemptId, scormRuntime.scoId], set: { cmi, updatedAt: new Date() } });
}

/**
 * A launch of a SCO in an attempt in progress: it becomes the one to resume, and a SCO other
 * than the last one (or a fresh start) counts as one more attempt of it; `fresh` (a retry by
 * the sequencing rules) also drops its data, so the SCO starts anew.
 */
export async function recordLaunch(db: Db, pkg: ScormPackage, attemptId: number, want: string | undefined, fresh: boolean): Promise<void> {
  const scos = leaves(pkg.organisation.root);
  // one SCO: nothing to remember
  if (scos.length < 2) return;
  const { nav } = await attemptData(db, attemptId);
  const id = want ?? nav.current ?? firstSco(pkg)?.id;
  if (!id) return;
  if (fresh) await db.delete(scormRuntime).where(and(eq(scormRuntime.attemptId, attemptId), eq(scormRuntime.scoId, id)));
  if (id === nav.current && !fresh) return;
  await saveNav(db, attemptId, { current: id, attempts: { ...nav.attempts, [id]: (Number(nav.attempts[id]) || 0) + 1 } });
}

/** The SCO a new attempt starts with: by the sequencing (flow from the root, skipping), else the first. */
export function firstSco(pkg: ScormPackage): ScormItem | undefined {
  return startTarget(indexTree(pkg.version, pkg.organisation.root), {}) ?? leaves(pkg.organisation.root)[0];
}

export type { ItemState };

export async function savedCmi(db: Db, attemptId: number, scoId: string): Promise<Cmi> {
  const [row] = await db.select({ cmi: scormRuntime.cmi }).from(scormRuntime).where(and(eq(scormRuntime.attemptId, attemptId), eq(scormRuntime.scoId, scoId)));
  return row?.cmi ?? {};
}

/**
 * The cmi the player loads before the package starts: the saved data with the learner's
 * id and name, the entry mode (resume after a suspend), review mode for an attempt that is
 * over, and the last session's time and exit left out (they describe the previous session).
 */
export function resumeCmi(version: ScormVersion, saved: Cmi, learner: { id: number; firstName: string; lastName: string }, readOnly: boolean, sco?: ReturnType<typeof scoOf>): Cmi {
  const cmi: Cmi = structuredClone(saved);
  const resumed = Object.keys(saved).length > 0;
  const name = `${learner.lastName}, ${learner.firstName}`;
  if (version === '1.2') {
    const core = obj(cmi.core);
    const suspended = str(core.exit) === 'suspend';
    delete core.session_time;
    delete core.exit;
    Object.assign(core, { student_id: String(learner.id), student_name: name, entry: suspended ? 'resume' : resumed ? '' : 'ab-initio', lesson_mode: readOnly ? 'review' : 'normal' });
    cmi.core = core;
    // the manifest's data for the package (RTE 1.2 cmi.student_data.mastery_score, cmi.launch_data)
    if (sco?.masteryScore != null) cmi.student_data = { ...obj(cmi.student_data), mastery_score: String(sco.masteryScore) };
    if (sco?.dataFromLms != null) cmi.launch_data = sco.dataFromLms;
  } else {
    const suspended = str(cmi.exit) === 'suspend';
    delete cmi.session_time;
    delete cmi.exit;
    Object.assign(cmi, { learner_id: String(learner.id), learner_name: name, entry: suspended ? 'resume' : resumed ? '' : 'ab-initio', mode: readOnly ? 'review' : 'normal' });
    // the manifest's data (RTE 2004 cmi.scaled_passing_score, cmi.completion_threshold, cmi.launch_data)
    if (sco?.scaledPassingScore != null) cmi.scaled_passing_score = String(sco.scaledPassingScore);
    if (sco?.completionThreshold != null) cmi.completion_threshold = String(sco.completionThreshold);
    if (sco?.dataFromLms != null) cmi.launch_data = sco.dataFromLms;
  }
  return cmi;
}

/**
 * Saves the cmi of an attempt's SCO (upsert) and, when the package reports completed, passed
 * or failed, the attempt's score and the exercise's progress — in one transaction that holds
 * the attempt, so a retake or expiry in between answers 400.16 instead of writing into it.
 */
export async function saveCmi(db: Db, ctx: StudyContext, pkg: ScormPackage, attempt: AttemptRow, scoId: string, cmi: Cmi, now = new Date()) {
  const maxScore = await exerciseMaxScore(db, ctx.exercise.id);
  return db.transaction(async (tx) => {
    const [held] = await tx.select().from(attempts).where(and(eq(attempts.id, attempt.id), eq(attempts.status, 'in_progress'))).for('update');
    if (!held) throw sessionNotFound();
    await tx
      .insert(scormRuntime)
      .values({ attemptId: attempt.id, scoId, cmi })
      .onConflictDoUpdate({ target: [scormRuntime.attemptId, scormRuntime.scoId], set: { cmi, updatedAt: now } });
    // the exercise follows the whole package (every SCO's data, rolled up), not this SCO alone
    const outcome = rolledUp(pkg, await attemptData(tx as unknown as Db, attempt.id));
    let progress: ExerciseProgressStatus = ExerciseProgressStatus.inProgress;
    let score: number | null = held.score;
    if (outcome.terminal) {
      score = outcome.fraction === null ? held.score : Math.round(outcome.fraction * maxScore * 100) / 100;
      progress = finalStatus(false, ctx.exercise.completionCondition);
      await tx.update(attempts).set({ score, maxScore }).where(eq(attempts.id, attempt.id));
      await recordProgress(tx as unknown as Db, ctx, attempt, progress, score, now, outcome.lessonStatus === 'failed');
    }
    return { outcome, progress, score, maxScore };
  });
}

/**
 * Closes a SCORM attempt, finished by the student or expired by the clock. The package's
 * status so far stands: a reported result keeps its score; otherwise the exercise ends as
 * other exercises do when their time runs out.
 */
export async function closeScormAttempt(db: Db, ctx: StudyContext, attempt: AttemptRow, status: 'finished' | 'expired', now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [closed] = await tx.update(attempts).set({ status, finishedAt: now }).where(and(eq(attempts.id, attempt.id), eq(attempts.status, 'in_progress'))).returning();
    if (!closed) return;
    const progress = finalStatus(false, ctx.exercise.completionCondition);
    const done = progress !== ExerciseProgressStatus.evaluation;
    await tx
      .update(exerciseProgress)
      .set({ status: progress, score: closed.score ?? 0, completedAt: done ? now : null, updatedAt: now })
      .where(and(eq(exerciseProgress.accountId, ctx.user.accountId), eq(exerciseProgress.courseId, ctx.course.id), eq(exerciseProgress.exerciseId, ctx.exercise.id)));
    await settleProgress(tx as unknown as Db, ctx, true, now);
  });
}
