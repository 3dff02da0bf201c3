import type { RuleKey } from './permissions';

/**
 * The one screen table (spec 1 §2): every route of the spec and every screen ELP adds, with its
 * full path and the rule guarding it. The client's router registers a page for each row that is
 * not `planned` (a test holds the two to each other), the route guard and the server's
 * return-to-after-sign-in check read the rule from here, the menus offer only rows with a page,
 * and the breadcrumbs link a crumb only when its path is a row with a page. Crumb labels are
 * the path's words (app.breadcrumbs.segment.*); ids are named by the breadcrumbs call.
 *
 * Order does not matter: a literal segment wins over a parameter. Parameter names follow the
 * spec, except `:id` where a declared resource's default screens read it.
 */
export interface Screen {
  rule: RuleKey;
  /** a route of the spec with no page yet: guarded, but not found, and in no menu */
  planned?: true;
  /** the spec's path of a screen that lives at another path: the router leads there */
  redirect?: string;
  /**
   * a default screen of a declared resource (shared/resources): the router builds it from the
   * declaration, so a plain resource's screens need nothing but these rows
   */
  declared?: { resource: string; view: 'list' | 'create' | 'edit' };
}

export const screens = {
  '/': { rule: 'public' },
  // Guests and students (spec 1 §2.2–2.3)
  '/welcome': { rule: 'public' },
  '/invite/:inviteId': { rule: 'public' },
  '/student-catalog/catalog/course/:courseId': { rule: 'public' },
  '/sync': { rule: 'public' },
  // ELP: a generated certificate's public verification page, where its QR code leads (issue 30 item 5)
  '/verify/:code': { rule: 'public' },
  '/my-courses': { rule: 'student' },
  '/my-courses/course-folder/:courseGroupId': { rule: 'student' },
  '/my-courses/course/:courseId': { rule: 'student' },
  '/my-courses/favorites': { rule: 'student' },
  '/my-courses/course/:courseId/:lessonId/:exerciseId/:slideId': { rule: 'student' },
  '/student-catalog': { rule: 'student' },
  '/profile': { rule: 'signedIn' },
  '/profile/:attributeGroupId': { rule: 'signedIn' },
  '/profile/password': { rule: 'signedIn' },
  '/accounts': { rule: 'signedIn' },
  '/achievements': { rule: 'student' },
  '/competencies': { rule: 'student' },
  '/expulsion': { rule: 'student' },
  '/news': { rule: 'student' },
  '/notifications': { rule: 'signedIn' },
  '/knowledge-base': { rule: 'signedIn' },
  '/knowledge-base/:articleId': { rule: 'signedIn' },
  '/physmath-breakthrough': { rule: 'physmath' },
  '/main': { rule: 'signedIn' },
  '/academy': { rule: 'signedIn' },
  // Programs, lessons, exercises (spec 1 §2.8)
  '/programs': { rule: 'programs' },
  '/programs/create': { rule: 'programs' },
  '/programs/:programId': { rule: 'programs' },
  '/programs/:programId/edit': { rule: 'programs' },
  '/programs/:programId/sort': { rule: 'programs' },
  '/programs/:programId/authors': { rule: 'programs' },
  '/programs/:programId/copy': { rule: 'programs' },
  // ELP: a program's paths across its courses (issue 28 item 2; no path in the spec, in the course one's style)
  '/programs/:programId/paths-analytics': { rule: 'studentActions' },
  '/programs/:programId/create-lesson': { rule: 'programs' },
  '/programs/:programId/:lessonId/edit': { rule: 'programs' },
  '/programs/:programId/:lessonId/constraints': { rule: 'programs' },
  '/programs/:programId/lesson/:lessonId/sort': { rule: 'programs' },
  '/programs/:programId/:lessonId/create-exercise': { rule: 'programs' },
  '/programs/:programId/:lessonId/:exerciseId/edit': { rule: 'programs' },
  '/programs/:programId/:lessonId/:exerciseId/constraints': { rule: 'programs' },
  '/programs/:programId/:lessonId/:exerciseId/competencies': { rule: 'programs' },
  '/programs/:programId/:lessonId/:exerciseId/files': { rule: 'programs' },
  '/programs/:programId/:lessonId/:exerciseId/slides': { rule: 'programs' },
  '/programs/:programId/:lessonId/create-scorm': { rule: 'programs' },
  '/programs/:programId/:lessonId/:exerciseId/edit-scorm': { rule: 'programs' },
  '/programs/:programId/:lessonId/webinar/create': { rule: 'programs' },
  '/programs/:programId/:lessonId/:exerciseId/webinar/edit': { rule: 'programs' },
  '/programs/:programId/:lessonId/:exerciseId/webinar/video': { rule: 'programs' },
  // ELP: an external tool (LTI 1.3) exercise (issue 30 item 1)
  '/programs/:programId/:lessonId/create-lti': { rule: 'programs' },
  '/programs/:programId/:lessonId/:exerciseId/edit-lti': { rule: 'programs' },
  // ELP's own: an exercise's reflection questions, asked in the player like slides (docs/decisions/authoring.md)
  '/programs/:programId/:lessonId/:exerciseId/reflection': { rule: 'slides' },
  // Slides of an exercise (spec 1 §2.8); code-question slides are ELP's own kind
  '/programs/:programId/:lessonId/:exerciseId/slides/:type/create': { rule: 'slides' },
  '/programs/:programId/:lessonId/:exerciseId/slides/:type/:slideId': { rule: 'slides' },
  '/programs/:programId/:lessonId/:exerciseId/slides/content/create': { rule: 'slides' },
  '/programs/:programId/:lessonId/:exerciseId/slides/content/:slideId/edit': { rule: 'slides' },
  '/programs/:programId/:lessonId/:exerciseId/slides/answers-question/create': { rule: 'slides' },
  '/programs/:programId/:lessonId/:exerciseId/slides/answers-question/:slideId/edit': { rule: 'slides' },
  '/programs/:programId/:lessonId/:exerciseId/slides/free-question/create': { rule: 'slides' },
  '/programs/:programId/:lessonId/:exerciseId/slides/free-question/:slideId/edit': { rule: 'slides' },
  '/programs/:programId/:lessonId/:exerciseId/slides/file-question/create': { rule: 'slides' },
  '/programs/:programId/:lessonId/:exerciseId/slides/file-question/:slideId/edit': { rule: 'slides' },
  '/programs/:programId/:lessonId/:exerciseId/slides/attributes-question/create': { rule: 'slides' },
  '/programs/:programId/:lessonId/:exerciseId/slides/attributes-question/:slideId/edit': { rule: 'slides' },
  '/programs/:programId/:lessonId/:exerciseId/slides/video/create': { rule: 'slides' },
  '/programs/:programId/:lessonId/:exerciseId/slides/video/:slideId/edit': { rule: 'slides' },
  '/programs/:programId/:lessonId/:exerciseId/slides/web/create': { rule: 'slides' },
  '/programs/:programId/:lessonId/:exerciseId/slides/web/:slideId/edit': { rule: 'slides' },
  '/programs/:programId/:lessonId/:exerciseId/slides/audio/create': { rule: 'slides' },
  '/programs/:programId/:lessonId/:exerciseId/slides/audio/:slideId/edit': { rule: 'slides' },
  '/programs/:programId/:lessonId/:exerciseId/slides/pdf/create': { rule: 'slides' },
  '/programs/:programId/:lessonId/:exerciseId/slides/pdf/:slideId/edit': { rule: 'slides' },
  '/programs/:programId/:lessonId/:exerciseId/slides/doc-ppt/create': { rule: 'slides' },
  '/programs/:programId/:lessonId/:exerciseId/slides/doc-ppt/:slideId/edit': { rule: 'slides' },
  '/programs/:programId/:lessonId/:exerciseId/slides/kinescope/create': { rule: 'slides' },
  '/programs/:programId/:lessonId/:exerciseId/slides/kinescope/:slideId/edit': { rule: 'slides' },
  '/programs/:programId/:lessonId/:exerciseId/slides/sequence-question/create': { rule: 'slides' },
  '/programs/:programId/:lessonId/:exerciseId/slides/sequence-question/:slideId/edit': { rule: 'slides' },
  '/programs/:programId/:lessonId/:exerciseId/slides/matching-question/create': { rule: 'slides' },
  '/programs/:programId/:lessonId/:exerciseId/slides/matching-question/:slideId/edit': { rule: 'slides' },
  '/programs/:programId/:lessonId/:exerciseId/slides/code-question/create': { rule: 'slides' },
  '/programs/:programId/:lessonId/:exerciseId/slides/code-question/:slideId/edit': { rule: 'slides' },
  // Templates of programs (spec 1 §2.8)
  '/attribute-template/create': { rule: 'programs' },
  '/conditions-template/create': { rule: 'programs' },
  // News (spec 1 §2.9 spells its paths two ways)
  '/instructors-news': { rule: 'staff' },
  '/instructors/news/create': { rule: 'staff' },
  '/instructors/news/edit/:id': { rule: 'staff' },
  // Course groups (spec 1 §2.9)
  '/courses/course-group/:courseGroupId': { rule: 'staff' },
  '/courses/course-group/:courseGroupId/sort': { rule: 'staff' },
  '/courses/course-group/:courseGroupId/edit': { rule: 'staff' },
  '/courses/course-group/:courseGroupId/create': { rule: 'staff' },
  '/courses/course-group/:courseGroupId/instructors/add': { rule: 'staff' },
  '/courses/course-group/:courseGroupId/students/add': { rule: 'staff' },
  '/courses/course-group/:courseGroupId/instructors/remove': { rule: 'staff' },
  '/courses/course-group/:courseGroupId/instructors/add/task-queue': { rule: 'staff' },
  '/courses/course-group/:courseGroupId/students/add/task-queue': { rule: 'staff' },
  '/courses/course-group/:courseGroupId/instructors/remove/task-queue': { rule: 'staff' },
  '/courses/course-group/create': { rule: 'staff' },
  // Running a course (spec 1 §2.9). A course's students, their groups, import and changes live
  // under student management (summary #7): the spec's own paths for groups and import lead there.
  // Invitations and the course's links and groups' records have screens of their own.
  '/courses/:courseId': { rule: 'staff' },
  '/courses/:courseId/edit': { rule: 'staff' },
  '/courses/:courseId/student-management': { rule: 'showStudents' },
  '/courses/:courseId/student-management/:accountId/page': { rule: 'showStudents' },
  '/courses/:courseId/changes': { rule: 'staff' },
  '/courses/:courseId/groups': { rule: 'showStudents', redirect: '/courses/:courseId/student-management/groups' },
  '/courses/:courseId/import': { rule: 'showStudents', redirect: '/courses/:courseId/student-management/import' },
  '/courses/:courseId/instructors': { rule: 'courseInstructors' },
  '/courses/:courseId/instructors/:id/edit': { rule: 'instructorEdit' },
  '/courses/:courseId/instructors/:instructorId/tutor-join': { rule: 'tutorJoin' },
  '/courses/:courseId/links': { rule: 'staff' },
  // ELP's own: the attributes the course asks at join (docs/decisions/profile-and-attributes.md)
  '/courses/:courseId/attributes': { rule: 'staff' },
  '/courses/:courseId/certificates': { rule: 'staff' },
  // ELP's own path for a course's automation conditions (spec 3 §7.9 predicates; docs/decisions/course-automation.md)
  '/courses/:courseId/conditions': { rule: 'programs' },
  '/courses/:courseId/conditions/create': { rule: 'programs' },
  '/courses/:courseId/conditions/:id': { rule: 'programs' },
  '/courses/:courseId/:accountId/certificate/create': { rule: 'staff' },
  '/courses/:courseId/student-management/import': { rule: 'showStudents' },
  '/courses/:courseId/student-management/:accountId/changes': { rule: 'showStudents' },
  '/courses/:courseId/student-management/groups': { rule: 'showStudents' },
  '/courses/:courseId/student-management/groups/create': { rule: 'showStudents' },
  '/courses/:courseId/student-management/groups/:id': { rule: 'showStudents' },
  '/courses/:courseId/invitations': { rule: 'staff' },
  '/courses/:courseId/invitations/create': { rule: 'staff' },
  '/courses/:courseId/invitations/:id': { rule: 'staff' },
  '/courses/:courseId/links/create': { rule: 'staff' },
  '/courses/:courseId/links/:id': { rule: 'staff' },
  // Journals, checks, exports and their task queues (spec 1 §2.9)
  '/courses/audit-journal': { rule: 'adminPanel' },
  '/courses/visit-stat-download': { rule: 'visitJournal' },
  '/courses/visit-stat-download/task-queue': { rule: 'visitJournal' },
  '/courses/:courseId/students-journal': { rule: 'showStudents' },
  '/courses/:courseId/students-journal/download': { rule: 'showStudents' },
  '/courses/:courseId/students-journal/analytics': { rule: 'showStudents' },
  '/courses/:courseId/students-journal/:exerciseId/progress-check': { rule: 'showStudents' },
  '/courses/:courseId/exercises-check': { rule: 'showStudents' },
  '/courses/:courseId/visit-journal': { rule: 'visitJournal' },
  '/courses/:courseId/visit-journal/download': { rule: 'visitJournal' },
  '/courses/:courseId/visit-journal/digitalCode': { rule: 'digitalCodeJournal' },
  '/courses/:courseId/paths-analytics': { rule: 'studentActions' },
  // ELP: typical errors of a course's answers and its exports' queue (issue 28; no path in the spec)
  '/courses/:courseId/typical-errors': { rule: 'studentActions' },
  '/courses/:courseId/typical-errors/task-queue': { rule: 'studentActions' },
  // ELP's own: the feedback and reflection answers of a course, per exercise (docs/decisions/running-a-course.md)
  '/courses/:courseId/feedback': { rule: 'showStudents' },
  '/courses/:courseId/usage-analytics': { rule: 'studentActions' },
  '/courses/:courseId/responses-upload': { rule: 'showStudents' },
  '/courses/:courseId/:lessonId/responses-upload': { rule: 'showStudents' },
  '/courses/:courseId/:lessonId/:exerciseId/responses-upload': { rule: 'showStudents' },
  '/courses/:courseId/export-to-crm/task-queue': { rule: 'staff' },
  '/courses/:courseId/instructor-estimates/task-queue': { rule: 'showStudents' },
  '/courses/:courseId/export-group-log/task-queue': { rule: 'showStudents' },
  '/courses/:courseId/visit-journal/task-queue': { rule: 'visitJournal' },
  '/courses/:courseId/students-journal/task-queue': { rule: 'showStudents' },
  // E-mail notifications of a course (spec 1 §2.9)
  '/courses/:courseId/auto-notifications': { rule: 'staff' },
  '/courses/:courseId/auto-notifications/create': { rule: 'staff' },
  '/courses/:courseId/auto-notifications/:notificationId/edit': { rule: 'staff' },
  '/courses/:courseId/manual-notifications': { rule: 'staff' },
  '/courses/:courseId/manual-notifications/create': { rule: 'staff' },
  '/courses/:courseId/manual-notifications/:notificationId': { rule: 'staff' },
  '/courses/:courseId/manual-notifications/:notificationId/edit': { rule: 'staff' },
  '/courses/:courseId/manual-notifications/:notificationId/send': { rule: 'staff' },
  // Courses and administration (spec 1 §2.9)
  '/courses': { rule: 'staff' },
  '/courses/users': { rule: 'adminPanel' },
  // the outgoing mail (course mailings), Root only; a path in the spec's style
  '/courses/mail-outbox': { rule: 'root' },
  // the LTI 1.3 tools ELP launches (issue 30 item 1), Root only
  '/courses/lti-tools': { rule: 'root' },
  '/courses/student-profiles-merge': { rule: 'profileMerge' },
  '/courses/list': { rule: 'adminPanel' },
  '/courses/create': { rule: 'staff' },
  '/courses/quick-access-toolbar-setting': { rule: 'staff' },
  '/courses/quick-access-toolbar-setting/sort': { rule: 'staff' },
  '/courses/users/profile-rights/:accountId': { rule: 'adminPanel' },
  // Question banks and resources (spec 1 §2.10)
  '/resources': { rule: 'resources' },
  '/resources/closed-questions/create': { rule: 'resources' },
  '/resources/closed-questions/:questionId/edit': { rule: 'resources' },
  '/resources/closed-questions/:questionId/answers': { rule: 'resources' },
  '/resources/closed-questions/:questionId/answer/create': { rule: 'resources' },
  '/resources/closed-questions/:questionId/answers/:answerId/edit': { rule: 'resources' },
  '/resources/matching-questions/create': { rule: 'resources' },
  '/resources/matching-questions/:questionId/edit': { rule: 'resources' },
  '/resources/free-questions/create': { rule: 'resources' },
  '/resources/free-questions/:questionId/edit': { rule: 'resources' },
  '/resources/code-questions/create': { rule: 'resources' },
  '/resources/code-questions/:questionId/edit': { rule: 'resources' },
  '/resources/sequence-questions/create': { rule: 'sequenceQuestions' },
  '/resources/sequence-questions/:questionId/edit': { rule: 'sequenceQuestions' },
  '/resources/links': { rule: 'resources', declared: { resource: 'resource-links', view: 'list' } },
  '/resources/links/create': { rule: 'resources', declared: { resource: 'resource-links', view: 'create' } },
  '/resources/links/:id': { rule: 'resources', declared: { resource: 'resource-links', view: 'edit' } },
  '/resources/templates': { rule: 'resources', declared: { resource: 'expulsion-templates', view: 'list' } },
  '/resources/templates/create': { rule: 'resources', declared: { resource: 'expulsion-templates', view: 'create' } },
  '/resources/templates/:id': { rule: 'resources', declared: { resource: 'expulsion-templates', view: 'edit' } },
  // Applications and the instructors' catalogue (spec 1 §2.10)
  '/applications-expulsion': { rule: 'staff' },
  '/applications-enrollment': { rule: 'enrollmentApplications' },
  '/instructor-catalog': { rule: 'staff', declared: { resource: 'instructor-catalog', view: 'list' } },
} as const satisfies Record<string, Screen>;

