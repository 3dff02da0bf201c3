import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.js';
import {
  accounts,
  courseGroupItems,
  courseGroups,
  courseInstructors,
  courses,
  enrolmentLog,
  enrolments,
  exercises,
  identityUsers,
  lessons,
  programs,
} from '../schema/index.js';

/** What the demo courses seed made (ids for the e2e tests and the other seeds). */
export interface SeededCourses {
  programId: number;
  courses: { current: number; application: number; future: number; past: number };
  courseGroupId: number;
  /** account ids by demo login (empty when the accounts could not be pre-created) */
  accounts: Record<string, number>;
}

export const DEMO_COURSE_LABELS = {
  current: 'Основы программирования: весенний поток',
  application: 'Алгоритмы и структуры данных (по заявке)',
  future: 'Летняя школа программирования',
  past: 'Основы программирования: осенний поток',
  courseGroup: 'Направление «Программирование»',
} as const;

const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY);

/**
 * The accounts of the demo logins, as the relying party will find them on first sign-in:
 * it upserts by (issuer, subject), and the embedded provider's subject is the identity
 * user's id (server/auth/provider.ts). Pre-creating them lets the demo instructor teach the
 * demo courses and the demo student study in one before anyone has signed in.
 */
async function demoAccounts(db: Db, issuer: string): Promise<Record<string, number>> {
  const users = await db.select().from(identityUsers);
  if (users.length === 0) return {};
  await db
    .insert(accounts)
    .values(
      users.map((u) => ({
        issuer,
        subject: String(u.id),
        email: u.email,
        firstName: u.firstName,
        lastName: u.lastName,
        role: u.role,
        flags: u.flags,
        accessToPhysical: u.accessToPhysical,
        emailConfirmed: u.emailVerified,
      })),
    )
    .onConflictDoNothing();
  const rows = await db
    .select({ id: accounts.id, subject: accounts.subject })
    .from(accounts)
    .where(and(eq(accounts.issuer, issuer), inArray(accounts.subject, users.map((u) => String(u.id)))));
  const bySubject = new Map(rows.map((r) => [r.subject, r.id]));
  return Object.fromEntries(users.filter((u) => bySubject.has(String(u.id))).map((u) => [u.login, bySubject.get(String(u.id))!]));
}

/** The demo program: the first program there is (the programs seed runs first), else a small one. */
async function demoProgram(db: Db, programId?: number): Promise<number> {
  if (programId) return programId;
  const [first] = await db.select({ id: programs.id }).from(programs).orderBy(asc(programs.id)).limit(1);
  if (first) return first.id;
  const [program] = await db
    .insert(programs)
    .values({ label: 'Основы программирования', description: '<p>Демонстрационная программа.</p>', isReady: true })
    .returning({ id: programs.id });
  const [lesson] = await db.insert(lessons).values({ programId: program.id, label: 'Введение', sequence: 0 }).returning({ id: lessons.id });
  await db.insert(exercises).values([
    { programId: program.id, lessonId: lesson.id, label: 'Что такое программа', exerciseType: 10, sequence: 0 },
    { programId: program.id, lessonId: lesson.id, label: 'Проверьте себя', exerciseType: 20, sequence: 1 },
  ]);
  return program.id;
}

/**
 * Running courses of the demo program: one current with direct joining (the demo student
 * studies in it), one current that needs an application, one future and one past, taught by
 * the demo instructor (the demo teacher tutors the current one), and a course group holding
 * the current and the future course.
 *
 * `issuer`: the embedded provider's issuer, to pre-create the demo accounts; null skips
 * that (an external identity provider, whose subjects are unknown here).
 */
export async function seedCourses(db: Db, options: { issuer: string | null; programId?: number }): Promise<SeededCourses> {
  const ids = options.issuer ? await demoAccounts(db, options.issuer) : {};
  const instructor = ids['instructor@example.com'] ?? null;
  const teacher = ids['teacher@example.com'] ?? null;
  const student = ids['student@example.com'] ?? null;
  const programId = await demoProgram(db, options.programId);

  const common = { programId, createdBy: instructor, isPublished: true };
  const rows = await db
    .insert(courses)
    .values([
      {
        ...common,
        label: DEMO_COURSE_LABELS.current,
        description: '<p>Курс для тех, кто начинает программировать. Запись свободная.</p>',
        begin: at(-30),
        end: at(60),
        groupLabel: 'ПИ-101',
        joinMode: 'direct' as const,
        tutorId: teacher,
      },
      {
        ...common,
        label: DEMO_COURSE_LABELS.application,
        description: '<p>Запись по заявке: преподаватель рассматривает каждую.</p>',
        begin: at(-7),
        end: at(90),
        open: at(-14),
        close: at(120),
        alwaysAvailableByDates: true,
        joinMode: 'application' as const,
      },
      // 'physmath' among its keywords puts it in the Physmath section (server/modules/learning/physmath.ts) for the demo student
      { ...common, label: DEMO_COURSE_LABELS.future, description: '<p>Начнётся летом.</p>', keywords: 'physmath, олимпиадное программирование', begin: at(45), end: at(100), joinMode: 'direct' as const },
      { ...common, label: DEMO_COURSE_LABELS.past, description: '<p>Поток завершён.</p>', begin: at(-200), end: at(-100), joinMode: 'direct' as const },
    ])
    .returning({ id: courses.id });
  const [current, application, future, past] = rows.map((r) => r.id);

  if (instructor) {
    await db.insert(courseInstructors).values(rows.map((r) => ({ courseId: r.id, accountId: instructor, courseRole: 'instructor' as const })));
  }
  if (teacher) await db.insert(courseInstructors).values({ courseId: current, accountId: teacher, courseRole: 'tutor' });
  if (student) {
    await db.insert(enrolments).values({ courseId: current, accountId: student });
    await db.insert(enrolmentLog).values({ courseId: current, accountId: student, event: 'joined', actorId: instructor });
  }

  // the two accounts of one graduate (the profile merge's demo): each holds part of his history
  const graduate = ids['graduate@example.com'];
  const graduateOld = ids['gleb.old@example.com'];
  if (graduate && graduateOld) {
    await db.insert(enrolments).values([
      { courseId: future, accountId: graduate },
      { courseId: past, accountId: graduateOld },
    ]);
    await db.insert(enrolmentLog).values([
      { courseId: future, accountId: graduate, event: 'joined', actorId: graduate },
      { courseId: past, accountId: graduateOld, event: 'joined', actorId: graduateOld },
    ]);
  }

  const [group] = await db
    .insert(courseGroups)
    .values({ label: DEMO_COURSE_LABELS.courseGroup, description: 'Курсы по программированию', isPublished: true, createdBy: instructor })
    .returning({ id: courseGroups.id });
  await db.insert(courseGroupItems).values([
    { courseGroupId: group.id, courseId: current, sequence: 0 },
    { courseGroupId: group.id, courseId: future, sequence: 1 },
  ]);

  return { programId, courses: { current, application, future, past }, courseGroupId: group.id, accounts: ids };
}
