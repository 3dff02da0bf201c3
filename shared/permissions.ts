/**
 * The one permission table (spec 1 §6 plus the server's own rules, ARCHITECTURE §5–6).
 * The client's canAccess and the server's guards both read it; the server denies by default.
 * Plain data and pure functions only: imported by the browser and by Node.
 */
import { screenRuleFor } from './screens';

export const ROLES = ['Guest', 'Students', 'Instructors', 'Root'] as const;
export type Role = (typeof ROLES)[number];

export const FLAGS = [
  'AdminPanelAccess',
  'MergingProfiles',
  'OnlyEditSettings',
  'TrainingSettings',
  'ShowStudents',
  'ExportStudentActions',
  'IncludeAndExcludeStudentsToTutor',
  'TrainingInstructorSettings',
  'ShowVisitJournal',
  'EditVisitJournal',
  'CreateGroupLessons',
  'IncludeAndExcludeStudentsToTraining',
] as const;
export type Flag = (typeof FLAGS)[number];

export interface Principal {
  role: Role;
  flags: readonly string[];
  accessToPhysical?: boolean;
}

export interface Rule {
  roles: readonly Role[];
  /** an Instructor needs at least one of these (Root passes) */
  anyOf?: readonly Flag[];
  /** an Instructor needs all of these (Root passes) */
  allOf?: readonly Flag[];
  /** students additionally need accessToPhysical */
  physical?: boolean;
}

const everyone = ['Guest', 'Students', 'Instructors', 'Root'] as const;
const signedIn = ['Students', 'Instructors', 'Root'] as const;
const staff = ['Instructors', 'Root'] as const;

export const rules = {
  public: { roles: everyone },
  signedIn: { roles: signedIn },
  guest: { roles: ['Guest'] },
  student: { roles: ['Students'] },
  physmath: { roles: ['Students'], physical: true },
  /** any instructor, no flag (also the quick-access toolbar rows) */
  staff: { roles: staff },
  programs: { roles: staff, anyOf: ['TrainingSettings', 'OnlyEditSettings', 'CreateGroupLessons'] },
  slides: { roles: staff, anyOf: ['OnlyEditSettings', 'TrainingSettings'] },
  resources: { roles: staff, anyOf: ['TrainingSettings'] },
  sequenceQuestions: { roles: staff, anyOf: ['OnlyEditSettings', 'TrainingSettings'] },
  adminPanel: { roles: staff, anyOf: ['AdminPanelAccess'] },
  profileMerge: { roles: staff, allOf: ['AdminPanelAccess', 'MergingProfiles'] },
  showStudents: { roles: staff, anyOf: ['ShowStudents'] },
  studentActions: { roles: staff, anyOf: ['ExportStudentActions'] },
  courseInstructors: { roles: staff, anyOf: ['IncludeAndExcludeStudentsToTutor', 'TrainingInstructorSettings'] },
  instructorEdit: { roles: staff, anyOf: ['TrainingInstructorSettings'] },
  tutorJoin: { roles: staff, anyOf: ['IncludeAndExcludeStudentsToTutor'] },
  visitJournal: { roles: staff, anyOf: ['ShowVisitJournal'] },
  digitalCodeJournal: { roles: staff, anyOf: ['EditVisitJournal'] },
  enrollmentApplications: { roles: staff, anyOf: ['IncludeAndExcludeStudentsToTraining'] },
  /**
   * Editing news items someone else wrote (authors edit their own with 'staff'). Spec 1 §6
   * names no news flag: AdminPanelAccess, the flag of the platform-wide screens, governs it.
   */
  newsOfOthers: { roles: staff, anyOf: ['AdminPanelAccess'] },
  root: { roles: ['Root'] },
} as const satisfies Record<string, Rule>;

export type RuleKey = keyof typeof rules;

/**
 * Course-scoped permission (spec 1 §6 course roles, spec 2 §4 instructor panel permissions).
 * A course-scoped call needs its global rule above AND, on that course:
 * - Root, the course's creator and its staff with course role `instructor`: every action;
 * - a `tutor` or `moderator`: the actions whose panel permission is on their staff row (none
 *   needed for `view`), and only where `roles` lists their role ("only instructors or tutors
 *   manage groups, students and evaluations");
 * - anyone else: the course does not exist for them (404).
 * Tutors see and manage only their assigned students where a call is about students.
 */
export type CourseMemberRole = 'root' | 'creator' | 'instructor' | 'tutor' | 'moderator';

