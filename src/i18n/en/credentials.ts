import type { CatalogueOf } from '../catalogue';
import type { credentials as ru } from '../ru/credentials';

/** The certificate verification page and the student's Open Badges (issue 30): `app.credentials.*`, loaded with those pages. */
export const credentials: CatalogueOf<typeof ru> = {
  verify: {
    title: 'Certificate verification',
    genuine: 'The certificate is genuine: it was issued on this platform and has not been revoked.',
    revoked: 'The certificate was issued on this platform but revoked on {{date}}: it is not valid.',
    notFound: 'No certificate has this code: check the link. The document’s authenticity is not confirmed.',
    student: 'Student',
    course: 'Course',
    certificate: 'Document',
    date: 'Date of issue',
    hours: 'Academic hours',
  },
  badges: {
    title: 'Open Badges',
    about: 'Each achievement and completed course is an Open Badges 2.0 badge. To add it to a badge backpack (Badgr, Open Badge Passport and others), copy its link and import the badge from it.',
    add: 'Add to backpack',
    addNamed: 'Add to backpack the badge “{{name}}” (copies its link)',
    download: 'Download',
    downloadNamed: 'Download the badge “{{name}}”',
    verify: 'Verify',
    verifyNamed: 'Verify the badge “{{name}}”',
    revoked: 'Revoked',
    copied: 'Badge link copied: paste it into your backpack',
    copyFailed: 'Failed to copy the link',
  },
};
