import { isEmptyAnswer, type AttributeAnswer, type AttributeDefinition, type AttributeProblem, type Requirement } from '../../../shared/attributes/index.js';
import type { Db } from '../../db/client.js';
import { definitionsWithChains } from './definitions.js';
import { checkAnswers, saveAttributeAnswers, type SaveAnswersInput } from './save.js';

/** One attribute's answer in the attributes question's body: a scalar or the structured answer. */
export type AttributeAnswerBody = string | number | boolean | null | Omit<AttributeAnswer, 'attributeId'>;

export function toAttributeAnswer(attributeId: number, v: AttributeAnswerBody): AttributeAnswer {
  return v !== null && typeof v === 'object' ? { ...v, attributeId } : { attributeId, value: v };
}

/** How the attributes question asks an attribute: its own flags (Pattern is allowed here, unlike the profile form). */
const questionRequirement = (d: AttributeDefinition): Requirement => (d.readonly ? 'readonly' : d.required ? 'required' : 'optional');

export type QuestionForm = Pick<SaveAnswersInput, 'defs' | 'base'>;

/** The question's attributes and the chain results they may reveal. */
export async function questionForm(db: Db, attributeIds: number[]): Promise<QuestionForm> {
  const asked = new Set(attributeIds);
  const defs = await definitionsWithChains(db, asked);
  return { defs, base: (d) => (asked.has(d.id) ? questionRequirement(d) : null) };
}

/** The refused answers of a question's save (answers are checked against the profile's stored ones for chains). */
export async function attributeProblems(db: Db, accountId: number, form: QuestionForm, answers: AttributeAnswer[]): Promise<Record<string, AttributeProblem>> {
  return (await checkAnswers(db, { accountId, actorId: accountId, answers, courseId: null, ...form })).problems;
}

/**
 * The stored question answers reach the profile (its shared values, with history). A field left
 * empty in the question keeps the profile's answer: the question asks, it does not clear.
 */
export function saveQuestionAnswersToProfile(db: Db, accountId: number, form: QuestionForm, answers: AttributeAnswer[]) {
  const byId = new Map(form.defs.map((d) => [d.id, d]));
  const given = answers.filter((a) => {
    const d = byId.get(a.attributeId);
    return d && !isEmptyAnswer(d, a);
  });
  if (!given.length) return Promise.resolve(null);
  return saveAttributeAnswers(db, { accountId, actorId: accountId, answers: given, courseId: null, ...form });
}

/** The question's form items for the player: its attributes and their chain results (answers come with the slide's saved answer). */
export async function questionItems(db: Db, attributeIds: number[]) {
  const form = await questionForm(db, attributeIds);
  const order = new Map(attributeIds.map((id, i) => [id, i]));
  const defs = [...form.defs].sort((a, b) => (order.get(a.id) ?? 1e9) - (order.get(b.id) ?? 1e9));
  return defs.map((d) => ({ ...d, requirement: form.base(d) ?? 'hidden', answer: null }));
}