export interface CourseRule {
  /** the panel permission a tutor or moderator needs (spec 2 §4: 1 student management … 6 invitation link) */
  panel?: 1 | 2 | 3 | 4 | 5 | 6;
  /** course roles that may act at all (default: every staff role) */
  roles?: readonly ('instructor' | 'tutor' | 'moderator')[];
}

export const courseRules = {
  /** read the course: description, settings, lessons, grades, staff, groups */
  view: {},
  /** change the course's own settings, recalculate, run the success rules */
  settings: { roles: ['instructor'] },
  /** student list, student page, changes, kicked, results files */
  students: { panel: 1 },
  /** include, exclude, import, groups, student attributes */
  manageStudents: { panel: 1, roles: ['instructor', 'tutor'] },
  /** issue and delete certificates */
  certificates: { panel: 1, roles: ['instructor', 'tutor'] },
  /** students journal (read) */
  journal: { panel: 2 },
  /** evaluate exercises */
  evaluate: { panel: 2, roles: ['instructor', 'tutor'] },
  /** visit journal, digital codes */
  attendance: { panel: 3 },
  /** tutors and moderators of the course, tutors' students */
  instructors: { panel: 4 },
  /** course roles and panel permissions, including and removing instructors (role instructor) */
  instructorRoles: { roles: ['instructor'] },
  /** schedules of the course's lessons and exercises, course links */
  syllabus: { panel: 5 },
  /** invitation links */
  invitations: { panel: 6 },
} as const satisfies Record<string, CourseRule>;

export type CourseAction = keyof typeof courseRules;

export interface CourseMember {
  role: CourseMemberRole;
  panelPermissions: readonly number[];
}

export function courseAllows(member: CourseMember | null | undefined, action: CourseAction): boolean {
  if (!member) return false;
  if (member.role === 'root' || member.role === 'creator' || member.role === 'instructor') return true;
  const r: CourseRule = courseRules[action];
  if (r.roles && !r.roles.includes(member.role)) return false;
  return r.panel === undefined || member.panelPermissions.includes(r.panel);
}

export function allows(principal: Principal | null | undefined, rule: Rule | RuleKey): boolean {
  const r: Rule = typeof rule === 'string' ? rules[rule] : rule;
  const p: Principal = principal ?? { role: 'Guest', flags: [] };
  if (!r.roles.includes(p.role)) return false;
  if (p.role === 'Root') return true;
  if (r.physical && !p.accessToPhysical) return false;
  if (p.role !== 'Instructors') return true;
  if (r.anyOf && !r.anyOf.some((f) => p.flags.includes(f))) return false;
  if (r.allOf && !r.allOf.every((f) => p.flags.includes(f))) return false;
  return true;
}

/** The rule guarding a client path (the screen table, shared/screens.ts), or null for paths no screen claims. */
export const ruleForPath = (path: string): RuleKey | null => screenRuleFor(path);

export function canAccessPath(principal: Principal | null | undefined, path: string): boolean {
  const rule = ruleForPath(path);
  return rule === null ? true : allows(principal, rule);
}

/** Default landing per role (spec 1 §2.1). */
export function landingFor(role: Role): string {
  switch (role) {
    case 'Students': return '/my-courses';
    case 'Instructors':
    case 'Root': return '/courses';
    default: return '/welcome';
  }
}

/** Role from the `role` claim (spec 1 §6): Students, Instructors or Root, else Guest. */
/** Why the claims give no role: none sent, or none ELP knows; null when they give one. */
export function roleProblem(claims: Record<string, unknown>): 'RoleMissing' | 'RoleUnknown' | null {
  const r = claims.role;
  const values = (Array.isArray(r) ? r : [r]).filter((v) => v !== undefined && v !== null && v !== '');
  if (!values.length) return 'RoleMissing';
  return roleFromClaims(claims) === 'Guest' ? 'RoleUnknown' : null;
}

export function roleFromClaims(claims: Record<string, unknown>): Role {
  const r = claims.role;
  const values = Array.isArray(r) ? r : [r];
  for (const candidate of ['Root', 'Instructors', 'Students'] as const) if (values.includes(candidate)) return candidate;
  return 'Guest';
}

/** Every claim `Role_<Flag>` (truthy) becomes the flag `<Flag>`. */
export function flagsFromClaims(claims: Record<string, unknown>): string[] {
  return Object.entries(claims)
    .filter(([k, v]) => k.startsWith('Role_') && v !== false && v !== 'false' && v != null)
    .map(([k]) => k.slice('Role_'.length));
}
