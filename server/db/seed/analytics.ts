import { and, eq, isNotNull } from 'drizzle-orm';
import { slideKinds } from '../../../shared/enums.js';
import type { Db } from '../client.js';
import {
  accounts,
  answers,
  attempts,
  courseInstructors,
  courses,
  enrolmentLog,
  enrolments,
  exerciseProgress,
  exercises,
  freeQuestions,
  groups,
  lessons,
  pageVisits,
  programs,
  slides,
  visits,
  watchSegments,
} from '../schema/index.js';
import type { SeededCourses } from './courses.js';
import type { SeededPrograms } from './programs.js';

export const DEMO_ANALYTICS_LABELS = {
  program: 'Анализ данных на Python',
  course: 'Анализ данных: поток для аналитики',
} as const;

/** The issuer of the analytics course's made-up students: they cannot sign in. */
export const DEMO_ANALYTICS_ISSUER = 'urn:elp:demo-analytics';
export const DEMO_ANALYTICS_STUDENTS = 30;

const DAY = 86_400_000;
const HOUR = 3_600_000;
const VIDEO_SECONDS = 120;
const MAX_SCORE = 10;

const FIRST = ['Алексей', 'Мария', 'Дмитрий', 'Елена', 'Иван', 'Ольга', 'Сергей', 'Наталья', 'Павел', 'Ксения'];
const LAST = ['Иванов', 'Смирнов', 'Кузнецов', 'Попов', 'Соколов', 'Лебедев', 'Козлов', 'Новиков', 'Морозов', 'Волков', 'Зайцев', 'Павлов', 'Семёнов', 'Голубев', 'Виноградов'];
/** Female first names take the feminine surname. */
const female = (first: string) => /[ая]$/.test(first);

/** A small deterministic generator (mulberry32): the same demo every time. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A course made for the analytics screens (paths, usage, the journal's analytics): a program of
 * three lessons and nine exercises, thirty made-up students in two groups with varied results,
 * an order of their own for some, drop-off along the way, page visits, attendance marks, watch
 * time with re-watched parts and answers over the last six weeks. Deterministic; a few hundred
 * rows in a handful of statements. A separate course, so that the other demo courses keep
 * their students.
 */
