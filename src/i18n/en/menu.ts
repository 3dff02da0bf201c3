import type { CatalogueOf } from '../catalogue';
import type { menu as ru } from '../ru/menu';

export const menu: CatalogueOf<typeof ru> = {
  title: 'Menu',
  open: 'Open menu',
  close: 'Close menu',
  groups: {
    learning: 'Learning',
    account: 'Account',
    information: 'Information',
  },
  myCourses: 'My courses',
  achievements: 'Achievements',
  competencies: 'Competencies',
  catalog: 'Catalog',
  expulsion: 'Expulsion requests',
  profile: 'Profile data',
  accounts: 'Linked accounts',
  notifications: 'Notifications',
  news: 'News',
  knowledgeBase: 'Knowledge base',
  physmath: 'Physmath breakthrough',
  courses: 'Courses',
  programs: 'Programs',
  resources: 'Resources',
  expulsionApplications: 'Expulsion applications',
  enrollmentApplications: 'Enrollment applications',
  chat: 'Chat',
  users: 'Users',
  profileMerge: 'Merge profiles',
  mailOutbox: 'Outgoing mail',
  oldAdmin: 'Administration panel (old design)',
};
