import { certificateResource } from '../../../shared/resources/certificates';
import { resourceFromDeclaration } from '../factory';
import { CertificateCreate } from './CertificateCreate';
import { CertificateList } from './CertificateList';
import { CERTIFICATE_PATHS } from './paths';

/** Certificates of a course: the declared list (view the PDF, delete) and issuing one, an upload of its own. */
export const certificates = resourceFromDeclaration(certificateResource, { list: CertificateList, create: CertificateCreate, paths: CERTIFICATE_PATHS });
