import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { learningCalls } from '../../../shared/calls/learning.js';
import { TrainingKind } from '../../../shared/enums.js';
import type { WithDates } from '../../../shared/http/call.js';
import type { CourseListItem, MyLink } from '../../../shared/learning.js';
import { currentUser } from '../../auth/context.js';
import type { Db } from '../../db/client.js';
import {
  achievements,
  certificates,
  courseGroupItems,
  courseGroups,
  courseLinks,
  courses,
  enrolments,
  exerciseProgress,
  exercises,
  favorites,
} from '../../db/schema/index.js';
import { route } from '../../http/route.js';
import { parseIntId } from '../../resources/records.js';
import { myStudyCourseIds, trainingNotFound } from './outline.js';
import { exerciseAccess } from './availability.js';

/**
 * My courses (GET /api/students/trainings), a course folder (GET /api/students/sets/{id}),
 * my links (GET /api/students/trainings/links) and achievements (GET /api/Achievements).
 */
type CourseItem = WithDates<CourseListItem>;

/** The caller's active courses as list items. */
export async function myCourseItems(db: Db, accountId: number, onlyIds?: number[]): Promise<CourseItem[]> {
  const rows = await db
    .select({
      id: courses.id,
      label: courses.label,
      begin: courses.begin,
      end: courses.end,
      picture: courses.picture,
      completed: enrolments.completed,
      fav: favorites.id,
    })
    .from(enrolments)
    .innerJoin(courses, eq(courses.id, enrolments.courseId))
    .leftJoin(favorites, and(eq(favorites.accountId, accountId), eq(favorites.courseId, courses.id), isNull(favorites.exerciseId)))
    .where(and(eq(enrolments.accountId, accountId), eq(enrolments.status, 1), onlyIds ? inArray(courses.id, onlyIds.length ? onlyIds : [0]) : undefined))
    .orderBy(desc(enrolments.joinedAt), asc(courses.id));
  return rows.map(({ fav, ...r }) => ({ ...r, type: TrainingKind.course, isFavorite: fav !== null }));
}

