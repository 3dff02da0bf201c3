import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { achievements, attributes, courses, exercises, lessons, programs } from '../../server/db/schema/index.js';
import { createTestApp, type SignedIn, type TestApp } from './support/app.js';
import { studyHelpers } from './support/study.js';

/**
 * Achievements are awarded when they happen (spec 2 §4: first training, profile completed, first
 * course completed; issue 12 item 7) and GET /api/Achievements answers them with their date.
 */
let t: TestApp;
let h: ReturnType<typeof studyHelpers>;
let student: SignedIn;

const kinds = (who: SignedIn) => t.db.select().from(achievements).where(eq(achievements.accountId, who.accountId)).then((r) => r.map((a) => a.kind).sort());

/** A published course whose program holds lectures only (finishing each completes it). */
async function lectureCourse(count = 1) {
  const [p] = await t.db.insert(programs).values({ label: 'Лекции', isReady: true }).returning();
  const [l] = await t.db.insert(lessons).values({ programId: p.id, label: 'Урок' }).returning();
  const list = await t.db.insert(exercises).values(Array.from({ length: count }, (_, i) => ({ programId: p.id, lessonId: l.id, label: `Лекция ${i + 1}`, exerciseType: 10 as const, sequence: i }))).returning();
  const [c] = await t.db.insert(courses).values({ programId: p.id, label: 'Курс лекций', isPublished: true }).returning();
  return { course: c, exercises: list };
}

async function finish(who: SignedIn, courseId: number, exerciseId: number) {
  const base = `/api/trainings/${courseId}/exercises/${exerciseId}`;
  expect((await h.call(who, 'POST', `${base}/Pages`, { slideId: 'start' })).statusCode).toBe(200);
  const r = await h.call(who, 'POST', `${base}/finish`);
  expect(r.statusCode, r.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  h = studyHelpers(t);
  student = await t.signIn('Students');
});

describe('awarding', () => {
  it('the first finished exercise earns "first training"; the course completed earns "first course completed"', async () => {
    const { course, exercises: [a, b] } = await lectureCourse(2);
    await h.enrol(course.id, student.accountId);
    expect(await kinds(student)).toEqual([]);
    await finish(student, course.id, a.id);
    expect(await kinds(student)).toEqual(['first_training']);
    await finish(student, course.id, b.id);
    expect(await kinds(student)).toEqual(['first_course_completed', 'first_training']);
    const [row] = await t.db.select().from(achievements).where(eq(achievements.kind, 'first_course_completed'));
    expect(row.courseId).toBe(course.id);
    // a second completed course awards nothing new
    const next = await lectureCourse(1);
    await h.enrol(next.course.id, student.accountId);
    await finish(student, next.course.id, next.exercises[0].id);
    expect(await t.db.select().from(achievements).where(eq(achievements.accountId, student.accountId))).toHaveLength(2);
  });

  it('GET /api/Achievements answers them with the date they were awarded', async () => {
    const r = await h.call(student, 'GET', '/api/Achievements');
    expect(r.statusCode, r.body).toBe(200);
    const list = r.json().achievements as { kind: string; awardedAt: string }[];
    expect(list.map((a) => a.kind).sort()).toEqual(['first_course_completed', 'first_training']);
    for (const a of list) expect(Date.now() - new Date(a.awardedAt).getTime()).toBeLessThan(60_000);
  });

  it('"profile completed" once every required attribute of the profile has a value', async () => {
    const who = await t.signIn('Students');
    const [city, school] = await t.db
      .insert(attributes)
      .values([
        { name: 'city', label: 'Город', type: 1, required: true },
        { name: 'school', label: 'Школа', type: 1, required: true },
      ])
      .returning();
    // the profile's own form (the 400.14 form asks only what the course asks)
    const save = (fields: { attributeId: number; value: string }[]) => h.call(who, 'POST', '/api/profile/fields', { fields });
    const first = await save([{ attributeId: city.id, value: 'Казань' }]);
    expect(first.statusCode, first.body).toBe(200);
    expect(await kinds(who)).toEqual([]);
    const r = await save([{ attributeId: school.id, value: 'Лицей' }]);
    expect(r.statusCode, r.body).toBe(200);
    expect(await kinds(who)).toEqual(['profile_completed']);
  });
});
