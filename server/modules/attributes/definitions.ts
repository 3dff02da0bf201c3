import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { AttributeDefinition, AttributeFormItem, Requirement, StoredAttributeValue } from '../../../shared/attributes/index.js';
import { requirementsOf } from '../../../shared/attributes/index.js';
import { AttributeDataType, AttributeRequirement } from '../../../shared/enums.js';
import type { Db } from '../../db/client.js';
import { attributes, attributeValues, courseAttributes } from '../../db/schema/index.js';
import { withDictionaries } from './sources.js';

type AttributeRow = typeof attributes.$inferSelect;
type ValueRow = typeof attributeValues.$inferSelect;

/** The form item of an attribute row (the chain: this attribute is the condition when it has results). */
export function toDefinition(r: AttributeRow): AttributeDefinition {
  return {
    id: r.id,
    type: r.type,
    label: r.label,
    name: r.name,
    description: r.description,
    required: r.required,
    readonly: r.readonly,
    regex: r.regex,
    min: r.min,
    max: r.max,
    options: r.options,
    isTextArea: r.isTextArea,
    isHasNoneAttribute: r.isHasNoneAttribute,
    categoryId: r.categoryId,
    attributeGroupId: r.attributeGroupId,
    dictionaryId: r.dictionaryId,
    hierarchyId: r.hierarchyId,
    chain: r.chainConditionTriggerValue !== null && r.chainResults.length ? { triggerValue: r.chainConditionTriggerValue, results: r.chainResults } : null,
  };
}

/** Definitions of these attributes and, transitively, of the chain results they may reveal. */
export async function definitionsWithChains(db: Db, ids: Iterable<number>): Promise<AttributeDefinition[]> {
  const byId = new Map<number, AttributeDefinition>();
  let wanted = [...new Set(ids)];
  while (wanted.length) {
    const rows = await db.select().from(attributes).where(inArray(attributes.id, wanted)).orderBy(asc(attributes.sequence), asc(attributes.id));
    for (const r of rows) byId.set(r.id, toDefinition(r));
    wanted = [...new Set(rows.flatMap((r) => r.chainResults.map((c) => c.chainResultAttributeId)))].filter((id) => !byId.has(id));
  }
  return withDictionaries(db, [...byId.values()]);
}

/** Every attribute (the profile asks them all; chains need their conditions), dictionaries' entries as choices. */
export async function allDefinitions(db: Db): Promise<AttributeDefinition[]> {
  return withDictionaries(db, (await db.select().from(attributes).orderBy(asc(attributes.sequence), asc(attributes.id))).map(toDefinition));
}

/** How the profile form asks an attribute: its own flags; Pattern is disabled on the profile form (spec 2 §4). */
export const profileRequirement = (d: AttributeDefinition): Requirement =>
  d.readonly || d.type === AttributeDataType.pattern ? 'readonly' : d.required ? 'required' : 'optional';

/** A course's requirement code as a form requirement (spec 2 §4: 1 required; optional, additional and correspondence optional). */
export function courseRequirement(code: number): Requirement | null {
  if (code === AttributeRequirement.required) return 'required';
  if (code === AttributeRequirement.undefined) return null;
  return 'optional';
}

/** What a course asks of its students (course_attributes), chains included. */
export interface CourseForm {
  defs: AttributeDefinition[];
  base: (d: AttributeDefinition) => Requirement | null;
  /** attributes answered per course (attribute_values.training_id) rather than once in the profile */
  perCourse: Set<number>;
}

export async function courseForm(db: Db, courseId: number): Promise<CourseForm> {
  const rows = await db.select().from(courseAttributes).where(eq(courseAttributes.courseId, courseId)).orderBy(asc(courseAttributes.sequence), asc(courseAttributes.attributeId));
  const asked = new Map(rows.map((r) => [r.attributeId, courseRequirement(r.requirement)]));
  const defs = await definitionsWithChains(db, asked.keys());
  const order = new Map(rows.map((r, i) => [r.attributeId, i]));
  defs.sort((a, b) => (order.get(a.id) ?? 1e9) - (order.get(b.id) ?? 1e9));
  return { defs, base: (d) => (d.readonly ? 'readonly' : (asked.get(d.id) ?? null)), perCourse: new Set(rows.filter((r) => r.perCourse).map((r) => r.attributeId)) };
}

const storedOf = (v: ValueRow): StoredAttributeValue => ({ value: v.value, valueJson: v.valueJson ?? null, isHasNoneValue: v.isHasNoneValue, fileId: v.fileId });

/** Whether a stored answer gives something (the none choice counts). */
export const isFilled = (v: StoredAttributeValue | null | undefined) =>
  !!v && ((v.value ?? '') !== '' || v.valueJson !== null || v.fileId !== null || v.isHasNoneValue);

/**
 * An account's answers as one form sees them: the profile's (training null), or for a course the
 * course's own answer of a per-course attribute, else the course's answer or the profile's.
 */
export async function answersOf(db: Db, accountId: number, ids: number[], courseId: number | null, perCourse: Set<number> = new Set()): Promise<Map<number, StoredAttributeValue>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select()
    .from(attributeValues)
    .where(
      and(
        eq(attributeValues.accountId, accountId),
        inArray(attributeValues.attributeId, ids),
        courseId === null ? isNull(attributeValues.trainingId) : or(isNull(attributeValues.trainingId), eq(attributeValues.trainingId, courseId)),
      ),
    );
  const out = new Map<number, StoredAttributeValue>();
  for (const id of ids) {
    const course = rows.find((r) => r.attributeId === id && r.trainingId !== null);
    const profile = rows.find((r) => r.attributeId === id && r.trainingId === null);
    const pick = perCourse.has(id) ? course : (course ?? profile);
    if (pick) out.set(id, storedOf(pick));
  }
  return out;
}

/** The value a chain compares with its trigger. */
export const chainValue = (v: StoredAttributeValue | undefined) => v?.value ?? null;

/** The form items with their base requirement ('hidden' for a chain-only result) and the account's answers. */
export function formItems(defs: AttributeDefinition[], base: (d: AttributeDefinition) => Requirement | null, answers: Map<number, StoredAttributeValue>): AttributeFormItem[] {
  return defs.map((d) => ({ ...d, requirement: base(d) ?? 'hidden', answer: answers.get(d.id) ?? null }));
}

/** The requirements of a form over stored answers (the server's side of the shared chain rule). */
export const storedRequirements = (defs: AttributeDefinition[], base: (d: AttributeDefinition) => Requirement | null, answers: Map<number, StoredAttributeValue>) =>
  requirementsOf(defs, base, (id) => chainValue(answers.get(id)));
