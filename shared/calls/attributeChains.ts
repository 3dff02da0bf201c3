import { z } from 'zod';
import { attributeAnswers, type AttributeChoice, type AttributeFormItem, type Requirement } from '../attributes/definition';
import { defineCalls, returns } from '../http/call';

/** A refined attribute: a catalogue filter (spec 2 §3.2: id, options, type, regex, name). */
export interface RefinedAttribute {
  id: number;
  name: string;
  label: string;
  type: number;
  regex: string | null;
  options: AttributeChoice[];
}

/** A category with its attributes (listByCategories). */
export interface AttributeCategoryList {
  id: number | null;
  label: string | null;
  attributes: AttributeFormItem[];
}

export const chainResultsCheckInput = z.object({ trainingId: z.coerce.number().int().positive().optional(), values: attributeAnswers });
export const chainConditionsQuery = z.object({ accountId: z.coerce.number().int().positive().optional(), trainingId: z.coerce.number().int().positive().optional() });
export const listByCategoriesInput = z.object({ categoryIds: z.array(z.number().int().positive()).max(100).optional() });

/**
 * Chains, refined attributes and categories (spec 3 §7.2): the chain calls evaluate the shared
 * chain rule on the server (the same `requirementsOf` the forms run), on the caller's answers or,
 * for a course's staff, a student's of the course.
 */
export const attributeChainCalls = defineCalls('Attributes', {
  checkChainResults: {
    method: 'POST',
    path: '/api/Attribute/chain-results/check',
    rule: 'signedIn',
    body: chainResultsCheckInput,
    response: returns<{ attributeId: number; requirement: Requirement }[]>(),
    summary: 'How each attribute of the form (the profile, or a course with trainingId) is asked once these answers are given, chains applied',
  },
  chainConditions: {
    method: 'GET',
    path: '/api/Attribute/chain-conditions',
    rule: 'signedIn',
    query: chainConditionsQuery,
    response: returns<AttributeFormItem[]>(),
    summary: 'The chain conditions of the profile or a course with the account\'s answers (another account: the course\'s staff only)',
  },
  refine: { method: 'GET', path: '/api/refine/attributes', rule: 'public', response: returns<RefinedAttribute[]>(), summary: 'Attributes that filter the catalogue: references, sets and flags' },
  listByCategories: {
    method: 'POST',
    path: '/api/attribute/listByCategories',
    rule: 'signedIn',
    body: listByCategoriesInput,
    response: returns<AttributeCategoryList[]>(),
    summary: 'The profile\'s attributes by category (all, or the categories named) with the caller\'s answers',
  },
});
