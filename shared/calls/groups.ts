import { z } from 'zod';
import { defineCalls, returns } from '../http/call';
import { emailList } from './students';

/** A group of a course's students (spec 3 §7.9 "Groups"; "course group" is another thing: a set of courses). */
export interface GroupRecord {
  id: number;
  training: number;
  label: string;
  lead: { id: number; initials: string; email: string } | null;
  leadId: number | null;
  students: { accountId: number; email: string; name: string }[];
}

/** Body of create and edit: the name and the lead (an instructor of the course, or none). */
export const groupInput = z.object({
  label: z.string().trim().min(1, 'validation.required').max(200, 'validation.tooLong'),
  lead: z.coerce.number().int().nullish(),
});
export type GroupInput = z.input<typeof groupInput>;

const B = '/api/instructors/Trainings/{courseId}/Groups';

/** Groups of a course: rule 'showStudents'; reading needs the students permission, changing managing them. */
/** The course's group list is a "course data" call: courseCalls.groups (shared/calls/courses.ts). */
export const groupCalls = defineCalls('groups', {
  get: { method: 'GET', path: `${B}/{groupId}`, rule: 'showStudents', course: { action: 'students' }, response: returns<GroupRecord>() },
  create: { method: 'POST', path: `${B}/create`, rule: 'showStudents', course: { action: 'manageStudents' }, body: groupInput, status: 201, response: returns<GroupRecord>() },
  update: { method: 'PUT', path: `${B}/{groupId}/Edit`, rule: 'showStudents', course: { action: 'manageStudents' }, body: groupInput, response: returns<GroupRecord>() },
  drop: { method: 'DELETE', path: `${B}/{groupId}/Drop`, rule: 'showStudents', course: { action: 'manageStudents' }, response: returns<{ ok: boolean }>() },
  /** moves students of the course (ids or e-mails) into the group */
  include: {
    method: 'POST',
    path: `${B}/include`,
    rule: 'showStudents',
    course: { action: 'manageStudents' },
    body: z.object({ groupId: z.coerce.number().int(), emails: emailList.optional(), studentIds: z.array(z.coerce.number().int()).max(10_000).optional() }),
    response: returns<{ included: number; notInCourse: number[]; notFound: string[] }>(),
  },
});