export async function seedAnalyticsCourse(db: Db, seeded: SeededCourses, demo: SeededPrograms): Promise<{ courseId: number }> {
  const rnd = random(20260301);
  const instructor = seeded.accounts['instructor@example.com'] ?? null;
  const now = Date.now();
  const begin = Math.floor(now / DAY) * DAY - 36 * DAY;

  const [video] = await db
    .select({ fileId: slides.fileId })
    .from(slides)
    .where(and(eq(slides.exerciseId, demo.exercises.lecture), eq(slides.pageType, slideKinds.video.pageType), isNotNull(slides.fileId)))
    .limit(1);

  const [program] = await db
    .insert(programs)
    .values({ label: DEMO_ANALYTICS_LABELS.program, description: 'Демонстрационная программа для аналитики: лекции с видео, тесты и задания.', isReady: true })
    .returning({ id: programs.id });
  const lessonRows = await db
    .insert(lessons)
    .values(['Данные и таблицы', 'Визуализация', 'Статистика'].map((label, i) => ({ programId: program.id, label, sequence: i + 1 })))
    .returning({ id: lessons.id });
  // each lesson: a lecture (10), a test (20), a task (30)
  const plan = lessonRows.flatMap((l, li) =>
    (
      [
        [10, ['Лекция: pandas', 'Лекция: графики', 'Лекция: распределения'][li]],
        [20, ['Тест: таблицы', 'Тест: диаграммы', 'Тест: выборки'][li]],
        [30, ['Задание: очистка данных', 'Задание: дашборд', 'Задание: гипотеза'][li]],
      ] as const
    ).map(([exerciseType, label], i) => ({ programId: program.id, lessonId: l.id, label, exerciseType, sequence: i + 1, kind: 'presentation' as const })),
  );
  const exRows = await db.insert(exercises).values(plan).returning({ id: exercises.id, lessonId: exercises.lessonId, exerciseType: exercises.exerciseType });
  const [question] = await db
    .insert(freeQuestions)
    .values({ programId: program.id, label: 'Строк в таблице', text: '<p>Сколько строк выведет <code>df.head()</code>?</p>', inputType: 3, correctValues: ['5'] })
    .returning({ id: freeQuestions.id });
  const slideRows = await db
    .insert(slides)
    .values(
      exRows.flatMap((e): (typeof slides.$inferInsert)[] =>
        e.exerciseType === 10
          ? video
            ? [{ exerciseId: e.id, sequence: 1, ...kind('video'), label: 'Видеолекция', content: { kind: 'video' as const, fileId: video.fileId! }, fileId: video.fileId, duration: VIDEO_SECONDS }]
            : []
          : e.exerciseType === 20
            ? [{ exerciseId: e.id, sequence: 1, ...kind('free-question'), label: 'Вопрос', content: { kind: 'question' as const }, freeQuestionId: question.id }]
            : [],
      ),
    )
    .returning({ id: slides.id, exerciseId: slides.exerciseId });
  const slideOf = new Map(slideRows.map((s) => [s.exerciseId, s.id]));

  const [course] = await db
    .insert(courses)
    .values({
      programId: program.id,
      createdBy: instructor,
      // not in the students' catalogue: its students are made up
      isPublished: false,
      label: DEMO_ANALYTICS_LABELS.course,
      description: '<p>Курс с тридцатью студентами: на нём видно аналитику путей, активности и журнала.</p>',
      begin: new Date(begin),
      end: new Date(begin + 90 * DAY),
      joinMode: 'application',
    })
    .returning({ id: courses.id });
  const courseId = course.id;
  if (instructor) await db.insert(courseInstructors).values({ courseId, accountId: instructor, courseRole: 'instructor' });
  const groupRows = await db.insert(groups).values([{ courseId, label: 'АД-21' }, { courseId, label: 'АД-22' }]).returning({ id: groups.id });

  const people = Array.from({ length: DEMO_ANALYTICS_STUDENTS }, (_, i) => {
    const firstName = FIRST[i % FIRST.length];
    const last = LAST[(i * 7) % LAST.length];
    return {
      issuer: DEMO_ANALYTICS_ISSUER,
      subject: `student-${i + 1}`,
      email: `analytics.student${i + 1}@example.com`,
      firstName,
      lastName: female(firstName) ? `${last}а` : last,
      role: 'Students',
      emailConfirmed: true,
    };
  });
  const studentIds = (await db.insert(accounts).values(people).returning({ id: accounts.id })).map((r) => r.id);
  await db.insert(enrolments).values(studentIds.map((accountId, i) => ({ courseId, accountId, groupId: groupRows[i % 2].id, joinedAt: new Date(begin + (i % 5) * HOUR) })));
  await db.insert(enrolmentLog).values(studentIds.map((accountId) => ({ courseId, accountId, event: 'joined', actorId: instructor, at: new Date(begin) })));

  const progress: (typeof exerciseProgress.$inferInsert)[] = [];
  const attemptRows: (typeof attempts.$inferInsert & { answer?: { slideId: number; correct: boolean } })[] = [];
  const pageRows: (typeof pageVisits.$inferInsert)[] = [];
  const visitRows: (typeof visits.$inferInsert)[] = [];
  const watchRows: (typeof watchSegments.$inferInsert)[] = [];
  const n = exRows.length;
  studentIds.forEach((accountId, i) => {
    const ability = 0.35 + 0.65 * rnd();
    // how far they got: most go far, some stop early (the funnel)
    const reach = Math.max(1, Math.min(n, Math.round(n * (0.25 + 0.9 * rnd()))));
    // every fifth student takes the test of a lesson before its lecture
    const order = Array.from({ length: reach }, (_, j) => j);
    if (i % 5 === 2 && reach >= 2) [order[0], order[1]] = [order[1], order[0]];
    // those who stop early stop some time ago (inactive); the others keep going until a few days ago
    const pace = reach < n ? 3 + 2 * rnd() : 4.2;
    const lastDay = Math.min(now - HOUR, begin + reach * pace * DAY);
    let last = begin;
    order.forEach((j, k) => {
      const e = exRows[j];
      const started = Math.min(lastDay, begin + (k * pace + rnd()) * DAY);
      const isLast = k === reach - 1 && reach < n;
      const scored = e.exerciseType !== 10;
      const score = scored ? Math.round(MAX_SCORE * Math.max(0, Math.min(1, ability + (rnd() - 0.5) * 0.4))) : null;
      const status = isLast ? (e.exerciseType === 30 && rnd() < 0.5 ? 3 : 1) : 4;
      const completed = status === 4 ? started + (1 + 20 * rnd()) * HOUR : null;
      last = Math.max(last, completed ?? started);
      progress.push({
        accountId,
        courseId,
        exerciseId: e.id,
        status,
        score: status === 1 ? null : score,
        startedAt: new Date(started),
        completedAt: completed ? new Date(completed) : null,
        updatedAt: new Date(completed ?? started),
      });
      if (e.exerciseType === 20) {
        const slideId = slideOf.get(e.id);
        attemptRows.push({
          accountId,
          courseId,
          exerciseId: e.id,
          status: status === 4 ? 'finished' : 'in_progress',
          startedAt: new Date(started),
          finishedAt: completed ? new Date(completed) : null,
          score: status === 4 ? score : null,
          maxScore: MAX_SCORE,
          answer: slideId ? { slideId, correct: (score ?? 0) >= MAX_SCORE / 2 } : undefined,
        });
      }
      if (e.exerciseType === 10) {
        const slideId = slideOf.get(e.id);
        if (slideId) {
          const end = status === 4 ? VIDEO_SECONDS : Math.round(VIDEO_SECONDS * rnd());
          watchRows.push({ accountId, courseId, exerciseId: e.id, slideId, startSecond: 0, endSecond: end, createdAt: new Date(started + HOUR) });
          // a third go back to the hard part (40–70 s)
          if (rnd() < 0.35 && end >= 70) watchRows.push({ accountId, courseId, exerciseId: e.id, slideId, startSecond: 40, endSecond: 70, createdAt: new Date(started + 2 * HOUR) });
        }
      }
      // the course's pages: one to three visits the day they start an exercise
      const visitsThatDay = 1 + Math.floor(3 * rnd());
      for (let v = 0; v < visitsThatDay; v++) {
        pageRows.push({ accountId, url: `/my-courses/course/${courseId}/${e.lessonId}/${e.id}/start`, visitedAt: new Date(started + v * 10 * 60_000), receivedAt: new Date(started + v * 10 * 60_000) });
      }
    });
    // the keen ones come back in the last days: the course's pages and the first lecture's hard part again
    if (reach >= 6 && rnd() < 0.7) {
      const back = now - (1 + 4 * rnd()) * DAY;
      pageRows.push({ accountId, url: `/my-courses/course/${courseId}`, visitedAt: new Date(back), receivedAt: new Date(back) });
      const lecture = exRows[0];
      const slideId = slideOf.get(lecture.id);
      if (slideId) watchRows.push({ accountId, courseId, exerciseId: lecture.id, slideId, startSecond: 40, endSecond: 70, createdAt: new Date(back + HOUR) });
    }
    // attendance: lessons of the reached part, most of them
    for (const l of lessonRows) {
      const reachedLesson = order.some((j) => exRows[j].lessonId === l.id);
      if (reachedLesson && rnd() < 0.8) visitRows.push({ courseId, lessonId: l.id, studentId: accountId, markedBy: instructor, source: 'manual', markedAt: new Date(Math.min(last, begin + (lessonRows.indexOf(l) * 3 * pace + 1) * DAY)) });
    }
  });
  await db.insert(exerciseProgress).values(progress);
  const made = await db
    .insert(attempts)
    .values(attemptRows.map(({ answer: _answer, ...a }) => a))
    .returning({ id: attempts.id, startedAt: attempts.startedAt });
  const answerRows = made.flatMap((a, k) => {
    const ans = attemptRows[k].answer;
    return ans
      ? [{ attemptId: a.id, slideId: ans.slideId, questionKind: 5 as const, value: { value: ans.correct ? '5' : '10' }, correctness: (ans.correct ? 1 : 0) as 0 | 1, score: ans.correct ? 1 : 0, savedAt: new Date(a.startedAt.getTime() + 10 * 60_000) }]
      : [];
  });
  if (answerRows.length) await db.insert(answers).values(answerRows);
  if (pageRows.length) await db.insert(pageVisits).values(pageRows);
  if (visitRows.length) await db.insert(visits).values(visitRows);
  if (watchRows.length) await db.insert(watchSegments).values(watchRows);
  return { courseId };
}

function kind(type: 'video' | 'free-question') {
  const k = slideKinds[type];
  return { pageType: k.pageType, contentKind: k.contentKind };
}
