import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { attendanceCalls } from '../../../shared/calls/attendance.js';
import { visitJournalCalls as calls, type MarkAnswer } from '../../../shared/calls/visitJournal.js';
import { TaskType } from '../../../shared/enums.js';
import { allows } from '../../../shared/permissions.js';
import { courseOf } from '../../auth/courseScope.js';
import { currentUser } from '../../auth/context.js';
import { requestLang } from '../../errors.js';
import { route } from '../../http/route.js';
import { translate } from '../../i18n/messages.js';
import { loadCourseAccess, type CourseAccess } from '../courses/access.js';
import { checkGroup, courseExercise, courseExercises, courseLesson, courseLessons, courseStudent, exerciseNotFound, lessonNotFound, targetId, targetMissing } from './access.js';
import { journalCache } from './cache.js';
import { registerVisitJournalTaskHandlers, type JournalExportPayload, type VisitsExportPayload } from './exports.js';
import { exerciseRows, groupList, groupPerformance, lessonRows, toExercise } from './journal.js';
import { clearMark, setMarks, type MarkTarget } from './marks.js';
import { courseReport } from './report.js';

/** The key of a cached view: what was asked and whose students (a tutor sees only theirs). */
const viewKey = (request: FastifyRequest, access: CourseAccess, what: unknown) =>
  JSON.stringify([what, access.member.role === 'tutor' ? currentUser(request).accountId : 0, requestLang(request)]);

/**
 * The visit journal (spec 1 §2.9, spec 3 §7.10): lessons, exercises and groups of a course, the
 * students of a lesson or an exercise with their marks (cached 2 s, spec 2 §9), group performance,
 * marks set and cleared (EditVisitJournal), the visits report and the two exports through the task
 * queue (job types 12 and 20). Course role: panel permission 3 (attendance journal); a tutor sees
 * and marks only their assigned students.
 */
