import type { SvgIconComponent } from '@mui/icons-material';
import AccountCircle from '@mui/icons-material/AccountCircle';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import Assignment from '@mui/icons-material/Assignment';
import AssignmentReturn from '@mui/icons-material/AssignmentReturn';
import AutoStories from '@mui/icons-material/AutoStories';
import Calculate from '@mui/icons-material/Calculate';
import CallMerge from '@mui/icons-material/CallMerge';
import ChatIcon from '@mui/icons-material/ChatBubbleOutline';
import Class from '@mui/icons-material/Class';
import ContactPhone from '@mui/icons-material/ContactPhone';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import Feed from '@mui/icons-material/Feed';
import Folder from '@mui/icons-material/Folder';
import HowToReg from '@mui/icons-material/HowToReg';
import Insights from '@mui/icons-material/Insights';
import LibraryBooks from '@mui/icons-material/LibraryBooks';
import ManageAccounts from '@mui/icons-material/ManageAccounts';
import MenuBook from '@mui/icons-material/MenuBook';
import Notifications from '@mui/icons-material/Notifications';
import Outbox from '@mui/icons-material/Outbox';
import Extension from '@mui/icons-material/Extension';
import PersonSearch from '@mui/icons-material/PersonSearch';
import School from '@mui/icons-material/School';
import SupervisorAccount from '@mui/icons-material/SupervisorAccount';
import { canAccessPath, type Principal, type Role } from '../../shared/permissions';
import { hasPage, type ScreenPath } from '../../shared/screens';
import { isFeatureEnabled, type Feature } from '../ui/featureFlags';
import { OLD_ADMIN_URL } from '../ui/siteLinks';

export type MenuGroup = 'learning' | 'account' | 'information';

export interface MenuEntry {
  /** label key under app.menu */
  key: string;
  /** a path of the screen table, or an address outside the app when `external` */
  path: ScreenPath | (string & {});
  icon: SvgIconComponent;
  /** roles whose menu lists the entry (spec 1 §2.5–2.6); the path's own rule applies on top */
  roles: readonly Role[];
  group?: MenuGroup;
  feature?: Feature;
  external?: boolean;
  /** opens something in place instead of a page (the chat modal, spec 1 §2.7) */
  action?: 'chat';
}

const student = ['Students'] as const;
const staff = ['Instructors', 'Root'] as const;

/** Every menu of the app, in display order. Later screens only add rows here. */
export const menuEntries: readonly MenuEntry[] = [
  // Students (spec 1 §2.5)
  { key: 'myCourses', path: '/my-courses', icon: School, roles: student, group: 'learning' },
  { key: 'achievements', path: '/achievements', icon: EmojiEvents, roles: student, group: 'learning' },
  { key: 'competencies', path: '/competencies', icon: Insights, roles: student, group: 'learning' },
  { key: 'catalog', path: '/student-catalog', icon: LibraryBooks, roles: student, group: 'learning' },
  { key: 'expulsion', path: '/expulsion', icon: AssignmentReturn, roles: student, group: 'learning' },
  { key: 'profile', path: '/profile', icon: AccountCircle, roles: student, group: 'account' },
  { key: 'accounts', path: '/accounts', icon: SupervisorAccount, roles: student, group: 'account' },
  { key: 'notifications', path: '/notifications', icon: Notifications, roles: student, group: 'information' },
  { key: 'news', path: '/news', icon: Feed, roles: student, group: 'information' },
  { key: 'chat', path: '#chat', icon: ChatIcon, roles: student, group: 'information', action: 'chat' },
  { key: 'knowledgeBase', path: '/knowledge-base', icon: MenuBook, roles: student },
  { key: 'physmath', path: '/physmath-breakthrough', icon: Calculate, roles: student },
  // Instructors and Root (spec 1 §2.6); Programs, Resources, Enrollment by their path's rule
  { key: 'courses', path: '/courses', icon: Class, roles: staff },
  { key: 'programs', path: '/programs', icon: AutoStories, roles: staff },
  { key: 'resources', path: '/resources', icon: Folder, roles: staff },
  { key: 'profile', path: '/profile', icon: AccountCircle, roles: staff },
  { key: 'accounts', path: '/accounts', icon: ManageAccounts, roles: staff },
  { key: 'expulsionApplications', path: '/applications-expulsion', icon: Assignment, roles: staff },
  { key: 'enrollmentApplications', path: '/applications-enrollment', icon: HowToReg, roles: staff },
  { key: 'notifications', path: '/notifications', icon: Notifications, roles: ['Instructors'] },
  { key: 'news', path: '/instructors-news', icon: Feed, roles: staff },
  { key: 'chat', path: '#chat', icon: ChatIcon, roles: staff, action: 'chat' },
  // the instructors' catalogue (spec 1 §2.10): colleagues' contacts and courses; no menu of the spec names it
  { key: 'instructorCatalog', path: '/instructor-catalog', icon: ContactPhone, roles: staff },
  // administration: reached before only from buttons on /courses or a typed address; each by its path's rule
  { key: 'users', path: '/courses/users', icon: PersonSearch, roles: staff },
  { key: 'profileMerge', path: '/courses/student-profiles-merge', icon: CallMerge, roles: staff },
  { key: 'mailOutbox', path: '/courses/mail-outbox', icon: Outbox, roles: ['Root'] },
  { key: 'ltiTools', path: '/courses/lti-tools', icon: Extension, roles: ['Root'] },
  { key: 'knowledgeBase', path: '/knowledge-base', icon: MenuBook, roles: ['Root'] },
  ...(OLD_ADMIN_URL
    ? [{ key: 'oldAdmin', path: OLD_ADMIN_URL, icon: AdminPanelSettings, roles: ['Root'], feature: 'oldDesign', external: true } as const]
    : []),
];

/**
 * The entries a principal sees: its role's rows whose screen exists (a menu item never leads to
 * the not-found page: spec screens still `planned` in shared/screens.ts are left out), whose
 * path rule and feature flag pass.
 */
export function menuFor(principal: Principal, entries: readonly MenuEntry[] = menuEntries, built: (path: string) => boolean = hasPage): MenuEntry[] {
  return entries.filter(
    (e) =>
      e.roles.includes(principal.role) &&
      (e.external || e.action || (built(e.path) && canAccessPath(principal, e.path))) &&
      (!e.feature || isFeatureEnabled(e.feature, principal)),
  );
}
