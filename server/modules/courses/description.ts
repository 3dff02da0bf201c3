import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  courseCalls as calls,
  type CourseExerciseItem,
  type CourseGrades,
  type CourseGroupItem,
  type CourseInstructorItem,
  type CourseLessonItem,
} from '../../../shared/calls/courses.js';
import { ExerciseType, GradeAggregation } from '../../../shared/enums.js';
import { courseOf } from '../../auth/courseScope.js';
import { accounts, courseInstructors, courseLinks, exercises, groups, lessons } from '../../db/schema/index.js';
import { notFound } from '../../errors.js';
import { route } from '../../http/route.js';
import { parseIntId } from '../../resources/records.js';
import { linkTree } from '../courseLinks/index.js';
import { fullName } from './common.js';

/** What a course's page shows about it: staff, links, lessons and exercises, grading, groups (spec 3 §7.9 "Course data"). */
export function registerCourseDescriptionRoutes(fastify: FastifyInstance): void {
  const db = fastify.db;

  route(fastify, calls.instructorsDescription, async (request): Promise<CourseInstructorItem[]> => {
    const course = courseOf(request).course;
    const rows = await db
      .select({
        accountId: accounts.id,
        firstName: accounts.firstName,
        lastName: accounts.lastName,
        eMail: accounts.email,
        picture: accounts.picture,
        role: courseInstructors.courseRole,
        isHidden: courseInstructors.isHidden,
      })
      .from(courseInstructors)
      .innerJoin(accounts, eq(accounts.id, courseInstructors.accountId))
      .where(eq(courseInstructors.courseId, course.id))
      .orderBy(courseInstructors.addedAt, courseInstructors.id);
    return rows;
  });

  route(fastify, calls.linksDescription, async (request) => {
    const course = courseOf(request).course;
    // the course's links and the platform's (no course)
    const rows = await db
      .select()
      .from(courseLinks)
      .where(or(eq(courseLinks.courseId, course.id), isNull(courseLinks.courseId)))
      .orderBy(courseLinks.sequence, courseLinks.id);
    return linkTree(rows);
  });

  route(fastify, calls.lessonsDescription, async (request): Promise<CourseLessonItem[]> => {
    const course = courseOf(request).course;
    const rows = await db
      .select({
        id: lessons.id,
        label: lessons.label,
        description: lessons.description,
        sequence: lessons.sequence,
        exercisesCount: sql<number>`(select count(*)::int from "exercises" x where x."lesson_id" = "lessons"."id")`,
      })
      .from(lessons)
      .where(eq(lessons.programId, course.programId))
      .orderBy(lessons.sequence, lessons.id);
    return rows.map((r) => ({ ...r, exercisesCount: Number(r.exercisesCount) }));
  });

  route(fastify, calls.lessonExercisesDescription, async (request): Promise<CourseExerciseItem[]> => {
    const course = courseOf(request).course;
    const lessonId = parseIntId(request.params.lessonId);
    const [lesson] =
      lessonId === null
        ? []
        : await db.select({ id: lessons.id }).from(lessons).where(and(eq(lessons.id, lessonId), eq(lessons.programId, course.programId))).limit(1);
    if (!lesson) throw notFound('LessonNotFound', { title: 'courses.lessonNotFound' });
    return db
      .select({ id: exercises.id, lessonId: exercises.lessonId, label: exercises.label, kind: exercises.kind, exerciseType: exercises.exerciseType, sequence: exercises.sequence })
      .from(exercises)
      .where(eq(exercises.lessonId, lesson.id))
      .orderBy(exercises.sequence, exercises.id);
  });

  route(fastify, calls.grades, async (request): Promise<CourseGrades> => {
    const course = courseOf(request).course;
    const settings = course.settings as Record<string, unknown>;
    const graded = await db
      .select({ id: exercises.id, label: exercises.label, exerciseType: exercises.exerciseType })
      .from(exercises)
      .innerJoin(lessons, eq(lessons.id, exercises.lessonId))
      .where(and(eq(exercises.programId, course.programId), inArray(exercises.exerciseType, [ExerciseType.test, ExerciseType.task])))
      .orderBy(lessons.sequence, exercises.sequence, exercises.id);
    return {
      gradeAggregation: (settings.gradeAggregation as GradeAggregation | undefined) ?? GradeAggregation.average,
      passingScore: typeof settings.passingScore === 'number' ? settings.passingScore : null,
      exercises: graded,
    };
  });

  route(fastify, calls.groups, async (request): Promise<CourseGroupItem[]> => {
    const course = courseOf(request).course;
    const rows = await db
      .select({
        id: groups.id,
        label: groups.label,
        leadId: accounts.id,
        leadEmail: accounts.email,
        leadFirst: accounts.firstName,
        leadLast: accounts.lastName,
        studentsCount: sql<number>`(select count(*)::int from "enrolments" e where e."group_id" = "groups"."id" and e."status" = 1)`,
      })
      .from(groups)
      .leftJoin(accounts, eq(accounts.id, groups.leadId))
      .where(eq(groups.courseId, course.id))
      .orderBy(groups.label, groups.id);
    return rows.map((r) => ({
      id: r.id,
      courseId: course.id,
      label: r.label,
      lead: r.leadId !== null ? { id: r.leadId, email: r.leadEmail ?? '', name: fullName({ firstName: r.leadFirst, lastName: r.leadLast }) } : null,
      studentsCount: Number(r.studentsCount),
    }));
  });
}
