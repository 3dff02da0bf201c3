import { z } from 'zod';
import { attributeAnswers, type AttributeFormItem } from '../attributes/definition';
import { defineCalls, returns } from '../http/call';
import { answerBodies } from './study/answers';

/** An attribute group: a tab of the profile, `/profile/{attributeGroupId}` (spec 2 §3.2). */
export interface AttributeGroup {
  id: number;
  label: string;
  description: string | null;
}

/** One group with its attributes as the profile form asks them, with the account's answers. */
export interface AttributeGroupForm extends AttributeGroup {
  attributes: AttributeFormItem[];
}

/**
 * The answer of a save of attribute answers: the ids saved. An invalid answer does not block the
 * valid ones (spec 2 §6): they are saved and the call answers 400 ValidationError with
 * `errors: { attributeId: message }` for the rest (the saved ids are those not named there).
 */
export interface SavedAttributes {
  saved: number[];
}

/** A suggestion of an address or company field (spec 2 §3.2 "Company suggestion: value, address, inn, kpp"). */
export interface AttributeSuggestion {
  value: string;
  address?: string;
  inn?: string;
  kpp?: string;
}

/** A file answer stored by an upload (spec 3 §3: files[i].attributeId, files[i].file). */
export interface AttributeFileAnswer {
  attributeId: number;
  fileId: number;
  name: string;
}

/** The most one attribute file may weigh (spec 2 §6 names none: docs/decisions/profile-and-attributes.md), and the files of one upload. */
export const ATTRIBUTE_FILE_MAX_MB = 20;
export const ATTRIBUTE_FILES_MAX = 10;

export const profileFieldsInput = z.object({ fields: attributeAnswers.min(1) });
export const profileFieldsQuery = z.object({ training: z.coerce.number().int().positive().optional() });
export const suggestionsInput = z.object({ query: z.string().trim().min(2).max(200), language: z.enum(['ru', 'en']).optional() });

/**
 * Profile attributes (spec 3 §7.1 profile fields, §7.2 attribute groups, §7.5 suggestions). The spec
 * gives no paths for the profile fields and the suggestions: `/api/profile/fields` and
 * `/api/suggestions/{address|company}` in its style.
 */
/** The answers of an attributes question by attribute id, as its save in the player takes them (without the attempt). */
export const questionFieldsInput = answerBodies.attributes.omit({ sessionId: true });

export const attributeCalls = defineCalls('Attributes', {
  groups: { method: 'GET', path: '/api/Attribute/Groups', rule: 'signedIn', response: returns<AttributeGroup[]>() },
  group: { method: 'GET', path: '/api/Attribute/Groups/{id}', rule: 'signedIn', response: returns<AttributeGroupForm>() },
  saveFields: {
    method: 'POST',
    path: '/api/profile/fields',
    rule: 'signedIn',
    query: profileFieldsQuery,
    body: profileFieldsInput,
    response: returns<SavedAttributes>(),
    summary: 'Save profile attribute answers; the valid ones are saved even when others are refused (400 with errors)',
  },
  saveFiles: {
    method: 'POST',
    path: '/api/profile/files',
    rule: 'signedIn',
    query: profileFieldsQuery,
    bodyKind: 'multipart',
    response: returns<SavedAttributes & { files: AttributeFileAnswer[] }>(),
    summary: 'Upload and save file attribute answers (multipart files[i].attributeId, files[i].file); the valid ones are saved even when others are refused (400 with errors)',
  },
  questionFiles: {
    method: 'POST',
    path: '/api/questions/{id}/files',
    rule: 'student',
    bodyKind: 'multipart',
    response: returns<{ files: AttributeFileAnswer[] }>(),
    summary: 'Upload the files of an attributes question (slide {id}) to answer it with their fileId; nothing is saved yet',
  },
  questionFields: {
    method: 'POST',
    path: '/api/questions/{id}/fields',
    rule: 'student',
    body: questionFieldsInput,
    response: returns<SavedAttributes>(),
    summary: 'Save the fields of an attributes question (slide {id}) to the caller’s profile, checked as the question asks them (all or nothing); no attempt',
  },
  unfilled: {
    method: 'GET',
    path: '/api/Attribute/unfilled',
    rule: 'signedIn',
    query: z.object({ trainingId: z.coerce.number().int().positive().optional() }),
    response: returns<AttributeFormItem[]>(),
    summary: 'The caller\'s required attributes still unfilled: the profile\'s (its own required flags, chains applied) or, with trainingId, a course\'s',
  },
  addressSuggestions: { method: 'POST', path: '/api/suggestions/address', rule: 'signedIn', body: suggestionsInput, response: returns<AttributeSuggestion[]>() },
  companySuggestions: { method: 'POST', path: '/api/suggestions/company', rule: 'signedIn', body: suggestionsInput, response: returns<AttributeSuggestion[]>() },
});
