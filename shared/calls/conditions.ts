import { z } from 'zod';
import { PredicateKind } from '../enums';
import { defineCalls, returns } from '../http/call';
import { messages as m } from '../resources/define';
import { parseDayEnd } from './invitations';

/**
 * A course's automation conditions (UI "conditions", API "predicates", spec 2 §3.3, §5; spec 3
 * §7.9 "Predicates" and "Templates") and the conditions templates. The spec names the predicate
 * calls but shows no sub-path: these are in its style, under /api/instructors/trainings/{courseId}/predicate
 * (docs/decisions/course-automation.md).
 */

/**
 * What must happen to the linked exercises for a student (all of them unless said otherwise):
 * completed; at least one completed; passed (completed, not failed, each at least
 * `minScorePercent` of its maximum); failed (one completed but failed or below `minScorePercent`);
 * the `date` passed with them not all completed.
 */
export const CONDITION_EVENTS = ['completed', 'anyCompleted', 'passed', 'failed', 'deadlineMissed'] as const;
export type ConditionEvent = (typeof CONDITION_EVENTS)[number];

/** An application condition makes an enrolment application into another course, or an expulsion application from this one. */
export const APPLICATION_KINDS = ['enrolment', 'expulsion'] as const;
export type ApplicationKind = (typeof APPLICATION_KINDS)[number];

export const CONDITION_KINDS = [PredicateKind.state, PredicateKind.application, PredicateKind.documentGeneration] as const;

/** The kind's path segment (…/predicate/state, …/application, …/document-generation). */
export const KIND_SEGMENT: Record<PredicateKind, string> = { state: 'state', application: 'application', document_generation: 'document-generation' };

/** Linked exercises and lessons of one condition, at most. */
export const CONDITION_MAX_LINKS = 500;

const id = z.coerce.number(m.type).int(m.type).min(1, m.tooSmall).max(2_147_483_647, m.tooBig);
const ids = (max: number) => z.array(id, m.type).max(max, m.tooBig);

/** Fields every kind has: its name, its event and the exercises it watches. */
const common = {
  label: z.string(m.type).trim().min(1, m.required).max(200, m.tooLong),
  eventType: z.enum(CONDITION_EVENTS, 'validation.invalid'),
  exerciseIds: ids(CONDITION_MAX_LINKS).default([]),
  lessonIds: ids(CONDITION_MAX_LINKS).default([]),
  /** passed / failed: the share of an exercise's maximum score that passes (none: any score) */
  minScorePercent: z.coerce.number(m.type).min(0, m.tooSmall).max(100, m.tooBig).nullish(),
  /** deadlineMissed: the day (YYYY-MM-DD or DD.MM.YYYY) after which it fires */
  date: z.string(m.type).trim().max(40, m.tooLong).nullish(),
};

type Common = { eventType: ConditionEvent; exerciseIds: number[]; lessonIds: number[]; date?: string | null };

/** The rules across fields: something linked; a valid day for a deadline. Message keys are the area's (conditions.*). */
function commonRules(v: Common, ctx: z.RefinementCtx) {
  if (v.exerciseIds.length + v.lessonIds.length === 0) ctx.addIssue({ code: 'custom', path: ['exerciseIds'], message: 'conditions.linkRequired' });
  if (v.eventType === 'deadlineMissed') {
    if (!v.date) ctx.addIssue({ code: 'custom', path: ['date'], message: 'validation.required' });
    else if (!parseDayEnd(v.date)) ctx.addIssue({ code: 'custom', path: ['date'], message: 'conditions.badDate' });
  }
}

const stateFields = z.object({ ...common, state: z.string(m.type).trim().min(1, m.required).max(100, m.tooLong) });
const applicationFields = z.object({
  ...common,
  application: z.enum(APPLICATION_KINDS, 'validation.invalid'),
  /** enrolment: the course to enrol into */
  targetCourseId: id.nullish(),
  /** made approved (enrolled / expelled at once) rather than left for a decision */
  approve: z.boolean(m.type).default(false),
  reason: z.string(m.type).trim().max(1000, m.tooLong).nullish(),
});
const documentFields = z.object({ ...common, title: z.string(m.type).trim().min(1, m.required).max(300, m.tooLong) });

