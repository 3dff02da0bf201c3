/**
 * Shared by the server and the client for students, groups, instructors, invitations,
 * applications, certificates and links of a running course (spec 3 §7.3, §7.9, §8.5).
 * Plain TypeScript: imports nothing from the server or React.
 */

/** ErrorCode of a 400 answer to the invitation view/join (the client's code is `400.{ErrorCode}`). */
export const InvitationErrorCode = {
  /** already a student of the course (spec 3 §8.2 400.1) */
  alreadyJoined: '1',
  /** expired; the answer also carries InvitationDate */
  expired: '2',
  /** the course needs a confirmed e-mail */
  emailNotConfirmed: '3',
  /** the course is over or closed for joining (the catalogue join's "enrolment impossible") */
  unavailable: '4',
} as const;

/** DD/MM/YYYY or DD.MM.YYYY (spec 2 §6), also YYYY-MM-DD; the end of that day UTC, or null when invalid. */
export function parseInvitationDate(value: string): Date | null {
  const s = value.trim();
  let d: number, m: number, y: number;
  const dmy = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(s);
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:T.*)?$/.exec(s);
  if (dmy) [d, m, y] = [Number(dmy[1]), Number(dmy[2]), Number(dmy[3])];
  else if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else return null;
  const probe = new Date(Date.UTC(y, m - 1, d));
  if (probe.getUTCFullYear() !== y || probe.getUTCMonth() !== m - 1 || probe.getUTCDate() !== d) return null;
  return new Date(probe.getTime() + 86_400_000 - 1);
}

/** DD.MM.YYYY of a date (UTC), as the invitation-expired page shows it. */
export function formatInvitationDate(iso: string | Date): string {
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}.${p(d.getUTCMonth() + 1)}.${d.getUTCFullYear()}`;
}

export const INVITATION_CODE_RE = /^[A-Za-z0-9_-]{4,64}$/;

/** Certificates: a PDF of at most this size. */
export const CERTIFICATE_MAX_BYTES = 10 * 1024 * 1024;
/** Student import file (xlsx/csv) and expulsion application file limits. */
export const STUDENT_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const EXPULSION_FILE_MAX_BYTES = 10 * 1024 * 1024;

/** Paths of the calls (spec spelling; those the spec leaves open are chosen in its style). */
export const runningCoursePaths = {
  studentsList: '/api/instructors/students/training/{id}/list',
  studentsInclude: '/api/instructors/students/training/{id}/include',
  studentsExclude: '/api/instructors/students/training/{id}/exclude',
  kicked: '/api/instructors/trainings/{courseId}/kicked',
  kickReasons: '/api/trainings/{courseId}/students/possible-kick-reasons',
  studentView: '/api/instructors/trainings/{courseId}/students/{studentId}/view',
  studentChanges: '/api/instructors/trainings/{courseId}/students/{studentId}/changes',
  studentGroup: '/api/instructors/trainings/{courseId}/students/{studentId}/group',
  studentsImport: '/api/instructors/trainings/{courseId}/students/import',
  resultsFiles: '/api/instructors/trainings/{courseId}/results/files',
  group: '/api/instructors/Trainings/{courseId}/Groups/{groupId}',
  groupCreate: '/api/instructors/Trainings/{courseId}/Groups/create',
  groupEdit: '/api/instructors/Trainings/{courseId}/Groups/{groupId}/Edit',
  groupDrop: '/api/instructors/Trainings/{courseId}/Groups/{groupId}/Drop',
  groupInclude: '/api/instructors/Trainings/{courseId}/Groups/include',
  instructors: '/api/instructors/trainings/{courseId}/instructors',
  instructorEdit: '/api/instructors/trainings/{courseId}/Instructors/{instructorId}/Edit',
  instructorsInclude: '/api/instructors/trainings/{courseId}/Instructors/Include',
  instructorsExclude: '/api/instructors/trainings/{courseId}/Instructors/Exclude',
  instructorExclude: '/api/instructors/trainings/{courseId}/Instructors/{instructorId}/Exclude',
  instructorsExcel: '/api/instructors/trainings/{courseId}/instructors/excel-export',
  tutorStudents: '/api/instructors/trainings/{courseId}/tutor/{tutorId}/students',
  tutorToggle: '/api/instructors/trainings/{courseId}/instructors/{tutorId}/tutor-students/attach-or-detach-student/{studentId}',
  bulkTutor: '/api/instructors/trainings/instructors/bulk-tutor-students',
  inviteView: '/api/invite/{inviteId}',
  inviteCourseView: '/api/invite/trainings/{courseId}/view',
  inviteJoin: '/api/invite/trainings/{courseId}/join',
  inviteGenerate: '/api/invite/generate-code',
  inviteCreate: '/api/invite',
  inviteEdit: '/api/invite/{invitationId}/edit',
  invite: '/api/invite/{invitationId}',
  applicationAllow: '/api/applications/{applicationId}/allow',
  applicationDeny: '/api/applications/{applicationId}/deny',
  applicationsExport: '/api/applications/trainings/{trainingId}/export',
  applicationsCount: '/api/instructors/trainings/applications/count',
  applications: '/api/instructors/applications',
  expulsions: '/api/instructors/expulsions',
  myExpulsions: '/api/students/expulsion/applications',
  myExpulsionWithdraw: '/api/students/expulsion/application/{id}/withdraw',
  myExpulsionEdit: '/api/students/expulsion/application/{id}/edit',
  credentials: '/api/Credential/{courseId}',
  credentialCreate: '/api/Credential',
  credential: '/api/Credential/{certificateId}',
  credentialView: '/api/Credential/View/{certificateId}',
  credentialFile: '/api/Credential/View/{certificateId}/file',
  links: '/api/instructors/trainings/{courseId}/links',
  link: '/api/instructors/trainings/{courseId}/links/{linkId}',
  myLinks: '/api/students/trainings/links',
} as const;
