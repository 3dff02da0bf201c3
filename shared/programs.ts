/**
 * Programs, lessons and exercises (UI words; the API says "Course" for a program):
 * input schemas and record shapes of spec 3 §7.6–7.7, shared by the server
 * (server/modules/programs) and the client (src/resources/programs). The calls themselves
 * are declared in shared/calls/programs.ts, exercises.ts and constraints.ts.
 * Plain data and zod only: no React, no Node.
 *
 * zod messages are server i18n keys (`validation.*`); the client maps issues itself.
 */
import { z } from 'zod';
import {
  codesOf,
  ExerciseAvailabilityRule,
  ExerciseCompletionCondition,
  ExerciseType,
  type ExerciseKind,
} from './enums';
import { messages as m } from './resources/define';

export const LABEL_MAX = 255;
export const DESCRIPTION_MAX = 5000;

// ------------------------------------------------------------------ small pieces

const label = z.string(m.type).trim().min(1, m.required).max(LABEL_MAX, m.tooLong);
const description = z.string(m.type).max(DESCRIPTION_MAX, m.tooLong).nullish();
const intCode = <T extends Record<string, number>>(table: T) =>
  z.coerce.number(m.type).int(m.type).refine((v) => (codesOf(table) as number[]).includes(v), 'validation.invalid');

/** Spec 2 §6: e-mail list split by comma or space, each like x@y.z. */
export const EMAIL_LIST_MESSAGE = 'validation.emailList';
const emailRe = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;
export function splitEmailList(value: string | readonly string[]): string[] | null {
  const parts = (Array.isArray(value) ? value.join(' ') : (value as string)).split(/[\s,]+/).map((s) => s.trim()).filter(Boolean);
  if (parts.length === 0 || !parts.every((p) => emailRe.test(p))) return null;
  return [...new Set(parts.map((p) => p.toLowerCase()))];
}

// ------------------------------------------------------------------ programs

export const programInput = z.object({
  label,
  description,
  isReady: z.boolean(m.type).optional(),
  picture: z.string(m.type).max(2000, m.tooLong).nullish(),
});
export type ProgramInput = z.infer<typeof programInput>;

export const programListQuery = z.object({
  search: z.string().max(LABEL_MAX).optional(),
  /** "true" | "false"; absent = all */
  ready: z.enum(['true', 'false', 'True', 'False']).optional(),
  take: z.coerce.number(m.type).int(m.type).min(1, m.tooSmall).max(1000, m.tooBig).optional(),
  skip: z.coerce.number(m.type).int(m.type).min(0, m.tooSmall).optional(),
});

