import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  checkAttributeAnswer,
  requirementsOf,
  type AttributeAnswer,
  type AttributeDefinition,
  type AttributeProblem,
  type Requirement,
  type StoredAttributeValue,
} from '../../../shared/attributes/index.js';
import { AttributeDataType } from '../../../shared/enums.js';
import type { Db } from '../../db/client.js';
import { attributeValueHistory, attributeValues, files } from '../../db/schema/index.js';
import { validationError } from '../../errors.js';
import { translate, type Lang } from '../../i18n/messages.js';
import { awardIfProfileCompleted } from '../learning/achievements.js';
import { answersOf, chainValue } from './definitions.js';
import { sourcesFor } from './sources.js';

export interface SaveAnswersInput {
  accountId: number;
  /** who saves (history's changedBy) */
  actorId: number;
  answers: AttributeAnswer[];
  /** the attributes the form asks, chain results included */
  defs: AttributeDefinition[];
  base: (d: AttributeDefinition) => Requirement | null;
  /** the course a form is filled for (null: the profile) */
  courseId: number | null;
  perCourse?: Set<number>;
}

export interface SaveAnswersResult {
  saved: number[];
  problems: Record<string, AttributeProblem>;
}

/** History keeps one text per answer: the scalar, else the structured value as JSON, else the file or the none choice. */
const historyText = (v: StoredAttributeValue | null | undefined) =>
  !v ? null : (v.value ?? (v.valueJson ? JSON.stringify(v.valueJson) : v.fileId !== null ? `file:${v.fileId}` : v.isHasNoneValue ? '—' : null));

/** The shared validator over every answer of a form (chains over the answers sent on top of the stored ones): what is refused, what may be saved. */
export async function checkAnswers(db: Db, input: SaveAnswersInput): Promise<{ problems: Record<string, AttributeProblem>; valid: { def: AttributeDefinition; value: StoredAttributeValue | null }[] }> {
  const { accountId, courseId, defs } = input;
  const perCourse = input.perCourse ?? new Set<number>();
  const byId = new Map(defs.map((d) => [d.id, d]));
  const stored = await answersOf(db, accountId, defs.map((d) => d.id), courseId, perCourse);
  const sent = new Map(input.answers.map((a) => [a.attributeId, a]));
  const typed = (id: number) => {
    const a = sent.get(id);
    if (!a) return chainValue(stored.get(id));
    return a.value === null || a.value === undefined ? null : String(a.value);
  };
  const requirements = requirementsOf(defs, input.base, typed);

  const problems: Record<string, AttributeProblem> = {};
  const valid: { def: AttributeDefinition; value: StoredAttributeValue | null }[] = [];
  const fileIds = input.answers.map((a) => a.fileId).filter((id): id is number => typeof id === 'number');
  const ownFiles = fileIds.length
    ? new Set((await db.select({ id: files.id }).from(files).where(and(inArray(files.id, fileIds), eq(files.ownerId, accountId)))).map((f) => f.id))
    : new Set<number>();
  const sources = await sourcesFor(db, defs, input.answers);
  for (const a of sent.values()) {
    const def = byId.get(a.attributeId);
    const requirement = def && requirements.get(def.id);
    if (!def || !requirement) {
      problems[a.attributeId] = { key: 'attributes.notAsked' };
      continue;
    }
    if (requirement === 'hidden') continue; // a chain result not triggered: nothing to keep
    const r = checkAttributeAnswer(def, requirement, a, sources);
    if (!r.ok) problems[def.id] = r.problem;
    else if (def.type === AttributeDataType.file && r.stored?.fileId && !ownFiles.has(r.stored.fileId)) problems[def.id] = { key: 'attributes.file' };
    else valid.push({ def, value: r.stored });
  }

  return { problems, valid };
}

/**
 * Checks every answer with the shared validator under the form's requirements, chains evaluated
 * over the answers sent on top of those stored (as the client evaluates them while typing), and
 * saves the valid ones in one transaction: an invalid answer does not block the others (spec 2 §6).
 * An empty optional answer clears the stored one. Each change is written to the profile history.
 */
export async function saveAttributeAnswers(db: Db, input: SaveAnswersInput): Promise<SaveAnswersResult> {
  const { accountId, courseId } = input;
  const perCourse = input.perCourse ?? new Set<number>();
  const { problems, valid } = await checkAnswers(db, input);

  await db.transaction(async (tx) => {
    for (const { def, value } of valid) {
      const training = perCourse.has(def.id) ? courseId : null;
      const where = and(
        eq(attributeValues.accountId, accountId),
        eq(attributeValues.attributeId, def.id),
        training === null ? isNull(attributeValues.trainingId) : eq(attributeValues.trainingId, training),
      );
      const [existing] = await tx.select().from(attributeValues).where(where).for('update');
      const before = existing ? historyText({ value: existing.value, valueJson: existing.valueJson ?? null, isHasNoneValue: existing.isHasNoneValue, fileId: existing.fileId }) : null;
      const after = historyText(value);
      if (before === after && (!!existing === !!value)) continue;
      if (!value) {
        if (existing) await tx.delete(attributeValues).where(eq(attributeValues.id, existing.id));
      } else if (existing) {
        await tx.update(attributeValues).set({ ...value, updatedAt: new Date() }).where(eq(attributeValues.id, existing.id));
      } else {
        await tx.insert(attributeValues).values({ accountId, attributeId: def.id, trainingId: training, ...value });
      }
      await tx.insert(attributeValueHistory).values({ accountId, attributeId: def.id, trainingId: training, oldValue: before, newValue: after, changedBy: input.actorId });
    }
  });
  // the profile's required attributes may all be filled now (achievement "profile completed")
  if (valid.length) await awardIfProfileCompleted(db, accountId);
  return { saved: valid.map((v) => v.def.id), problems };
}

/** 400 ValidationError naming the refused answers (`errors: { attributeId: message }`), after the valid ones were saved. */
export function throwProblems(problems: Record<string, AttributeProblem>, lang: Lang): void {
  const ids = Object.keys(problems);
  if (!ids.length) return;
  throw validationError(Object.fromEntries(ids.map((id) => [id, translate(lang, problems[id].key, problems[id].vars)])));
}
