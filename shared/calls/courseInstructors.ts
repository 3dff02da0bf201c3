import { z } from 'zod';
import { CourseRole, InstructorPanelPermission } from '../enums';
import { defineCalls, returns } from '../http/call';
import { emailList, type PersonRow } from './students';

export type CourseStaffRole = 'instructor' | 'tutor' | 'moderator';

/** A member of a course's staff as the instructors list shows them (spec 3 §7.9 "Instructors"). */
export interface StaffRow extends PersonRow {
  picture: string | null;
  phone: string | null;
  role: CourseStaffRole;
  courseRole: CourseStaffRole;
  panelPermissions: number[];
  isHidden: boolean;
  isCreator: boolean;
  studentsCount: number;
}

/** What the edit screen reads: the course role and panel permissions of one member. */
export interface StaffMember {
  id: number;
  accountId: number;
  email: string;
  name: string;
  courseRole: CourseStaffRole;
  panelPermissions: number[];
  isHidden: boolean;
}

/** A student of the course and whether the tutor has them. */
export interface TutorStudent {
  id: number;
  accountId: number;
  email: string;
  name: string;
  groupId: number | null;
  attached: boolean;
}

const permissionCodes = Object.values(InstructorPanelPermission) as number[];

/** Body of the edit call: the course role and the panel permissions (spec 2 §4 codes 1–6). */
export const staffMemberInput = z.object({
  courseRole: z.enum([CourseRole.instructor, CourseRole.tutor, CourseRole.moderator]),
  panelPermissions: z.array(z.coerce.number().int().refine((v) => permissionCodes.includes(v), 'validation.invalid')).max(20).default([]),
  isHidden: z.boolean().optional(),
});
export type StaffMemberInput = z.input<typeof staffMemberInput>;

const staffEmails = z.object({ emails: emailList, courseRole: z.enum(['instructor', 'tutor', 'moderator']).optional() });

const T = '/api/instructors/trainings/{courseId}';
/** managing the course's staff: the global rule and the course action 'instructors' */
const staff = { rule: 'courseInstructors', course: { action: 'instructors' } } as const;

/** Instructors, tutors and moderators of a course; tutors' students. */
export const courseInstructorCalls = defineCalls('instructors', {
  list: { method: 'GET', path: `${T}/instructors`, ...staff, query: z.object({ search: z.string().max(200).optional() }), response: returns<StaffRow[]>() },
  get: { method: 'GET', path: `${T}/Instructors/{instructorId}/Edit`, rule: 'instructorEdit', course: staff.course, response: returns<StaffMember>() },
  update: {
    method: 'PUT',
    path: `${T}/Instructors/{instructorId}/Edit`,
    rule: 'instructorEdit',
    course: staff.course,
    body: staffMemberInput,
    response: returns<Omit<StaffMember, 'email' | 'name'>>(),
  },
  /** adds accounts of instructors by e-mail; unknown addresses: 400 System.OperationFinishedWithErrors */
  include: { method: 'POST', path: `${T}/Instructors/Include`, ...staff, body: staffEmails, response: returns<{ included: number }>() },
  exclude: { method: 'POST', path: `${T}/Instructors/Exclude`, ...staff, body: staffEmails, response: returns<{ excluded: number }>() },
  remove: { method: 'DELETE', path: `${T}/Instructors/{instructorId}/Exclude`, ...staff, response: returns<{ ok: boolean }>() },
  attributes: { method: 'GET', path: `${T}/instructors/attributes`, ...staff, response: returns<{ id: number; label: string }[]>() },
  /** the staff as an xlsx file */
  export: { method: 'POST', path: `${T}/Instructors/Export`, ...staff },
  excelExport: { method: 'GET', path: `${T}/instructors/excel-export`, ...staff },
  tutorStudents: { method: 'GET', path: `${T}/tutor/{tutorId}/students`, rule: 'tutorJoin', course: staff.course, response: returns<TutorStudent[]>() },
  /** attaches the student to the tutor, or detaches them when attached */
  toggleTutorStudent: {
    method: 'POST',
    path: `${T}/instructors/{tutorId}/tutor-students/attach-or-detach-student/{studentId}`,
    rule: 'tutorJoin',
    course: staff.course,
    response: returns<{ attached: boolean }>(),
  },
  attachTutorStudents: {
    method: 'POST',
    path: '/api/instructors/trainings/instructors/bulk-tutor-students',
    rule: 'tutorJoin',
    course: { action: 'instructors', from: 'body.trainingId' },
    body: z.object({ trainingId: z.coerce.number().int(), tutorId: z.coerce.number().int(), studentsEmails: emailList }),
    response: returns<{ attached: number }>(),
  },
});