function applicationRules(v: z.output<typeof applicationFields>, ctx: z.RefinementCtx) {
  commonRules(v, ctx);
  if (v.application === 'enrolment' && !v.targetCourseId) ctx.addIssue({ code: 'custom', path: ['targetCourseId'], message: 'validation.required' });
}

export const stateConditionInput = stateFields.superRefine(commonRules);
export const applicationConditionInput = applicationFields.superRefine(applicationRules);
export const documentConditionInput = documentFields.superRefine(commonRules);
export type StateConditionInput = z.input<typeof stateConditionInput>;
export type ApplicationConditionInput = z.input<typeof applicationConditionInput>;
export type DocumentConditionInput = z.input<typeof documentConditionInput>;

/** The screen's form: one of the three by `kind` (the same rules the server checks per call). */
export const conditionForm = z
  .discriminatedUnion('kind', [
    stateFields.extend({ kind: z.literal(PredicateKind.state) }),
    applicationFields.extend({ kind: z.literal(PredicateKind.application) }),
    documentFields.extend({ kind: z.literal(PredicateKind.documentGeneration) }),
  ])
  .superRefine((v, ctx) => (v.kind === PredicateKind.application ? applicationRules(v, ctx) : commonRules(v, ctx)));
export type ConditionForm = z.input<typeof conditionForm>;

/** What a kind does (the kind's fields of a record; null for the other kinds). */
export interface ConditionAction {
  state: string | null;
  application: ApplicationKind | null;
  targetCourseId: number | null;
  targetCourseLabel: string | null;
  approve: boolean;
  reason: string | null;
  title: string | null;
}

export interface ConditionRecord extends ConditionAction {
  id: number;
  courseId: number;
  kind: PredicateKind;
  label: string;
  sequence: number;
  eventType: ConditionEvent;
  minScorePercent: number | null;
  date: string | null;
  exerciseIds: number[];
  lessonIds: number[];
  /** the linked exercises and lessons, named (a removed one is left out) */
  exercises: { id: number; label: string; lessonId: number }[];
  lessons: { id: number; label: string }[];
  /** one line: when and what, in the caller's language */
  description: string;
  /** students it has fired for */
  fired: number;
  lastExecutedAt: string | null;
  createdAt: string;
}

/** GET …/predicate/attributes: what the forms choose from. */
export interface ConditionAttributes {
  kinds: PredicateKind[];
  events: ConditionEvent[];
  applications: ApplicationKind[];
  /** the course's lessons with their exercises (the program's) */
  lessons: { id: number; label: string; exercises: { id: number; label: string; exerciseType: number }[] }[];
  /** courses an enrolment application may lead to: those the caller manages students of, but this one */
  targetCourses: { id: number; label: string }[];
  /** states the course's conditions set already */
  states: string[];
}

/** POST …/{predicateId}/execute: fired now (inline), or a task for a large course. */
export interface ConditionExecution {
  /** students it fired for now; null when a task runs it */
  fired: number | null;
  taskId: number | null;
}

/** A condition as a template holds it: everything but its course, ids of the program's exercises. */
export interface TemplateCondition {
  kind: PredicateKind;
  label: string;
  eventType: ConditionEvent;
  exerciseIds: number[];
  lessonIds: number[];
  payload: Record<string, unknown>;
}

export interface ConditionTemplateRecord {
  id: number;
  label: string;
  programId: number | null;
  programLabel: string | null;
  /** the course it was saved from */
  courseId: number | null;
  courseLabel: string | null;
  conditionsCount: number;
  createdAt: string;
}

/** GET …/templates/{templateId}/selected: the template's conditions, ready to apply (with what blocks it, for `trainingId`). */
export interface SelectedTemplate extends ConditionTemplateRecord {
  conditions: (TemplateCondition & {
    exercises: { id: number; label: string }[];
    /** why it cannot be applied to the asked course (empty: it can) */
    problems: string[];
  })[];
}

export const createTemplateInput = z.object({
  label: z.string(m.type).trim().min(1, m.required).max(200, m.tooLong),
  trainingId: id,
  /** the course's conditions to save (default: all of them) */
  predicateIds: ids(1000).optional(),
});
export type CreateTemplateInput = z.input<typeof createTemplateInput>;

