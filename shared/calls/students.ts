import { z } from 'zod';
import type { ListAnswer } from '../account';
import type { AttributeDataType } from '../enums';
import { defineCalls, returns } from '../http/call';

/** Largest student import file (xlsx or csv). */
export const STUDENT_IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/** An e-mail list: one string joined by commas or spaces, or an array (the server splits and checks it: spec 2 §6). */
export const emailList = z.union([z.string().max(100_000), z.array(z.string().max(320)).max(10_000)]);

/** A person in a course's lists: the account (its id is the record's) and the name as "Last First". */
export interface PersonRow {
  id: number;
  accountId: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  name: string;
}

/** A student of a course as the student list shows them (spec 3 §7.9 "Students"). */
export interface StudentRow extends PersonRow {
  groupId: number | null;
  groupLabel: string | null;
  /** enrolment status: 1 studying, 2 expelled, 3 dropped */
  status: number;
  progress: number;
  completed: boolean;
  joinedAt: string;
}

/** A student who left the course (expelled or dropped). */
export interface ExpelledStudentRow {
  id: number;
  accountId: number;
  email: string;
  name: string;
  status: number;
  kickReason: string | null;
  kickedAt: string | null;
}

export interface KickReason {
  id: string;
  label: string;
}

/** A student's page: the person, the enrolment, progress per exercise and the profile. */
export interface StudentView {
  student: { accountId: number; email: string; firstName: string | null; lastName: string | null; middleName: string | null; phone: string | null; picture: string | null };
  enrolment: { status: number; groupId: number | null; progress: number; completed: boolean; joinedAt: string; kickReason: string | null };
  exercises: { id: number; label: string; exerciseType: number; lessonId: number; lessonLabel: string; status: number; score: number | null; completedAt: string | null }[];
  profile: { attributeId: number; label: string; value: string | null }[];
}

/** A student's profile change history and enrolment log. */
export interface StudentChanges {
  profile: { id: number; field: string | null; oldValue: string | null; newValue: string | null; changedAt: string }[];
  enrolment: { id: number; event: string; groupId: number | null; reason: string | null; at: string }[];
}

export interface StudentResultFile {
  fileId: number;
  name: string | null;
  attemptId: number;
  exerciseId: number;
  savedAt: string;
  address: string;
}

/** A profile attribute staff may set or filter students by. */
export interface StudentAttribute {
  id: number;
  label: string;
  type: AttributeDataType;
  options: { id: string | number; label: string }[];
}

/** A row of an import file with what is wrong in it (400 ImportFailed carries `rows`). */
export interface ImportProblem {
  row: number;
  message: string;
}

export const studentListBody = z.object({
  search: z.string().max(200).optional(),
  group: z.coerce.number().int().nullish(),
  groupId: z.coerce.number().int().nullish(),
  /** profile attribute filters: every one must match */
  filter: z.array(z.object({ attributeId: z.coerce.number().int(), value: z.string().max(500) })).max(20).optional(),
  status: z.coerce.number().int().optional(),
  take: z.coerce.number().int().min(1).max(1000).default(50),
  skip: z.coerce.number().int().min(0).default(0),
});

const T = '/api/instructors/trainings';
/** the spec names the course {id} here; the name inside braces is not part of the address */
const S = '/api/instructors/students/training/{courseId}';
const inList = { action: 'students' } as const;
const manageInList = { action: 'manageStudents' } as const;

/** Students of a course (spec 3 §7.9 "Students"): rule 'showStudents'; a tutor sees and manages their own students only. */
export const studentCalls = defineCalls('students', {
  list: { method: 'POST', reads: true, path: `${S}/list`, rule: 'showStudents', course: inList, body: studentListBody, response: returns<ListAnswer<StudentRow>>() },
  include: {
    method: 'POST',
    path: `${S}/include`,
    rule: 'showStudents',
    course: manageInList,
    body: z.object({ emails: emailList, groupId: z.coerce.number().int().nullish() }),
    response: returns<{ included: number; alreadyIncluded: number; notFound: string[] }>(),
  },
  exclude: {
    method: 'POST',
    path: `${S}/exclude`,
    rule: 'showStudents',
    course: manageInList,
    body: z.object({ emails: emailList, reason: z.string().max(500).nullish() }),
    response: returns<{ excluded: number; notInCourse: number; notFound: string[] }>(),
  },
  expelled: { method: 'GET', path: `${T}/{courseId}/kicked`, rule: 'showStudents', course: { action: 'students' }, response: returns<ExpelledStudentRow[]>() },
  kickReasons: { method: 'GET', path: '/api/trainings/{courseId}/students/possible-kick-reasons', rule: 'showStudents', course: { action: 'students' }, response: returns<KickReason[]>() },
  view: {
    method: 'GET',
    path: `${T}/{trainingId}/students/{studentId}/view`,
    rule: 'showStudents',
    course: { action: 'students' },
    query: z.object({ filter: z.string().max(50).optional() }),
    response: returns<StudentView>(),
  },
  changes: { method: 'GET', path: `${T}/{courseId}/students/{studentId}/changes`, rule: 'showStudents', course: { action: 'students' }, response: returns<StudentChanges>() },
  resultFiles: {
    method: 'GET',
    path: `${T}/{courseId}/results/files`,
    rule: 'showStudents',
    course: { action: 'students' },
    query: z.object({ studentId: z.coerce.number().int(), exerciseId: z.coerce.number().int().optional() }),
    response: returns<StudentResultFile[]>(),
  },
  leaveGroup: { method: 'DELETE', path: `${T}/{courseId}/students/{studentId}/group`, rule: 'showStudents', course: { action: 'manageStudents' }, response: returns<{ ok: boolean }>() },
  settableAttributes: { method: 'GET', path: `${T}/students/attributes/set`, rule: 'showStudents', response: returns<StudentAttribute[]>() },
  // spec 3 §7.2's paths: an attribute's per-course value for a course's students (all, or those named)
  setAttribute: {
    method: 'POST',
    path: '/api/trainings/set-attribute',
    rule: 'showStudents',
    course: { action: 'manageStudents', from: 'body.trainingId' },
    body: z.object({
      trainingId: z.coerce.number().int(),
      attributeId: z.coerce.number().int(),
      value: z.string().max(2000).nullable(),
      date: z.string().max(40).nullish(),
      emails: emailList.optional(),
    }),
    response: returns<{ updated: number }>(),
  },
  clearAttributes: {
    method: 'POST',
    path: '/api/trainings/delete-attribute',
    rule: 'showStudents',
    course: { action: 'manageStudents', from: 'body.trainingId' },
    body: z.object({ trainingId: z.coerce.number().int(), attributes: z.array(z.coerce.number().int()).min(1).max(200), emails: emailList }),
    response: returns<{ cleared: number }>(),
  },
  filters: { method: 'GET', path: `${T}/students/filters`, rule: 'showStudents', response: returns<StudentAttribute[]>() },
  /** an xlsx or csv file (multipart): every row is checked first, nothing is imported when one is wrong */
  import: {
    method: 'POST',
    path: `${T}/{courseId}/students/import`,
    rule: 'showStudents',
    course: { action: 'manageStudents' },
    bodyKind: 'multipart',
    response: returns<{ imported: number; total: number }>(),
  },
});
