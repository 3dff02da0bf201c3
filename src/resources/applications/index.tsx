import { enrolmentApplicationResource, expulsionApplicationResource } from '../../../shared/resources/applications';
import { resourceFromDeclaration } from '../factory';
import { EnrolmentApplicationList } from './EnrolmentApplicationList';
import { ExpulsionApplicationList } from './ExpulsionApplicationList';

/** Enrolment and expulsion applications: declared lists at /applications-enrollment and /applications-expulsion (the resources' names). */
export const enrolmentApplications = resourceFromDeclaration(enrolmentApplicationResource, { list: EnrolmentApplicationList });
export const expulsionApplications = resourceFromDeclaration(expulsionApplicationResource, { list: ExpulsionApplicationList });
