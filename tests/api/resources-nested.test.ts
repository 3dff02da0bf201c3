import { sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { courseInstructors } from '../../server/db/schema/index.js';
import { crudRoutes } from '../../server/resources/index.js';
import { defineResource, messages as m } from '../../shared/resources/define.js';
import { createTestApp, type SignedIn } from './support/app.js';
import { courseHelpers } from './support/courses.js';

/**
 * A nested resource declared in this file (a course's notes, scoped by `courseId`) over a table
 * made here gets its server routes — guarded by the rule and by the course role, kept apart per
 * course, validated, in OpenAPI — from the declaration alone.
 */
const notesTable = pgTable('test_course_notes', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  courseId: integer('course_id').notNull(),
  title: text('title').notNull(),
});

export const courseNotes = defineResource({
  name: 'test-course-notes',
  schema: {
    record: z.object({ id: z.number(), courseId: z.number(), title: z.string() }),
    create: z.object({ title: z.string(m.type).trim().min(1, m.required).max(100, m.tooLong) }),
  },
  api: { conventions: 'simple-rest', basePath: '/api/instructors/trainings/{courseId}/test-notes' },
  rule: 'staff',
  scope: ['courseId'],
  course: { read: 'view', write: 'syllabus' },
  ui: { fields: {}, list: { columns: [{ source: 'title' }] } },
});

const t = await createTestApp({ API_DOCS: 'public' }, { plugins: [crudRoutes(courseNotes, { table: notesTable })] });
await t.db.execute(sql`CREATE TABLE test_course_notes (id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY, course_id integer NOT NULL, title text NOT NULL)`);
const { call, seedProgram, createCourse } = courseHelpers(t);

let creator: SignedIn, stranger: SignedIn, tutor: SignedIn;
let courseA: number, courseB: number;
const base = (courseId: number) => `/api/instructors/trainings/${courseId}/test-notes`;

beforeAll(async () => {
  creator = await t.signIn('Instructors');
  stranger = await t.signIn('Instructors');
  tutor = await t.signIn('Instructors');
  const { program } = await seedProgram('Notes');
  courseA = (await createCourse(creator, program.id)).id;
  courseB = (await createCourse(creator, program.id)).id;
  await t.db.insert(courseInstructors).values({ courseId: courseA, accountId: tutor.accountId, courseRole: 'tutor', panelPermissions: [] });
});

describe('a nested resource from its declaration alone', () => {
  it('creates, lists, reads, updates and deletes within one course; the course is set by the path', async () => {
    const created = await call(creator, 'POST', base(courseA), { title: 'Первая', courseId: courseB });
    expect(created.statusCode, created.body).toBe(201);
    const note = created.json() as { id: number; courseId: number; title: string };
    expect(note).toMatchObject({ courseId: courseA, title: 'Первая' });
    await call(creator, 'POST', base(courseB), { title: 'Другой курс' });
    const list = await call(creator, 'GET', `${base(courseA)}?range=[0,9]`);
    expect(list.json().map((n: { title: string }) => n.title)).toEqual(['Первая']);
    expect(list.headers['content-range']).toBe('test-course-notes 0-0/1');
    expect((await call(creator, 'GET', `${base(courseB)}/${note.id}`)).statusCode).toBe(404);
    expect((await call(creator, 'PUT', `${base(courseA)}/${note.id}`, { title: 'Новая' })).json()).toMatchObject({ title: 'Новая' });
    expect((await call(creator, 'PUT', `${base(courseA)}/${note.id}`, { title: '' })).json().errors.title).toBe('Обязательное поле');
    expect((await call(creator, 'DELETE', `${base(courseA)}/${note.id}`)).statusCode).toBe(200);
    expect((await call(creator, 'GET', `${base(courseA)}/${note.id}`)).statusCode).toBe(404);
  });

  it('is guarded by the course: strangers get 404, a tutor reads but changes nothing without the syllabus permission', async () => {
    expect((await call(null, 'GET', base(courseA))).statusCode).toBe(401);
    expect((await call(stranger, 'GET', base(courseA))).json().ErrorCode).toBe('TrainingNotFound');
    expect((await call(stranger, 'POST', base(courseA), { title: 'x' })).statusCode).toBe(404);
    expect((await call(tutor, 'GET', base(courseA))).statusCode).toBe(200);
    expect((await call(tutor, 'POST', base(courseA), { title: 'x' })).statusCode).toBe(403);
  });

  it('is listed in the OpenAPI document', async () => {
    const doc = (await call(null, 'GET', '/api/docs/json')).json() as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths['/api/instructors/trainings/{courseId}/test-notes'] ?? {})).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(doc.paths['/api/instructors/trainings/{courseId}/test-notes/{id}'] ?? {})).toEqual(expect.arrayContaining(['get', 'put', 'delete']));
  });
});
