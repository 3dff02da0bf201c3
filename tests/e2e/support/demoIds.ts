import type { APIRequestContext } from '@playwright/test';
import { DEMO_ANALYTICS_LABELS } from '../../../server/db/seed/analytics';
import { expect } from './fixtures';

/**
 * Real ids behind the screen table's parameters, read from the demo data through the API (as the
 * signed-in staff member), and the few records the demo data has none of (a course's group, mailings,
 * link, invitation, an expulsion template) made once through the API, so that every screen of the
 * table can be opened with ids that exist: the accessibility walk (accessibility.spec.ts) fills each
 * row's pattern from these.
 */
export interface DemoIds {
  programId: number;
  /** the program of the demo analytics course (server/db/seed/analytics.ts): its courses have activity */
  analyticsProgramId: number;
  /** the lecture (content slides), the test (question slides), the webinar, the SCORM exercise and the external tool (LTI) exercise */
  exercises: Record<'lecture' | 'test' | 'webinar' | 'scorm' | 'lti', { id: number; lessonId: number }>;
  /** one slide of each type: its id and its exercise */
  slides: Record<string, { id: number; exerciseId: number; lessonId: number; questionId?: number }>;
  /** an option of the demo closed question */
  answerId: number;
  courseId: number;
  /** a course the demo student has not joined (the catalogue's course page) */
  otherCourseId: number;
  courseGroupId: number;
  /** a student of the course */
  studentAccountId: number;
  /** a staff member of the course: the id of its row and of its account */
  instructor: { id: number; accountId: number };
  attributeGroupId: number;
  articleId: number;
  newsId: number;
  groupId: number;
  mailings: { auto: number; manual: number };
  linkId: number;
  invitation: { id: number; code: string };
  expulsionTemplateId: number;
  /** an artifact link of the platform (/resources/links) */
  resourceLinkId: number;
  /** an automation condition of the course */
  conditionId: number;
  /** the verification code of a certificate generated for the demo student (/verify/:code) */
  verificationCode: string;
}

