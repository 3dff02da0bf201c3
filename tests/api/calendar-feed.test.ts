import ical, { type VEvent } from 'node-ical';
import { beforeAll, describe, expect, it } from 'vitest';
import { courses, exercises, lessons, programs, schedules } from '../../server/db/schema/index.js';
import { createTestApp, type SignedIn, type TestApp } from './support/app.js';
import { studyHelpers } from './support/study.js';

/**
 * The calendar subscription (issue 30 item 3): the feed at the secret link is read back by an
 * independent iCalendar parser (node-ical); a wrong or revoked link is a 404 and a feed holds only
 * its own account's courses.
 */
let t: TestApp;
let h: ReturnType<typeof studyHelpers>;
let student: SignedIn;
let other: SignedIn;

const begin = new Date('2026-09-01T06:00:00Z');
const end = new Date('2026-12-25T18:00:00Z');
const lessonAt = new Date('2026-10-05T07:30:00Z');
const lessonEnd = new Date('2026-10-05T09:00:00Z');
const webinarAt = new Date('2026-10-12T15:00:00Z');

async function course(label: string) {
  const [p] = await t.db.insert(programs).values({ label: `Программа ${label}`, isReady: true }).returning();
  const [l] = await t.db.insert(lessons).values({ programId: p.id, label: 'Урок 1' }).returning();
  const [task] = await t.db.insert(exercises).values({ programId: p.id, lessonId: l.id, label: `Задание ${label}`, exerciseType: 30 }).returning();
  await t.db.insert(exercises).values({ programId: p.id, lessonId: l.id, label: `Вебинар ${label}`, exerciseType: 10, kind: 'webinar', webinarStartsAt: webinarAt, sequence: 1 });
  const [c] = await t.db.insert(courses).values({ programId: p.id, label, isPublished: true, begin, end }).returning();
  await t.db.insert(schedules).values({ courseId: c.id, exerciseId: task.id, begin: lessonAt, end: lessonEnd, location: 'Ауд. 101', affectsAccess: true });
  return c;
}

const get = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });
const events = (text: string) => Object.values(ical.sync.parseICS(text)).filter((v): v is VEvent => v?.type === 'VEVENT');

beforeAll(async () => {
  t = await createTestApp();
  h = studyHelpers(t);
  student = await t.signIn('Students');
  other = await t.signIn('Students');
  const mine = await course('Алгебра');
  const theirs = await course('Чужой курс');
  await h.enrol(mine.id, student.accountId);
  await h.enrol(theirs.id, other.accountId);
});

describe('calendar feed', () => {
  it('is off until made; a made link serves the events of my courses, parsed by node-ical', async () => {
    expect((await h.call(student, 'GET', '/api/profile/calendar-feed')).json()).toEqual({ active: false, createdAt: null });
    const made = await h.call(student, 'POST', '/api/profile/calendar-feed');
    expect(made.statusCode, made.body).toBe(200);
    const { url } = made.json() as { url: string };
    expect(url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await h.call(student, 'GET', '/api/profile/calendar-feed')).json()).toMatchObject({ active: true });

    const r = await get(url);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/calendar/);
    const list = events(r.body);
    const by = (s: string) => list.find((e) => String(e.summary).includes(s));
    expect(list.map((e) => String(e.summary)).sort()).toEqual(
      ['Вебинар: Вебинар Алгебра — Алгебра', 'Занятие: Задание Алгебра — Алгебра', 'Начало курса «Алгебра»', 'Окончание курса «Алгебра»', 'Срок: Задание Алгебра — Алгебра'].sort(),
    );
    // the instants survive the round trip (UTC in the file)
    expect(by('Начало курса')!.start.toISOString()).toBe(begin.toISOString());
    expect(by('Окончание курса')!.start.toISOString()).toBe(end.toISOString());
    const lesson = by('Занятие: Задание Алгебра — ')!;
    expect([lesson.start.toISOString(), lesson.end?.toISOString(), lesson.location]).toEqual([lessonAt.toISOString(), lessonEnd.toISOString(), 'Ауд. 101']);
    expect(by('Срок:')!.start.toISOString()).toBe(lessonEnd.toISOString());
    expect(by('Вебинар:')!.end!.getTime() - webinarAt.getTime()).toBe(60 * 60_000);
    // nothing of another account's course
    expect(r.body).not.toContain('Чужой');
    // stable ids: a calendar program updates events instead of copying them
    expect(new Set(list.map((e) => e.uid)).size).toBe(list.length);
    expect(events((await get(url)).body).map((e) => e.uid).sort()).toEqual(list.map((e) => e.uid).sort());
  });

  it('a wrong token, a malformed one and a revoked or replaced link answer 404', async () => {
    const first = (await h.call(other, 'POST', '/api/profile/calendar-feed')).json().url as string;
    expect((await get(first)).statusCode).toBe(200);
    expect(events((await get(first)).body).some((e) => String(e.summary).includes('Чужой курс'))).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/calendar/' + 'A'.repeat(43) + '.ics' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/calendar/%27or%201=1.ics' })).statusCode).toBe(404);
    // re-made: the old link is dead, the new one works
    const second = (await h.call(other, 'POST', '/api/profile/calendar-feed')).json().url as string;
    expect(second).not.toBe(first);
    expect((await get(first)).statusCode).toBe(404);
    expect((await get(second)).statusCode).toBe(200);
    // revoked
    expect((await t.app.inject({ method: 'DELETE', url: '/api/profile/calendar-feed', headers: other.headers })).json()).toEqual({ ok: true });
    expect((await get(second)).statusCode).toBe(404);
    expect((await h.call(other, 'GET', '/api/profile/calendar-feed')).json()).toEqual({ active: false, createdAt: null });
  });

  it('only students make a link', async () => {
    const staff = await t.signIn('Instructors');
    expect((await h.call(staff, 'POST', '/api/profile/calendar-feed')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/profile/calendar-feed' })).statusCode).toBe(401);
  });
});