export type ScreenPath = keyof typeof screens;

const table = Object.entries(screens as Record<string, Screen>).map(([path, screen]) => ({ path, screen, segments: path.split('/').filter(Boolean) }));

/**
 * How well a pattern fits a path: -1 when it does not, else a score in which a literal segment
 * outweighs a parameter at the same depth (/courses/list beats /courses/:courseId).
 */
function fit(pattern: string[], path: string[]): number {
  if (pattern.length !== path.length) return -1;
  let score = 0;
  for (let i = 0; i < pattern.length; i++) {
    const literal = !pattern[i].startsWith(':');
    if (literal && pattern[i].toLowerCase() !== path[i].toLowerCase()) return -1;
    score = score * 2 + (literal ? 1 : 0);
  }
  return score;
}

/** The row whose pattern a path (no query) matches best, or null. */
export function screenAt(path: string): { path: ScreenPath; screen: Screen } | null {
  const segments = path.split(/[?#]/)[0].split('/').filter(Boolean).map(safeDecode);
  let best: (typeof table)[number] | null = null;
  let bestScore = -1;
  for (const row of table) {
    const score = fit(row.segments, segments);
    if (score > bestScore) [best, bestScore] = [row, score];
  }
  return best ? { path: best.path as ScreenPath, screen: best.screen } : null;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The rule guarding a path: its row's, else its area's (the row of its first segment: an unknown
 * path under /courses is still staff-only, and ends on the not-found page), else null (no screen
 * of ours: the not-found page for everyone).
 */
export function screenRuleFor(path: string): RuleKey | null {
  const row = screenAt(path) ?? screenAt(`/${path.split(/[?#]/)[0].split('/').filter(Boolean)[0] ?? ''}`);
  return row ? row.screen.rule : null;
}

/** A path with a page: a row that is neither planned nor a redirect. */
export const hasPage = (path: string): boolean => {
  const row = screenAt(path);
  return !!row && !row.screen.planned && !row.screen.redirect;
};

/** A pattern with its parameters filled from `params` (a redirect's target). */
export const fillPath = (pattern: string, params: Record<string, string | undefined>): string =>
  pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