async function json<T>(request: APIRequestContext, method: 'get' | 'post', path: string, data?: unknown): Promise<T> {
  const res = method === 'get' ? await request.get(path) : await request.post(path, { data });
  expect(res.status(), `${method.toUpperCase()} ${path}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

type Exercise = { id: number; lessonId: number; kind: string; exerciseType: number };
type Slide = { id: number; exerciseId: number; type: string; question: { id: number } | null };
type Course = { id: number; label: string };

/** Reads (and where missing, makes) the demo ids as a staff member with every permission (the demo instructor). */
export async function demoIds(request: APIRequestContext): Promise<DemoIds> {
  const programs = await json<Course[]>(request, 'get', '/api/instructors/courses');
  const programId = Math.min(...programs.map((p) => p.id));
  const program = await json<{ lessons: { exercises: Exercise[] }[] }>(request, 'get', `/api/Instructors/Courses/${programId}/View`);
  const all = program.lessons.flatMap((l) => l.exercises);
  const pick = (test: (e: Exercise) => boolean, what: string) => {
    const found = all.find(test);
    expect(found, `the demo program has a ${what} exercise`).toBeTruthy();
    return { id: found!.id, lessonId: found!.lessonId };
  };
  const exercises = {
    lecture: pick((e) => e.kind === 'presentation' && e.exerciseType === 10, 'lecture'),
    test: pick((e) => e.kind === 'presentation' && e.exerciseType === 20, 'test'),
    webinar: pick((e) => e.kind === 'webinar', 'webinar'),
    scorm: pick((e) => e.kind === 'scorm', 'SCORM'),
    lti: pick((e) => e.kind === 'lti', 'external tool (LTI)'),
  };
  const slides: DemoIds['slides'] = {};
  for (const exercise of [exercises.lecture, exercises.test]) {
    const list = await json<{ result: Slide[] }>(request, 'get', `/api/instructors/Exercises/${exercise.id}/Pages`);
    for (const s of list.result) slides[s.type] ??= { id: s.id, exerciseId: s.exerciseId, lessonId: exercise.lessonId, questionId: s.question?.id };
  }
  const closed = slides['answers-question']?.questionId;
  expect(closed, 'the demo test has a closed question').toBeTruthy();
  const options = await json<{ id: number }[]>(request, 'get', `/api/questions/answers/${closed}/options`);

  const courses = await json<(Course & { begin: string; end: string })[]>(request, 'get', '/api/instructors/trainings');
  const analytics = courses.find((c) => c.label === DEMO_ANALYTICS_LABELS.course);
  expect(analytics, 'the demo has the analytics course').toBeTruthy();
  const { programId: analyticsProgramId } = await json<{ programId: number }>(request, 'get', `/api/instructors/trainings/${analytics!.id}/settings`);
  const courseId = Math.min(...courses.map((c) => c.id));
  const otherCourseId = Math.min(...courses.filter((c) => c.id !== courseId).map((c) => c.id));
  const courseGroups = await json<{ id: number }[]>(request, 'get', '/api/instructors/sets');
  const students = await json<{ result: { accountId?: number; id: number }[] }>(request, 'post', `/api/instructors/students/training/${courseId}/list`, { take: 10, skip: 0 });
  expect(students.result.length, 'the demo course has students').toBeGreaterThan(0);
  const staff = await json<{ id: number; accountId: number }[]>(request, 'get', `/api/instructors/trainings/${courseId}/instructors`);
  const groups = await json<{ id: number }[]>(request, 'get', '/api/Attribute/Groups');
  const articles = await json<{ result: { id: number }[] }>(request, 'get', '/api/knowledge-base/articles');
  const news = await json<{ result: { id: number }[] }>(request, 'get', '/api/instructors/NewsFeed');

  // what the demo data has none of, made once per server (found again by its label on a rerun)
  const label = 'Проверка доступности';
  const courseGroups2 = await json<{ id: number; label: string }[]>(request, 'get', `/api/instructors/Trainings/${courseId}/Groups`);
  const groupId =
    courseGroups2.find((g) => g.label === label)?.id ??
    (await json<{ id: number }>(request, 'post', `/api/instructors/Trainings/${courseId}/Groups/create`, { label })).id;
  const mailingsOf = (kind: 'auto' | 'manual') => json<{ id: number; label: string }[]>(request, 'get', `/api/instructors/trainings/${courseId}/mailings?kind=${kind}`);
  const mailing = async (kind: 'auto' | 'manual') =>
    (await mailingsOf(kind)).find((m) => m.label === label)?.id ??
    (
      await json<{ id: number }>(request, 'post', `/api/instructors/trainings/${courseId}/mailings`, {
        kind,
        label,
        subject: 'Напоминание о курсе',
        body: '<p>Не забудьте пройти тест.</p>',
        ...(kind === 'auto' ? { trigger: 'enrolled' } : {}),
        isEnabled: false,
      })
    ).id;
  const links = await json<{ id: number; text: string }[]>(request, 'get', `/api/instructors/trainings/${courseId}/links`);
  const linkId =
    links.find((l) => l.text === label)?.id ??
    (await json<{ id: number }>(request, 'post', `/api/instructors/trainings/${courseId}/links`, { text: label, address: 'https://www.w3.org/WAI/' })).id;
  // the list names an invitation by `invitationId` (the record's `id` is the same number)
  const invitations = await json<{ invitationId: number; code: string }[]>(request, 'get', `/api/instructors/trainings/${courseId}/invitation-link/description`);
  const invitation = invitations[0] ?? (await json<{ invitationId: number; code: string }>(request, 'post', '/api/invite', { trainingId: courseId }));
  const templates = await json<{ id: number; label: string }[]>(request, 'get', '/api/instructors/expulsion-templates');
  const expulsionTemplateId =
    templates.find((t) => t.label === label)?.id ??
    (await json<{ id: number }>(request, 'post', '/api/instructors/expulsion-templates', { label, body: 'Прошу отчислить меня с курса.' })).id;

  const resourceLinks = await json<{ id: number; text: string }[]>(request, 'get', '/api/instructors/resources/links');
  const resourceLinkId =
    resourceLinks.find((l) => l.text === label)?.id ??
    (await json<{ id: number }>(request, 'post', '/api/instructors/resources/links', { text: label, address: 'https://www.w3.org/WAI/' })).id;

  const conditions = await json<{ id: number; label: string }[]>(request, 'get', `/api/instructors/trainings/${courseId}/predicate/description`);
  const conditionId =
    conditions.find((c) => c.label === label)?.id ??
    (
      await json<{ id: number }>(request, 'post', `/api/instructors/trainings/${courseId}/predicate/state`, {
        label,
        eventType: 'completed',
        exerciseIds: [exercises.test.id],
        state: 'Тест пройден',
      })
    ).id;

  const studentAccountId = students.result[0].accountId ?? students.result[0].id;
  const certificates = await json<{ title: string; verificationUrl: string | null }[]>(request, 'post', `/api/Credential/${courseId}`);
  const verificationUrl =
    certificates.find((c) => c.title === label && c.verificationUrl)?.verificationUrl ??
    (await json<{ verificationUrl: string }>(request, 'post', '/api/Credential/generate', { trainingId: courseId, studentId: studentAccountId, title: label, date: '2026-06-30', hours: 36 })).verificationUrl;

  return {
    programId,
    analyticsProgramId,
    exercises,
    slides,
    answerId: options[0].id,
    courseId,
    otherCourseId,
    courseGroupId: courseGroups[0].id,
    studentAccountId,
    instructor: { id: staff[0].id, accountId: staff[0].accountId },
    attributeGroupId: groups[0].id,
    articleId: articles.result[0].id,
    newsId: news.result[0].id,
    groupId,
    mailings: { auto: await mailing('auto'), manual: await mailing('manual') },
    linkId,
    invitation: { id: invitation.invitationId, code: invitation.code },
    expulsionTemplateId,
    resourceLinkId,
    conditionId,
    verificationCode: verificationUrl!.split('/').pop()!,
  };
}

/** The question kind of a question-bank path segment, as a slide type. */
const QUESTION_SLIDE: Record<string, string> = {
  'closed-questions': 'answers-question',
  'matching-questions': 'matching-question',
  'free-questions': 'free-question',
  'code-questions': 'code-question',
  'sequence-questions': 'sequence-question',
};

/**
 * A screen table pattern with real ids: the exercise, slide or question that the row's literal
 * segments ask for (a SCORM exercise's edit screen, a video slide's, a matching question's …),
 * else the demo program's test and the demo course. `attempt` fills the player's slide.
 */
export function fillScreen(pattern: string, ids: DemoIds, attempt?: { courseId: number; lessonId: number; exerciseId: number; slideId: number }): string {
  const segments = pattern.split('/');
  let exercise = ids.exercises.test;
  let slide: DemoIds['slides'][string] | undefined;
  if (pattern.includes('/edit-scorm') || pattern.includes('/create-scorm')) exercise = ids.exercises.scorm;
  if (pattern.includes('/webinar/')) exercise = ids.exercises.webinar;
  if (pattern.includes('/edit-lti') || pattern.includes('/create-lti')) exercise = ids.exercises.lti;
  const typed = segments[segments.indexOf('slides') + 1];
  if (pattern.includes('/slides/') && typed && !typed.startsWith(':')) slide = ids.slides[typed];
  if (pattern.includes('/slides/:type/')) slide = ids.slides.video;
  if (slide) exercise = { id: slide.exerciseId, lessonId: slide.lessonId };
  const bank = segments.find((s) => QUESTION_SLIDE[s]);
  const questionId = bank ? ids.slides[QUESTION_SLIDE[bank]]?.questionId : undefined;
  const mailing = pattern.includes('/auto-notifications/') ? ids.mailings.auto : ids.mailings.manual;
  const byResource: Record<string, number | string> = {
    news: ids.newsId,
    instructors: ids.instructor.id,
    groups: ids.groupId,
    invitations: ids.invitation.id,
    links: pattern.startsWith('/resources/') ? ids.resourceLinkId : ids.linkId,
    templates: ids.expulsionTemplateId,
    conditions: ids.conditionId,
  };
  const values: Record<string, string | number | undefined> = {
    // a program's analytics: the program whose course has activity to chart
    programId: pattern.includes('-analytics') ? ids.analyticsProgramId : ids.programId,
    lessonId: exercise.lessonId,
    exerciseId: exercise.id,
    slideId: slide?.id,
    type: pattern.includes('/slides/:type/') ? 'video' : undefined,
    questionId,
    answerId: ids.answerId,
    courseId: pattern.startsWith('/student-catalog/') ? ids.otherCourseId : ids.courseId,
    courseGroupId: ids.courseGroupId,
    accountId: ids.studentAccountId,
    instructorId: ids.instructor.id,
    attributeGroupId: ids.attributeGroupId,
    articleId: ids.articleId,
    inviteId: ids.invitation.code,
    code: ids.verificationCode,
    notificationId: mailing,
    // `:id` is the record of the resource named just before it (…/groups/:id, /news/edit/:id)
    id: byResource[segments.slice(0, segments.indexOf(':id')).reverse().find((s) => byResource[s] !== undefined) ?? ''],
  };
  if (pattern === '/my-courses/course/:courseId/:lessonId/:exerciseId/:slideId') {
    expect(attempt, 'the player needs a started attempt').toBeTruthy();
    Object.assign(values, attempt);
  }
  return pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`No demo id for :${name} in ${pattern}`);
    return encodeURIComponent(String(value));
  });
}
