/**
 * Course groups (UI word; the API says "Set"): a tree of groups and courses. Paths of
 * spec 3 §7.9 "Course groups (sets)", inputs and records, shared by the server
 * (server/modules/courses/sets*.ts) and the client (src/resources/courseGroups).
 * Plain data and zod only: no React, no Node.
 */
import { z } from 'zod';
import { codesOf, CourseRole, TrainingKind } from './enums';
import { parseApiDate } from './courses';
import { messages as m } from './resources/define';

/** A value outside a fixed list: "invalid" (missing: "required"). */
const choice = { error: (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.invalid') };

export const courseGroupPaths = {
  /** GET: the top-level groups the caller sees; POST: create a top-level group */
  sets: '/api/instructors/sets',
  /** POST: create a child group */
  child: '/api/instructors/sets/{id}/child',
  /** GET, PUT, DELETE one group */
  set: '/api/instructors/sets/{id}',
  /** the group's direct children (groups and courses), in order */
  list: '/api/Instructors/Sets/{id}/list',
  /** the chain of groups above a group, top first */
  parents: '/api/instructors/parent-sets-for/{id}',
  /** the whole subtree */
  hierarchy: '/api/instructors/sets/{id}/trainings-hierarchy',
  /** GET the order of the children; PUT { orders } */
  reorder: '/api/Sets/{id}/Reorder',
  instructorsRemove: '/api/Instructors/Trainings/Instructors/Remove/by-set',
  instructorsInclude: '/api/Instructors/Trainings/Instructors/Include/by-set',
  studentsInclude: '/api/Instructors/Trainings/Students/Include/by-set',
  /** an Excel file of the courses of the subtree */
  export: '/api/instructors/trainings/export/sets/{id}',
} as const;

export const SET_LABEL_MAX = 255;

const blankToNull = (v: unknown) => (v === '' ? null : v);
const dateField = z.preprocess(
  blankToNull,
  z.string(m.type).max(40, m.tooLong).refine((s) => parseApiDate(s) !== undefined, 'validation.invalid').nullish(),
);
const positiveId = z.coerce.number(m.type).int(m.type).min(1, m.type).max(2_147_483_647, m.type);

export const courseGroupInput = z
  .object({
    label: z.string(m.type).trim().min(1, m.required).max(SET_LABEL_MAX, m.tooLong),
    description: z.preprocess(blankToNull, z.string(m.type).max(5000, m.tooLong).nullish()),
    picture: z.preprocess(blankToNull, z.string(m.type).max(2000, m.tooLong).nullish()),
    begin: dateField,
    end: dateField,
    isPublished: z.boolean(m.type).optional(),
    /** the courses directly in this group; absent = unchanged (create: none) */
    trainingIds: z.array(positiveId, m.type).max(1000, m.tooBig).optional(),
  })
  .superRefine((v, ctx) => {
    const a = v.begin ? parseApiDate(v.begin, 'start') : null;
    const b = v.end ? parseApiDate(v.end, 'end') : null;
    if (a && b && a.getTime() > b.getTime()) ctx.addIssue({ code: 'custom', path: ['end'], message: 'validation.dateRange' });
  });
export type CourseGroupInput = z.infer<typeof courseGroupInput>;

const kindCode = z.coerce
  .number(m.type)
  .int(m.type)
  .refine((v) => v === TrainingKind.course || v === TrainingKind.courseGroup, 'validation.invalid');

/** PUT /api/Sets/{id}/Reorder: every child exactly once, in the new order. */
export const reorderInput = z.object({
  orders: z.array(z.object({ id: positiveId, type: kindCode }), m.type).min(1, m.required).max(2000, m.tooBig),
});
export type ReorderInput = z.infer<typeof reorderInput>;

/** Bulk by-set calls: the group (setId, or id) and a list of e-mails (spec 2 §6 e-mail list). */
export const bySetInput = z
  .object({
    setId: positiveId.optional(),
    id: positiveId.optional(),
    emails: z.union([z.string(m.type), z.array(z.string(m.type))], m.type),
    /** instructors include: their course role (default instructor) */
    courseRole: z.enum(codesOf(CourseRole) as [CourseRole, ...CourseRole[]], choice).optional(),
  })
  .refine((v) => v.setId !== undefined || v.id !== undefined, { path: ['setId'], message: 'validation.required' });
export type BySetInput = z.infer<typeof bySetInput>;

export interface CourseRef {
  id: number;
  label: string;
}

export interface CourseGroupRecord {
  id: number;
  parentId: number | null;
  label: string;
  description: string | null;
  picture: string | null;
  begin: string | null;
  end: string | null;
  isPublished: boolean;
  /** the courses directly in the group, in order */
  trainingIds: number[];
  trainings: CourseRef[];
  childrenCount: number;
  /** courses in the whole subtree */
  coursesCount: number;
  /** the caller may edit, reorder, drop it and run bulk tasks on it */
  canManage: boolean;
  createdAt: string;
}

/** A direct child of a group: a course (type 1) or a group (type 2). */
export interface CourseGroupChild {
  id: number;
  type: TrainingKind;
  label: string;
  begin: string | null;
  end: string | null;
  picture: string | null;
  sequence: number;
}

export interface HierarchyNode {
  id: number;
  type: TrainingKind;
  label: string;
  begin: string | null;
  end: string | null;
  children: HierarchyNode[];
}

/** Answer of the by-set calls: the task that does the work. */
export interface BySetAnswer {
  taskId: number;
  /** courses of the subtree the caller may change (the task works on these) */
  courses: number;
  /** courses of the subtree the caller may not change (left alone) */
  skippedCourses: number;
  accounts: number;
}