/** A program as the list, create and edit answer it (the record of the react-admin resource). */
export const programRecord = z.object({
  id: z.number(),
  label: z.string(),
  description: z.string().nullable(),
  isReady: z.boolean(),
  picture: z.string().nullable(),
  lessonsCount: z.number(),
  exercisesCount: z.number(),
  authorsCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProgramRecord = z.infer<typeof programRecord>;

export interface ExerciseSummary {
  id: number;
  lessonId: number;
  label: string;
  kind: ExerciseKind;
  exerciseType: number;
  sequence: number;
  isScoExercise: boolean;
  availabilityRule: number;
  completionCondition: number;
  slidesCount: number;
}

export interface LessonRecord {
  id: number;
  programId: number;
  label: string;
  description: string | null;
  sequence: number;
  exercises: ExerciseSummary[];
}

/** GET .../Courses/{id}/View: the program record plus its lessons and their exercises. */
export interface ProgramView extends ProgramRecord {
  lessons: LessonRecord[];
}

export const authorsInclude = z.object({
  /** a comma/space separated list, or an array of addresses */
  emails: z.union([z.string(m.type), z.array(z.string(m.type))], m.type),
});

export interface AuthorRecord {
  accountId: number;
  email: string;
  firstName: string;
  lastName: string;
  addedAt: string;
}

// ------------------------------------------------------------------ lessons, order, copy

export const lessonInput = z.object({ label, description });
export type LessonInput = z.infer<typeof lessonInput>;

/** "repeated orders": ids in their new order (a JSON array, or the query field `orders` repeated). */
const orderIds = z.preprocess(
  (v) => (v === undefined ? v : Array.isArray(v) ? v : [v]),
  z.array(z.coerce.number(m.type).int(m.type).positive(m.type), m.type).min(1, m.required),
);
/** Body of the sort calls: `{ orders }` or the ids alone; none when the ids travel in the query. */
export const ordersBody = z.preprocess((v) => (Array.isArray(v) ? { orders: v } : v), z.object({ orders: orderIds.optional() })).nullish();
/** Query of the sort calls: `orders` repeated (API bodies are JSON, so a form sends them here). */
export const ordersQuery = z.object({ orders: orderIds.optional() });

/** Query of the delete calls (spec 3 §7.6): `isAgree=true` confirms. */
export const agreeQuery = z.object({ isAgree: z.string().max(10).optional() });
export const isAgreed = (v: unknown) => v === true || (typeof v === 'string' && v.toLowerCase() === 'true');

export const multiplyCopyInput = z.object({
  /** the target program (API "course") */
  courseId: z.coerce.number(m.type).int(m.type).positive(m.type),
  lessons: z
    .array(
      z.object({
        lessonId: z.coerce.number(m.type).int(m.type).positive(m.type),
        /** a subset of the lesson's exercises; absent = all of them */
        exerciseIds: z.array(z.coerce.number(m.type).int(m.type).positive(m.type)).optional(),
      }),
      m.type,
    )
    .min(1, m.required),
  /** append the chosen exercises to this existing lesson of the target instead of copying lessons */
  targetLessonId: z.coerce.number(m.type).int(m.type).positive(m.type).optional(),
});
export type MultiplyCopyInput = z.infer<typeof multiplyCopyInput>;

// ------------------------------------------------------------------ exercises

export const ConstraintUnion = { and: 'and', or: 'or' } as const;
export type ConstraintUnion = (typeof ConstraintUnion)[keyof typeof ConstraintUnion];

const exerciseCommon = {
  label,
  description,
  exerciseType: intCode(ExerciseType).default(ExerciseType.lecture),
  availabilityRule: intCode(ExerciseAvailabilityRule).default(ExerciseAvailabilityRule.always),
  completionCondition: intCode(ExerciseCompletionCondition).default(ExerciseCompletionCondition.completed),
  isHiddenDescription: z.coerce.boolean(m.type).optional(),
  feedbackEnabled: z.coerce.boolean(m.type).optional(),
  /** minutes; null or absent = no limit */
  timeLimitMinutes: z.coerce.number(m.type).int(m.type).min(1, m.tooSmall).max(10_000, m.tooBig).nullish(),
  restartLimit: z.coerce.number(m.type).int(m.type).min(0, m.tooSmall).max(1000, m.tooBig).optional(),
};

export const exerciseInput = z.object(exerciseCommon);
export type ExerciseInput = z.infer<typeof exerciseInput>;

/** Multipart fields of the SCORM create (all strings on the wire; coerced). */
export const scormFields = z.object({
  ...exerciseCommon,
  isHiddenDescription: z.enum(['true', 'false', 'on']).transform((v) => v !== 'false').optional(),
  feedbackEnabled: z.enum(['true', 'false', 'on']).transform((v) => v !== 'false').optional(),
});

const webinarLink = z.url({ protocol: /^https?$/, error: 'validation.invalid' }).max(2000, m.tooLong);
export const webinarInput = z.object({
  ...exerciseCommon,
  /** absent or empty: a room is created (see server/modules/programs/webinar.ts) */
  webinarLink: z.union([webinarLink, z.literal('')]).nullish(),
  webinarStartsAt: z.iso.datetime({ offset: true, error: 'validation.invalid' }).nullish(),
});
export type WebinarInput = z.infer<typeof webinarInput>;

export const webinarVideoInput = z.object({
  exerciseId: z.coerce.number(m.type).int(m.type).positive(m.type),
  /** address of the recording: an uploaded file's address (starting with '/') or an https link */
  link: z.string(m.type).trim().min(1, m.required).max(2000, m.tooLong).refine((v) => v.startsWith('/') || /^https?:\/\//i.test(v), 'validation.invalid'),
  title: z.string(m.type).max(LABEL_MAX, m.tooLong).nullish(),
});

export interface ExerciseInfo {
  id: number;
  programId: number;
  lessonId: number;
  kind: ExerciseKind;
  label: string;
  description: string | null;
  exerciseType: number;
  availabilityRule: number;
  completionCondition: number;
  isHiddenDescription: boolean;
  feedbackEnabled: boolean;
  timeLimitMinutes: number | null;
  restartLimit: number;
  isScoExercise: boolean;
  /** the package's summary: version, edition ('1.2', '2004 3rd', '2004 4th'…), SCO count, whether it has 2004 sequencing */
  scorm: { version: string | null; edition: string | null; launch: string | null; title: string | null; scoCount: number; sequencing: boolean } | null;
  webinarLink: string | null;
  webinarStartsAt: string | null;
  webinarRecordingLink: string | null;
  constraintUnion: ConstraintUnion;
  sequence: number;
}

export const competenciesInput = z.object({
  competencies: z
    .array(
      z.object({
        name: z.string(m.type).trim().min(1, m.required).max(LABEL_MAX, m.tooLong),
        weight: z.coerce.number(m.type).min(0, m.tooSmall).max(100, m.tooBig).default(1),
      }),
      m.type,
    )
    .max(100, m.tooBig),
});

export const linksInput = z.object({
  links: z
    .array(
      z.object({
        title: z.string(m.type).trim().min(1, m.required).max(LABEL_MAX, m.tooLong),
        address: z.string(m.type).trim().min(1, m.required).max(2000, m.tooLong).refine((v) => v.startsWith('/') || /^https?:\/\//i.test(v), 'validation.invalid'),
      }),
      m.type,
    )
    .max(100, m.tooBig),
});

// ------------------------------------------------------------------ constraints and schedule

export const attributeConstraintInput = z.object({
  attributeId: z.coerce.number(m.type).int(m.type).positive(m.type),
  values: z.array(z.string(m.type).trim().min(1, m.required).max(LABEL_MAX, m.tooLong), m.type).min(1, m.required).max(500, m.tooBig),
});
export const attributeConstraintValues = attributeConstraintInput.pick({ values: true });

export const trainingConstraintsInput = z.object({
  courseIds: z.array(z.coerce.number(m.type).int(m.type).positive(m.type), m.type).max(1000, m.tooBig),
});

/** Lesson constraints (stored on the lesson): attribute constraints, their union, course constraints. */
export const lessonConstraintsInput = z.object({
  union: z.enum(['and', 'or'], 'validation.invalid').default('and'),
  attributes: z.array(attributeConstraintInput, m.type).max(100, m.tooBig).default([]),
  courseIds: z.array(z.coerce.number(m.type).int(m.type).positive(m.type), m.type).max(1000, m.tooBig).default([]),
});
export type LessonConstraints = z.infer<typeof lessonConstraintsInput>;

export const scheduleInput = z
  .object({
    begin: z.iso.datetime({ offset: true, error: (i) => (i.input === undefined ? 'validation.required' : 'validation.invalid') }),
    end: z.iso.datetime({ offset: true, error: 'validation.invalid' }).nullish(),
    location: z.string(m.type).max(LABEL_MAX, m.tooLong).nullish(),
    isScheduleAffectAccess: z.boolean(m.type).optional(),
  })
  .refine((s) => !s.end || new Date(s.end).getTime() >= new Date(s.begin).getTime(), { message: 'validation.dateRange', path: ['end'] });
export type ScheduleInput = z.infer<typeof scheduleInput>;

export interface ScheduleRecord {
  id: number;
  courseId: number;
  exerciseId: number | null;
  lessonId: number | null;
  begin: string;
  end: string | null;
  location: string | null;
  isScheduleAffectAccess: boolean;
}

/** Key/value item of the work kind and page type lists. */
export interface KeyValue<K = number | string> {
  key: K;
  value: string;
}
