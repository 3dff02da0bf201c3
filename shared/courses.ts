/**
 * Courses (UI word; the API says "Training"): input schemas and record shapes of spec 3 §7.9
 * "Lists" and "Course data" (the calls: shared/calls/courses.ts), shared by the server
 * (server/modules/courses) and the client (src/resources/courses). Plain data and zod only.
 *
 * zod messages are server i18n keys (`validation.*`); the client maps issues itself.
 */
import { z } from 'zod';
import { codesOf, CourseTabFilter, DEFAULT_COURSE_TAB_FILTER, GradeAggregation, JoinMode, type CourseRole, type TrainingKind } from './enums';
import type { CourseMember } from './permissions';
import { messages as m } from './resources/define';

/** A value outside a fixed list: "invalid" (missing: "required"). */
export const choice = { error: (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.invalid') };

export const COURSE_LABEL_MAX = 255;
export const COURSE_DESCRIPTION_MAX = 20_000;
export const COURSE_SHORT_TEXT_MAX = 255;


// ------------------------------------------------------------------ dates

/** Spec 2 §9: these values mean "unset". */
const UNSET_DATES = ['0001-01-01', '9999-12-31'];
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * An API date: `YYYY-MM-DD` or an ISO date-time. Returns the Date, null for the spec's
 * "unset" values, or undefined when malformed. A bare date means the start of that day
 * (UTC), or its end with `edge: 'end'` (an end or close date includes its whole day).
 */
export function parseApiDate(value: string, edge: 'start' | 'end' = 'start'): Date | null | undefined {
  const s = value.trim();
  const match = DATE_RE.exec(s);
  if (!match) return undefined;
  const [, y, mo, d, hh] = match;
  if (UNSET_DATES.includes(`${y}-${mo}-${d}`)) return null;
  const month = Number(mo);
  const day = Number(d);
  const probe = new Date(Date.UTC(Number(y), month - 1, day));
  if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return undefined;
  if (hh === undefined) return edge === 'end' ? new Date(probe.getTime() + 86_400_000 - 1) : probe;
  const parsed = new Date(match[7] ? s : `${s}Z`);
  return Number.isNaN(parsed.getTime()) ? undefined : parsed;
}

export const blankToNull = (v: unknown) => (v === '' ? null : v);

/** A date field (string on the wire); '' and the unset values become null. */
export const dateField = z.preprocess(
  blankToNull,
  z
    .string(m.type)
    .max(40, m.tooLong)
    .refine((s) => parseApiDate(s) !== undefined, 'validation.invalid')
    .nullish(),
);
const requiredDate = z
  .string(m.type)
  .trim()
  .min(1, m.required)
  .max(40, m.tooLong)
  .refine((s) => parseApiDate(s) !== undefined, 'validation.invalid')
  .refine((s) => parseApiDate(s) !== null, 'validation.required');

const DATE_RANGE = 'validation.dateRange';

type Ctx = z.RefinementCtx;
/** Spec 2 §6: start not after end ('Неверно задан диапазон дат', on the end field). */
function checkRange(ctx: Ctx, from: string | null | undefined, to: string | null | undefined, toField: string) {
  if (!from || !to) return;
  const a = parseApiDate(from, 'start');
  const b = parseApiDate(to, 'end');
  if (a && b && a.getTime() > b.getTime()) ctx.addIssue({ code: 'custom', path: [toField], message: DATE_RANGE });
}

// ------------------------------------------------------------------ inputs

const text = (max: number) => z.preprocess(blankToNull, z.string(m.type).trim().max(max, m.tooLong).nullish());
const email = z.preprocess(
  blankToNull,
  z.string(m.type).trim().max(320, m.tooLong).regex(/^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/, 'validation.invalidEmail').nullish(),
);

/** Date visibility choices for students (GET /api/instructors/dates-visibility). */
export const DatesVisibility = { all: 'all', courseDates: 'course_dates', availabilityDates: 'availability_dates', none: 'none' } as const;
export type DatesVisibility = (typeof DatesVisibility)[keyof typeof DatesVisibility];

const courseFields = {
  label: z.preprocess(blankToNull, z.string(m.type).trim().min(1, m.required).max(COURSE_LABEL_MAX, m.tooLong).nullish()),
  /** rich text (sanitised on the server) */
  description: z.preprocess(blankToNull, z.string(m.type).max(COURSE_DESCRIPTION_MAX, m.tooLong).nullish()),
  /** picture address (from POST /api/Instructors/Storage/Picture/Upload) */
  picture: text(2000),
  begin: requiredDate,
  end: requiredDate,
  /**
   * Availability: "by dates" when open and close are given (spec 2 §3.1: then
   * alwaysAvailableByDates is set); "always" when both are empty.
   */
  alwaysAvailableByDates: z.boolean(m.type).optional(),
  open: dateField,
  close: dateField,
  /** the "group" text of the description */
  groupLabel: text(COURSE_SHORT_TEXT_MAX),
  /** e-mail of an instructor account; becomes the course's tutor (and staff with course role tutor) */
  tutorEmail: email,
  moderatorEmail: email,
  joinMode: z.enum(codesOf(JoinMode) as [JoinMode, ...JoinMode[]], choice).optional(),
  requiresEmailConfirmation: z.boolean(m.type).optional(),
  /** courses of one category are related: a student may be in only one of them at a time */
  relatedCategory: text(COURSE_SHORT_TEXT_MAX),
};

function availabilityCheck(v: { alwaysAvailableByDates?: boolean; open?: string | null; close?: string | null; begin?: string; end?: string }, ctx: Ctx) {
  checkRange(ctx, v.begin, v.end, 'end');
  if (v.alwaysAvailableByDates === false) return; // "always": open and close are dropped
  const open = v.open ? parseApiDate(v.open) : null;
  const close = v.close ? parseApiDate(v.close) : null;
  if (v.alwaysAvailableByDates === true || open || close) {
    if (!open) ctx.addIssue({ code: 'custom', path: ['open'], message: 'validation.required' });
    if (!close) ctx.addIssue({ code: 'custom', path: ['close'], message: 'validation.required' });
  }
  checkRange(ctx, v.open, v.close, 'close');
}

/** POST /api/instructors/trainings/create: a course from a program. Label defaults to the program's. */
export const courseCreateInput = z
  .object({
    programId: z.coerce.number(m.type).int(m.type).min(1, m.type).max(2_147_483_647, m.type),
    ...courseFields,
    /** shown in the students' catalogue from the start (default: not) */
    isPublished: z.boolean(m.type).optional(),
  })
  .superRefine(availabilityCheck);
export type CourseCreateInput = z.infer<typeof courseCreateInput>;

/** PUT .../settings. Absent fields keep their value. */
export const courseSettingsInput = z
  .object({
    ...courseFields,
    footer: z.preprocess(blankToNull, z.string(m.type).max(COURSE_DESCRIPTION_MAX, m.tooLong).nullish()),
    isPublished: z.boolean(m.type).optional(),
    keywords: text(1000),
    datesVisibility: z.enum(codesOf(DatesVisibility) as [DatesVisibility, ...DatesVisibility[]], choice).optional(),
    gradeAggregation: z.enum(codesOf(GradeAggregation) as [GradeAggregation, ...GradeAggregation[]], choice).optional(),
    /** 0..1 share of the maximum a student needs to pass; null = no threshold */
    passingScore: z.coerce.number(m.type).min(0, m.tooSmall).max(1, m.tooBig).nullish(),
  })
  .superRefine(availabilityCheck);
export type CourseSettingsInput = z.infer<typeof courseSettingsInput>;

const tabFilterCodes = codesOf(CourseTabFilter) as number[];
export const courseListQuery = z.object({
  dateFilter: z.coerce
    .number(m.type)
    .int(m.type)
    .refine((v) => tabFilterCodes.includes(v), 'validation.invalid')
    .default(DEFAULT_COURSE_TAB_FILTER),
  search: z.string(m.type).max(COURSE_LABEL_MAX, m.tooLong).optional(),
  take: z.coerce.number(m.type).int(m.type).min(1, m.tooSmall).max(100, m.tooBig).default(20),
  skip: z.coerce.number(m.type).int(m.type).min(0, m.tooSmall).max(1_000_000, m.tooBig).default(0),
});
export type CourseListQuery = z.infer<typeof courseListQuery>;

export const allCoursesQuery = courseListQuery.extend({
  dateFilter: courseListQuery.shape.dateFilter.removeDefault().default(CourseTabFilter.all),
});

const idList = z.preprocess(
  (v) => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : String(v).split(',')),
  z.array(z.coerce.number(m.type).int(m.type).min(1, m.type).max(2_147_483_647, m.type)).max(500, m.tooBig),
);
/** GET .../trainings/groups?TrainingIds=1&TrainingIds=2 (either letter case) */
export const groupsOfCoursesQuery = z.object({ TrainingIds: idList.optional(), trainingIds: idList.optional() });
export const lessonsOfCoursesInput = z.object({ trainingIds: idList });
export const exercisesOfCoursesInput = z.object({ trainingIds: idList, lessonIds: idList.optional() });

// ------------------------------------------------------------------ records

const staffRef = z.object({ id: z.number(), email: z.string(), name: z.string() });
export type StaffRef = z.infer<typeof staffRef>;

export type CourseDateStatus = 'current' | 'future' | 'past';

const day = z.string().nullable();
const enumOf = <T extends Record<string, string>>(e: T) => z.enum(codesOf(e) as [T[keyof T], ...T[keyof T][]]);

/**
 * One record shape for the list, the settings and the description (react-admin needs one). A
 * zod object because the resource declaration is built on it; the server does not check its
 * answers against it (the calls declare `returns<CourseRecord>()`).
 */
export const courseRecord = z.object({
  id: z.number(),
  /** TrainingKind: course 1 */
  type: z.custom<TrainingKind>(),
  programId: z.number(),
  programLabel: z.string(),
  label: z.string(),
  description: z.string().nullable(),
  footer: z.string().nullable(),
  picture: z.string().nullable(),
  begin: day,
  end: day,
  open: day,
  close: day,
  alwaysAvailableByDates: z.boolean(),
  groupLabel: z.string().nullable(),
  tutor: staffRef.nullable(),
  moderator: staffRef.nullable(),
  tutorEmail: z.string().nullable(),
  moderatorEmail: z.string().nullable(),
  joinMode: enumOf(JoinMode),
  requiresEmailConfirmation: z.boolean(),
  relatedCategory: z.string().nullable(),
  isPublished: z.boolean(),
  keywords: z.string().nullable(),
  datesVisibility: enumOf(DatesVisibility),
  gradeAggregation: enumOf(GradeAggregation),
  passingScore: z.number().nullable(),
  dateStatus: z.enum(['current', 'future', 'past']),
  studentsCount: z.number(),
  instructorsCount: z.number(),
  /** the caller's course role ('creator' when they created it without a staff row; null for Root) */
  myRole: z.custom<CourseRole | 'creator'>().nullable(),
  /** the caller's place in the course for the course rules (shared/permissions.ts); null when not its staff */
  member: z.custom<CourseMember>().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CourseRecord = z.infer<typeof courseRecord>;

/** GET .../description: the record plus the spec's `group` (spec 2 §3.3 "Course description"). */
export interface CourseDescription extends CourseRecord {
  group: string | null;
}

const courseOption = z.object({ id: z.number(), label: z.string(), begin: day, end: day });
export type CourseOption = z.infer<typeof courseOption>;

/** A row of /trainings/all (the admin course list). */
export const allCoursesItem = courseOption.extend({
  programLabel: z.string(),
  studentsCount: z.number(),
  createdBy: staffRef.nullable(),
  /** whether the caller may open it */
  canOpen: z.boolean(),
});
export type AllCoursesItem = z.infer<typeof allCoursesItem>;
