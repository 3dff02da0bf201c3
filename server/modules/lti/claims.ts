/** The LTI 1.3 claim names and vocabularies ELP uses (IMS LTI 1.3 Core, DL 2.0, AGS 2.0, NRPS 2.0). */
export const LTI = 'https://purl.imsglobal.org/spec/lti/claim/';
export const DL = 'https://purl.imsglobal.org/spec/lti-dl/claim/';
export const AGS_ENDPOINT = 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint';
export const NRPS_CLAIM = 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice';

export const SCOPE = {
  lineItem: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  lineItemRead: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem.readonly',
  score: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
  members: 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
} as const;
export const SUPPORTED_SCOPES: readonly string[] = Object.values(SCOPE);

/** Course role → LTI context role (LIS vocabulary). */
export const ROLE = {
  student: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner',
  instructor: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor',
} as const;

export const COURSE_OFFERING = 'http://purl.imsglobal.org/vocab/lis/v2/course#CourseOffering';

export const MEDIA = {
  lineItem: 'application/vnd.ims.lis.v2.lineitem+json',
  lineItems: 'application/vnd.ims.lis.v2.lineitemcontainer+json',
  score: 'application/vnd.ims.lis.v1.score+json',
  members: 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json',
} as const;

/** The AGS and NRPS addresses of an exercise in a course. */
export const serviceUrls = (publicUrl: string, courseId: number, exerciseId: number) => ({
  lineItems: `${publicUrl}/api/lti/ags/${courseId}/${exerciseId}/lineitems`,
  lineItem: `${publicUrl}/api/lti/ags/${courseId}/${exerciseId}/lineitem`,
  memberships: `${publicUrl}/api/lti/nrps/${courseId}/memberships`,
});