export function registerMyCoursesRoutes(fastify: FastifyInstance) {
  const db = fastify.db;

  route(fastify, learningCalls.myCourses, async (request) => {
    const user = currentUser(request);
    const mine = await myCourseItems(db, user.accountId);
    const myIds = mine.map((c) => c.id);
    // published course groups holding at least one of my courses become folders
    const items = myIds.length
      ? await db
          .select({ g: courseGroups, courseId: courseGroupItems.courseId })
          .from(courseGroupItems)
          .innerJoin(courseGroups, eq(courseGroups.id, courseGroupItems.courseGroupId))
          .where(eq(courseGroups.isPublished, true))
      : [];
    const folders = new Map<number, { g: typeof courseGroups.$inferSelect; all: number[] }>();
    for (const it of items) {
      const f = folders.get(it.g.id) ?? { g: it.g, all: [] };
      f.all.push(it.courseId);
      folders.set(it.g.id, f);
    }
    const inFolder = new Set<number>();
    const groupItems: CourseItem[] = [];
    for (const f of folders.values()) {
      const my = mine.filter((c) => f.all.includes(c.id));
      if (my.length === 0) continue;
      my.forEach((c) => inFolder.add(c.id));
      groupItems.push({
        id: f.g.id,
        type: TrainingKind.courseGroup,
        label: f.g.label,
        begin: f.g.begin,
        end: f.g.end,
        picture: f.g.picture,
        isFavorite: false,
        completed: my.every((c) => c.completed),
        modulesAmountCalc: my.filter((c) => c.completed).length,
        maxModulesAmountCalc: f.all.length,
      });
    }
    // the warning card: the latest exercise left in progress in a course I study in, that is open to me now
    const unfinished = await db
      .select({
        courseId: exerciseProgress.courseId,
        exerciseId: exerciseProgress.exerciseId,
        lessonId: exercises.lessonId,
        exerciseLabel: exercises.label,
        courseLabel: courses.label,
        course: { id: courses.id, programId: courses.programId, open: courses.open, close: courses.close },
      })
      .from(exerciseProgress)
      .innerJoin(exercises, eq(exercises.id, exerciseProgress.exerciseId))
      .innerJoin(courses, eq(courses.id, exerciseProgress.courseId))
      .where(and(eq(exerciseProgress.accountId, user.accountId), eq(exerciseProgress.status, 1), sql`${exerciseProgress.courseId} in ${myStudyCourseIds(user.accountId)}`))
      .orderBy(desc(exerciseProgress.updatedAt))
      .limit(5);
    let open: Omit<(typeof unfinished)[number], 'course'> | undefined;
    for (const { course, ...card } of unfinished) {
      if ((await exerciseAccess(db, course, user.accountId, card.exerciseId)) !== 'open') continue;
      open = card;
      break;
    }
    return { result: [...groupItems, ...mine.filter((c) => !inFolder.has(c.id))], warning: open ?? null };
  });

  route(fastify, learningCalls.courseFolder, async (request) => {
    const user = currentUser(request);
    const id = parseIntId(request.params.courseGroupId);
    if (id === null) throw trainingNotFound();
    const [group] = await db.select().from(courseGroups).where(and(eq(courseGroups.id, id), eq(courseGroups.isPublished, true))).limit(1);
    if (!group) throw trainingNotFound();
    const members = await db
      .select({ id: courses.id, label: courses.label, begin: courses.begin, end: courses.end, picture: courses.picture, isPublished: courses.isPublished })
      .from(courseGroupItems)
      .innerJoin(courses, eq(courses.id, courseGroupItems.courseId))
      .where(eq(courseGroupItems.courseGroupId, id))
      .orderBy(asc(courseGroupItems.sequence), asc(courses.id));
    const mine = new Map((await myCourseItems(db, user.accountId, members.map((m) => m.id))).map((c) => [c.id, c]));
    const children = await db
      .select({ id: courseGroups.id, label: courseGroups.label, begin: courseGroups.begin, end: courseGroups.end, picture: courseGroups.picture })
      .from(courseGroups)
      .where(and(eq(courseGroups.parentId, id), eq(courseGroups.isPublished, true)))
      .orderBy(asc(courseGroups.sequence), asc(courseGroups.id));
    return {
      id: group.id,
      label: group.label,
      description: group.description,
      picture: group.picture,
      begin: group.begin,
      end: group.end,
      result: [
        ...children.map((c) => ({ ...c, type: TrainingKind.courseGroup, isFavorite: false, completed: false, isJoined: true })),
        // my courses, then the group's published courses I could join from the catalogue
        ...members
          .filter((m) => mine.has(m.id) || m.isPublished)
          .map((m) => mine.get(m.id) ? { ...mine.get(m.id)!, isJoined: true } : {
            id: m.id, type: TrainingKind.course, label: m.label, begin: m.begin, end: m.end, picture: m.picture, isFavorite: false, completed: false, isJoined: false,
          }),
      ],
    };
  });

  route(fastify, learningCalls.myLinks, async (request) => {
    const user = currentUser(request);
    const rows = await db
      .select()
      .from(courseLinks)
      .where(sql`${courseLinks.courseId} is null or ${courseLinks.courseId} in ${myStudyCourseIds(user.accountId)}`)
      .orderBy(asc(courseLinks.sequence), asc(courseLinks.id));
    const nodes = new Map<number, MyLink>(rows.map((r) => [r.id, { id: r.id, text: r.text, address: r.address, children: [] }]));
    const roots: MyLink[] = [];
    for (const r of rows) {
      const parent = r.parentId ? nodes.get(r.parentId) : undefined;
      if (parent) parent.children.push(nodes.get(r.id)!);
      else if (!r.parentId) roots.push(nodes.get(r.id)!);
    }
    return roots;
  });

  route(fastify, learningCalls.achievements, async (request) => {
    const user = currentUser(request);
    const certs = await db
      .select({
        certificateId: certificates.id,
        title: certificates.title,
        date: certificates.date,
        trainingId: certificates.courseId,
        trainingLabel: courses.label,
        fileId: certificates.fileId,
        studentId: certificates.studentId,
      })
      .from(certificates)
      .innerJoin(courses, eq(courses.id, certificates.courseId))
      .where(eq(certificates.studentId, user.accountId))
      .orderBy(desc(certificates.date), desc(certificates.id));
    const earned = await db
      .select({ kind: achievements.kind, trainingId: achievements.courseId, awardedAt: achievements.awardedAt })
      .from(achievements)
      .where(eq(achievements.accountId, user.accountId))
      .orderBy(asc(achievements.awardedAt));
    return {
      certificates: certs.map(({ fileId, ...c }) => ({ ...c, file: fileId ? `/api/Credential/View/${c.certificateId}/file` : null })),
      achievements: earned,
    };
  });
}