export const visitJournalModule: FastifyPluginAsync = async (fastify) => {
  const db = fastify.db;
  const cache = journalCache(fastify);
  registerVisitJournalTaskHandlers(fastify.jobs);

  route(fastify, calls.lessons, async (request) => {
    const { course } = courseOf(request);
    const [lessons, exercises] = await Promise.all([courseLessons(db, course), courseExercises(db, course)]);
    return lessons.map((l) => ({ id: l.id, label: l.label, sequence: l.sequence, exercises: exercises.filter((e) => e.lessonId === l.id).length }));
  });

  route(fastify, calls.exercises, async (request) => {
    const { course } = courseOf(request);
    const lesson = await courseLesson(db, course, request.params.lessonId);
    return (await courseExercises(db, course, lesson.id)).map(toExercise);
  });

  route(fastify, calls.groups, async (request) => {
    const access = courseOf(request);
    await courseLesson(db, access.course, request.params.lessonId);
    return groupList(db, access, currentUser(request));
  });

  route(fastify, calls.lessonView, async (request) => {
    const access = courseOf(request);
    const user = currentUser(request);
    const lesson = await courseLesson(db, access.course, request.params.lessonId);
    await checkGroup(db, access.course, request.body.groupId);
    const { take, skip, ...f } = request.body;
    const answer = await cache.get(access.course.id, viewKey(request, access, ['lesson', lesson.id, request.body]), async () => {
      const exercises = await courseExercises(db, access.course, lesson.id);
      const page = await lessonRows(db, access, user, lesson.id, exercises, f, take, skip);
      return { ...page, lesson: { id: lesson.id, label: lesson.label }, exercises: exercises.map(toExercise) };
    });
    return { ...answer, canEdit: allows(user, 'digitalCodeJournal') };
  });

  route(fastify, calls.exerciseView, async (request) => {
    const access = courseOf(request);
    const user = currentUser(request);
    const lesson = await courseLesson(db, access.course, request.params.lessonId);
    const exercise = await courseExercise(db, access.course, request.params.exerciseId);
    if (exercise.lessonId !== lesson.id) throw exerciseNotFound();
    await checkGroup(db, access.course, request.body.groupId);
    const { take, skip, ...f } = request.body;
    const answer = await cache.get(access.course.id, viewKey(request, access, ['exercise', exercise.id, request.body]), async () => ({
      ...(await exerciseRows(db, access, user, exercise, f, take, skip)),
      exercise: toExercise(exercise),
    }));
    return { ...answer, canEdit: allows(user, 'digitalCodeJournal') };
  });

  route(fastify, calls.groupPerformance, async (request) => {
    const access = courseOf(request);
    const lessons = await courseLessons(db, access.course);
    const wanted = request.body.lessonIds;
    if (wanted?.some((id) => !lessons.some((l) => l.id === id))) throw lessonNotFound();
    const chosen = wanted?.length ? lessons.filter((l) => wanted.includes(l.id)) : lessons;
    return cache.get(access.course.id, viewKey(request, access, ['performance', chosen.map((l) => l.id)]), () => groupPerformance(db, access, currentUser(request), chosen));
  });

  /** The target of a mark call: an exercise of the course, or a lesson of it (spec's 400 for a missing id). */
  const exerciseTarget = async (access: CourseAccess, raw: string): Promise<MarkTarget> => {
    if (targetId(raw) === null) throw targetMissing();
    const e = await courseExercise(db, access.course, raw);
    return { kind: 'exercise', exerciseId: e.id, lessonId: e.lessonId };
  };
  const lessonTarget = async (access: CourseAccess, raw: string): Promise<MarkTarget> => {
    if (targetId(raw) === null) throw targetMissing();
    return { kind: 'lesson', lessonId: (await courseLesson(db, access.course, raw)).id };
  };

  const mark = async (request: FastifyRequest, target: (a: CourseAccess) => Promise<MarkTarget>, studentRaw: string): Promise<MarkAnswer> => {
    const access = courseOf(request);
    const user = currentUser(request);
    const t = await target(access);
    const student = await courseStudent(db, access, user, studentRaw);
    const markRow = await setMarks(db, access.course.id, t, [student.id], user.accountId);
    await cache.bump(access.course.id);
    return { message: translate(requestLang(request), 'visitJournal.marked'), mark: markRow };
  };
  const unmark = async (request: FastifyRequest, target: (a: CourseAccess) => Promise<MarkTarget>, studentRaw: string): Promise<MarkAnswer> => {
    const access = courseOf(request);
    const t = await target(access);
    const student = await courseStudent(db, access, currentUser(request), studentRaw);
    await clearMark(db, access.course.id, t, student.id);
    await cache.bump(access.course.id);
    return { message: translate(requestLang(request), 'visitJournal.cleared'), mark: null };
  };

  route(fastify, calls.markExercise, (request) => mark(request, (a) => exerciseTarget(a, request.params.exerciseId), request.params.studentId));
  route(fastify, calls.unmarkExercise, (request) => unmark(request, (a) => exerciseTarget(a, request.params.exerciseId), request.params.studentId));
  route(fastify, calls.markLesson, (request) => mark(request, (a) => lessonTarget(a, request.params.lessonId), request.params.studentId));
  route(fastify, calls.unmarkLesson, (request) => unmark(request, (a) => lessonTarget(a, request.params.lessonId), request.params.studentId));

  // Attendance/SendToJournal: the same marks for many students (the digital-code journal sends its students)
  route(fastify, attendanceCalls.sendToJournal, async (request) => {
    const access = courseOf(request);
    const user = currentUser(request);
    const { lessonId, exerciseId } = request.body;
    const rawExercise = targetId(exerciseId);
    const rawLesson = targetId(lessonId);
    if (rawExercise === null && rawLesson === null) throw targetMissing();
    let target: MarkTarget;
    if (rawExercise !== null) {
      const e = await courseExercise(db, access.course, rawExercise);
      if (rawLesson !== null && e.lessonId !== rawLesson) throw exerciseNotFound();
      target = { kind: 'exercise', exerciseId: e.id, lessonId: e.lessonId };
    } else {
      target = { kind: 'lesson', lessonId: (await courseLesson(db, access.course, rawLesson!)).id };
    }
    const ids = [...new Set(request.body.studentIds)];
    // every student must be theirs to mark: one unknown id and nothing is marked
    for (const id of ids) await courseStudent(db, access, user, id);
    const markRow = await setMarks(db, access.course.id, target, ids, user.accountId);
    await cache.bump(access.course.id);
    return { message: translate(requestLang(request), 'visitJournal.markedMany', { count: ids.length }), marked: ids.length, mark: markRow };
  });

  /** The courses of a report or export, each checked (404 not theirs, 403 no attendance journal there). */
  const reportCourses = async (request: FastifyRequest, body: { Training?: number | null; TrainingIds?: number[] | null }) => {
    const ids = [...new Set([...(body.Training ? [body.Training] : []), ...(body.TrainingIds ?? [])])];
    const out: CourseAccess[] = [];
    for (const id of ids) out.push(await loadCourseAccess(db, currentUser(request), id, 'attendance'));
    return out;
  };
  const reportFilter = (b: typeof calls.report.body._output) => ({ groupIds: b.GroupIds, accountId: b.AccountId, lessonIds: b.LessonIds, exerciseIds: b.ExerciseIds, attributes: b.Attributes });

  route(fastify, calls.report, async (request) => {
    const accesses = await reportCourses(request, request.body);
    const rows = [];
    for (const a of accesses) for await (const row of courseReport(db, a, currentUser(request), reportFilter(request.body))) rows.push(row);
    const { take, skip } = request.body;
    return { result: rows.slice(skip, skip + take), metadata: { filteredRecords: rows.length } };
  });

  route(fastify, calls.exportVisits, async (request) => {
    const accesses = await reportCourses(request, request.body);
    const payload: VisitsExportPayload = { lang: requestLang(request), courseIds: accesses.map((a) => a.course.id), filter: reportFilter(request.body) };
    const task = await fastify.jobs.enqueue({
      type: TaskType.visitsExport,
      courseId: accesses.length === 1 ? accesses[0].course.id : null,
      payload: payload as unknown as Record<string, unknown>,
      createdBy: currentUser(request).accountId,
    });
    return { taskId: task.id };
  });

  route(fastify, calls.exportJournal, async (request) => {
    const access = courseOf(request);
    await checkGroup(db, access.course, request.body.groupId);
    const lessons = await courseLessons(db, access.course);
    if (request.body.lessonIds?.some((id) => !lessons.some((l) => l.id === id))) throw lessonNotFound();
    const payload: JournalExportPayload = { lang: requestLang(request), groupId: request.body.groupId ?? null, lessonIds: request.body.lessonIds ?? null };
    const task = await fastify.jobs.enqueue({
      type: TaskType.visitJournalExport,
      courseId: access.course.id,
      payload: payload as unknown as Record<string, unknown>,
      createdBy: currentUser(request).accountId,
    });
    return { taskId: task.id };
  });
};
