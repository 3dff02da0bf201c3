import { z } from 'zod';
import type { AttributeChain, AttributeChoice } from '../attributes/definition';
import { AttributeChainUsage, AttributeRequirement } from '../enums';
import { defineCalls, returns } from '../http/call';

/** An attribute as the instructors' editors list it (spec 3 §7.2 chain-attributes/attributes). */
export interface ChainAttribute {
  id: number;
  label: string;
  type: number;
  options: AttributeChoice[];
  dictionaryId: string | null;
  hierarchyId: string | null;
  required: boolean;
  chain: AttributeChain | null;
}

/** A dictionary (spec 3 §7.2 chain-attributes/attributes/dictionaries): its id, label and entries. */
export interface DictionaryWithEntries {
  id: string;
  label: string;
  entries: AttributeChoice[];
}

const requirementCodes = Object.values(AttributeRequirement) as [number, ...number[]];

/** How a course asks one attribute at join (course_attributes: spec 2 §4 requirement codes 0–4; per-course answer). */
export const courseAttributeRow = z.object({
  attributeId: z.coerce.number().int().positive(),
  requirement: z.coerce
    .number()
    .int()
    .refine((n): n is AttributeRequirement => requirementCodes.includes(n), 'validation.invalid')
    .transform((n) => n as AttributeRequirement),
  perCourse: z.boolean().optional().default(false),
});
export type CourseAttributeRow = z.output<typeof courseAttributeRow>;

/** Rows of one course or template: each attribute once. */
export const courseAttributeRows = z
  .array(courseAttributeRow)
  .max(200)
  .refine((rows) => new Set(rows.map((r) => r.attributeId)).size === rows.length, { message: 'chainAttributes.duplicate' });

export const courseAttributesInput = z.object({ trainingId: z.coerce.number().int().positive(), attributes: courseAttributeRows });
export const attributeTemplateInput = z.object({
  label: z.string().trim().min(1, 'validation.required').max(300, 'validation.tooLong'),
  attributes: courseAttributeRows.refine((rows) => rows.length > 0, { message: 'chainAttributes.empty' }),
});
export type AttributeTemplateInput = z.input<typeof attributeTemplateInput>;

/** A course's attribute requirements (what 400.14 asks). */
export interface CourseAttributes {
  trainingId: number;
  attributes: CourseAttributeRow[];
}

/** An attribute template: a named set of requirements an instructor applies to courses (spec 1 §2.8 /attribute-template/create). */
export interface AttributeTemplate {
  id: number;
  label: string;
  attributes: CourseAttributeRow[];
  createdAt: string;
}

const I = '/api/instructors/chain-attributes';

/**
 * The instructors' side of attributes (spec 3 §7.2): the attributes, dictionaries and chain usages
 * to choose from, a course's attribute requirements (read by its staff, changed by its
 * instructors: course action `settings`) and attribute templates (read by staff, created with the
 * programs rule of `/attribute-template/create`).
 */
export const chainAttributeCalls = defineCalls('ChainAttributes', {
  attributes: { method: 'GET', path: '/api/chain-attributes/attributes', rule: 'staff', response: returns<ChainAttribute[]>() },
  dictionaries: { method: 'GET', path: '/api/chain-attributes/attributes/dictionaries', rule: 'staff', response: returns<DictionaryWithEntries[]>() },
  usages: { method: 'GET', path: '/api/chain-attributes/usages', rule: 'staff', response: returns<AttributeChainUsage[]>() },
  course: {
    method: 'GET',
    path: `${I}/trainings/{courseId}`,
    rule: 'staff',
    course: { action: 'view' },
    response: returns<CourseAttributes>(),
    summary: 'The attributes a course asks at join, with their requirement',
  },
  saveCourse: {
    method: 'POST',
    path: `${I}/trainings`,
    rule: 'staff',
    course: { action: 'settings', from: 'body.trainingId' },
    body: courseAttributesInput,
    response: returns<CourseAttributes>(),
    summary: 'Replace the attributes a course asks at join',
  },
  templates: { method: 'GET', path: `${I}/templates/all`, rule: 'staff', response: returns<AttributeTemplate[]>() },
  template: { method: 'GET', path: `${I}/templates/{id}`, rule: 'staff', response: returns<AttributeTemplate>() },
  createTemplate: {
    method: 'POST',
    path: `${I}/templates`,
    rule: 'programs',
    body: attributeTemplateInput,
    status: 201,
    response: returns<AttributeTemplate>(),
    summary: 'Create an attribute template',
  },
});
