import type { ResourceDeclaration } from './define';
import { enrolmentApplicationResource, expulsionApplicationResource } from './applications';
import { certificateResource } from './certificates';
import { courseInstructorResource } from './courseInstructors';
import { courseLinkResource } from './courseLinks';
import { groupResource } from './groups';
import { invitationResource } from './invitations';
import { expelledStudentResource, studentResource } from './students';

/** The resources of running a course: its students, groups, staff, invitations, certificates and links; applications. */
export const runningACourse: ResourceDeclaration[] = [
  studentResource,
  expelledStudentResource,
  groupResource,
  courseInstructorResource,
  invitationResource,
  certificateResource,
  courseLinkResource,
  enrolmentApplicationResource,
  expulsionApplicationResource,
];