export const templatesQuery = z.object({ trainingId: id.optional() });
export const linksInput = z.object({ exerciseIds: ids(CONDITION_MAX_LINKS).default([]), lessonIds: ids(CONDITION_MAX_LINKS).default([]) });
export const sequenceInput = z.object({ predicateIds: ids(1000).min(1, m.required) });
export const copyInput = z.preprocess((v) => v ?? {}, z.object({ trainingId: id.optional() }));

const P = '/api/instructors/trainings/{courseId}/predicate';
/** Reading: staff of the course; changing and running: its instructors (the course's settings). */
const read = { action: 'view' } as const;
const write = { action: 'settings' } as const;
/** the flags of the program screens (spec 1 §6), which /conditions-template/create needs */
const rule = 'programs' as const;

export const conditionCalls = defineCalls('predicates', {
  description: { method: 'GET', path: `${P}/description`, rule, course: read, response: returns<ConditionRecord[]>(), summary: 'The course’s conditions in order, each described' },
  attributes: { method: 'GET', path: `${P}/attributes`, rule, course: read, response: returns<ConditionAttributes>(), summary: 'What the condition forms choose from' },
  info: { method: 'GET', path: '/api/instructors/predicate/{id}/info', rule, response: returns<ConditionRecord>() },
  createState: { method: 'POST', path: `${P}/state`, rule, course: write, body: stateConditionInput, status: 201, response: returns<ConditionRecord>() },
  editState: { method: 'PUT', path: `${P}/state/{predicateId}`, rule, course: write, body: stateConditionInput, response: returns<ConditionRecord>() },
  createApplication: { method: 'POST', path: `${P}/application`, rule, course: write, body: applicationConditionInput, status: 201, response: returns<ConditionRecord>() },
  editApplication: { method: 'PUT', path: `${P}/application/{predicateId}`, rule, course: write, body: applicationConditionInput, response: returns<ConditionRecord>() },
  createDocument: { method: 'POST', path: `${P}/document-generation`, rule, course: write, body: documentConditionInput, status: 201, response: returns<ConditionRecord>() },
  editDocument: { method: 'PUT', path: `${P}/document-generation/{predicateId}`, rule, course: write, body: documentConditionInput, response: returns<ConditionRecord>() },
  includeExercises: { method: 'POST', path: `${P}/{predicateId}/exercises/include`, rule, course: write, body: linksInput, response: returns<ConditionRecord>(), summary: 'Links more exercises or lessons' },
  excludeExercises: { method: 'POST', path: `${P}/{predicateId}/exercises/exclude`, rule, course: write, body: linksInput, response: returns<ConditionRecord>(), summary: 'Unlinks exercises or lessons' },
  sequence: { method: 'POST', path: `${P}/sequence`, rule, course: write, body: sequenceInput, response: returns<ConditionRecord[]>(), summary: 'Orders the course’s conditions (the ids in their new order)' },
  execute: { method: 'POST', path: `${P}/{predicateId}/execute`, rule, course: write, response: returns<ConditionExecution>(), summary: 'Runs a condition for every student of the course now' },
  copy: { method: 'POST', path: `${P}/{predicateId}/copy`, rule, course: write, body: copyInput, status: 201, response: returns<ConditionRecord>(), summary: 'A copy in this course, or in another course of the same program' },
  remove: { method: 'DELETE', path: `${P}/{predicateId}`, rule, course: write, response: returns<{ ok: true }>() },
  templates: { method: 'GET', path: `${P}/templates`, rule, course: read, response: returns<ConditionTemplateRecord[]>(), summary: 'Templates that apply to this course' },
  applyTemplate: { method: 'POST', path: `${P}/templates/{templateId}`, rule, course: write, status: 201, response: returns<ConditionRecord[]>(), summary: 'Adds a template’s conditions to the course' },

  createTemplate: { method: 'POST', path: '/api/instructors/CreateTemplates', rule, course: { action: 'settings', from: 'body.trainingId' }, body: createTemplateInput, status: 201, response: returns<ConditionTemplateRecord>() },
  allTemplates: { method: 'GET', path: '/api/instructors/templates/all', rule, query: templatesQuery, response: returns<ConditionTemplateRecord[]>(), summary: 'Conditions templates the caller may use' },
  selectedTemplate: { method: 'GET', path: '/api/instructors/templates/{templateId}/selected', rule, query: templatesQuery, response: returns<SelectedTemplate>() },
});
