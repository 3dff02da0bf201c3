/**
 * Course groups (UI word; the API says "Set"): a tree of groups and courses. Inputs and
 * records of spec 3 §7.9 "Course groups (sets)" (the calls: shared/calls/courseGroups.ts),
 * shared by the server (server/modules/courses) and the client (src/resources/courseGroups).
 * Plain data and zod only: no React, no Node.
 */
import { z } from 'zod';
import { codesOf, CourseRole, TrainingKind } from './enums';
import { blankToNull, choice, dateField, parseApiDate } from './courses';
import { messages as m } from './resources/define';

export const COURSE_GROUP_LABEL_MAX = 255;

const positiveId = z.coerce.number(m.type).int(m.type).min(1, m.type).max(2_147_483_647, m.type);

export const courseGroupInput = z
  .object({
    label: z.string(m.type).trim().min(1, m.required).max(COURSE_GROUP_LABEL_MAX, m.tooLong),
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
export const courseGroupTaskInput = z
  .object({
    setId: positiveId.optional(),
    id: positiveId.optional(),
    emails: z.union([z.string(m.type), z.array(z.string(m.type))], m.type),
    /** instructors include: their course role (default instructor) */
    courseRole: z.enum(codesOf(CourseRole) as [CourseRole, ...CourseRole[]], choice).optional(),
  })
  .refine((v) => v.setId !== undefined || v.id !== undefined, { path: ['setId'], message: 'validation.required' });
export type CourseGroupTaskInput = z.infer<typeof courseGroupTaskInput>;

const courseRef = z.object({ id: z.number(), label: z.string() });
export type CourseRef = z.infer<typeof courseRef>;

/** A course group as the calls answer it (a zod object: the resource declaration is built on it; the server does not check its answers). */
export const courseGroupRecord = z.object({
  id: z.number(),
  parentId: z.number().nullable(),
  label: z.string(),
  description: z.string().nullable(),
  picture: z.string().nullable(),
  begin: z.string().nullable(),
  end: z.string().nullable(),
  isPublished: z.boolean(),
  /** the courses directly in the group, in order */
  trainingIds: z.array(z.number()),
  trainings: z.array(courseRef),
  childrenCount: z.number(),
  /** courses in the whole subtree */
  coursesCount: z.number(),
  /** the caller may edit, reorder, drop it and run bulk tasks on it */
  canManage: z.boolean(),
  createdAt: z.string(),
});
export type CourseGroupRecord = z.infer<typeof courseGroupRecord>;

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
export interface CourseGroupTaskAnswer {
  taskId: number;
  /** courses of the subtree the caller may change (the task works on these) */
  courses: number;
  /** courses of the subtree the caller may not change (left alone) */
  skippedCourses: number;
  accounts: number;
}
