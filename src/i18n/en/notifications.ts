import type { CatalogueOf } from '../catalogue';
import type { notifications as ru } from '../ru/notifications';

export const notifications: CatalogueOf<typeof ru> = {
  title: 'Notifications',
  empty: 'You have no notifications yet',
  loadError: 'Could not load the notifications',
  all: 'All',
  read: 'Read',
  showMore: 'Show more',
  badge: 'Unread notifications: {{count}}',
  certificate: 'Certificate',
  certificateError: 'Could not open the certificate',
  close: 'Close',
  type: {
    0: 'Other',
    1: 'Certificates',
    2: 'Course enrolment',
    3: 'Exercise review',
    4: 'Course expulsion',
    5: 'Video hosting',
  },
};
