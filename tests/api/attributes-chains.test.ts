import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attributeCategories, attributes, attributeValues, courseAttributes } from '../../server/db/schema/index.js';
import { createTestApp, type SignedIn } from './support/app.js';
import { learningHelpers } from './support/learning.js';

/**
 * Chains on the server, refined attributes and categories (spec 3 §7.2): chain-results/check and
 * chain-conditions evaluate the shared chain rule; refine lists the catalogue's attribute
 * filters; listByCategories the profile's attributes by category.
 */
const t = await createTestApp();
const { call, program, course, enrol } = learningHelpers(t);

let student: SignedIn;
let other: SignedIn;
let instructor: SignedIn;
let stranger: SignedIn;
let courseId: number;
let categoryId: number;
const a = {} as Record<'citizenship' | 'passport' | 'year' | 'agree', number>;

beforeAll(async () => {
  student = await t.signIn('Students');
  other = await t.signIn('Students');
  instructor = await t.signIn('Instructors');
  stranger = await t.signIn('Instructors');
  const [cat] = await t.db.insert(attributeCategories).values({ label: 'Документы', sequence: 1 }).returning();
  categoryId = cat.id;
  const rows = await t.db
    .insert(attributes)
    .values([
      { type: 50, label: 'Гражданство', name: 'citizenship', options: [{ id: 'ru', label: 'РФ' }, { id: 'other', label: 'Другое' }], categoryId },
      { type: 1, label: 'Паспорт иностранца', name: 'passport', categoryId },
      { type: 3, label: 'Курс', name: 'year', regex: null },
      { type: 2, label: 'Согласие', name: 'agree' },
    ])
    .returning();
  [a.citizenship, a.passport, a.year, a.agree] = rows.map((r) => r.id);
  await t.db.update(attributes).set({ chainConditionTriggerValue: 'other', chainResults: [{ chainResultAttributeId: a.passport, usage: 'required' }] }).where(eq(attributes.id, a.citizenship));
  const prog = await program();
  courseId = (await course(prog.program.id, { createdBy: instructor.accountId })).id;
  await t.db.insert(courseAttributes).values([{ courseId, attributeId: a.citizenship, requirement: 2 }]);
  await enrol(courseId, student.accountId);
  await t.db.insert(attributeValues).values({ accountId: student.accountId, attributeId: a.citizenship, value: 'other' });
});

describe('POST /api/Attribute/chain-results/check', () => {
  it('401 unauthenticated, 400 on a bad body, 404 for an unknown course', async () => {
    expect((await call(null, 'POST', '/api/Attribute/chain-results/check', { values: [] })).statusCode).toBe(401);
    expect((await call(student, 'POST', '/api/Attribute/chain-results/check', { values: [{ attributeId: 'x' }] })).statusCode).toBe(400);
    expect((await call(student, 'POST', '/api/Attribute/chain-results/check', { trainingId: 999999, values: [] })).statusCode).toBe(404);
  });

  it('the trigger value makes the result required; another value hides it; stored answers count when nothing is sent', async () => {
    const check = async (who: SignedIn, values: unknown[], trainingId?: number) =>
      Object.fromEntries(((await call(who, 'POST', '/api/Attribute/chain-results/check', { trainingId, values })).json() as { attributeId: number; requirement: string }[]).map((r) => [r.attributeId, r.requirement]));
    expect((await check(other, [{ attributeId: a.citizenship, value: 'other' }]))[a.passport]).toBe('required');
    expect((await check(other, [{ attributeId: a.citizenship, value: 'ru' }]))[a.passport]).toBe('hidden');
    // the student's stored "other" fires the chain on the course's form
    const onCourse = await check(student, [], courseId);
    expect(onCourse).toEqual({ [a.citizenship]: 'optional', [a.passport]: 'required' });
    // another student's stored answer does not
    expect((await check(other, []))[a.passport]).toBe('hidden');
  });
});

describe('GET /api/Attribute/chain-conditions', () => {
  it('the caller\'s own conditions with their answers; another account\'s only for the course\'s staff', async () => {
    expect((await call(null, 'GET', '/api/Attribute/chain-conditions')).statusCode).toBe(401);
    const own = (await call(student, 'GET', `/api/Attribute/chain-conditions?trainingId=${courseId}`)).json();
    expect(own.map((x: { id: number }) => x.id)).toEqual([a.citizenship]);
    expect(own[0].answer).toMatchObject({ value: 'other' });
    // another student may not read the student's answers, with or without a course
    expect((await call(other, 'GET', `/api/Attribute/chain-conditions?accountId=${student.accountId}`)).statusCode).toBe(403);
    expect((await call(other, 'GET', `/api/Attribute/chain-conditions?accountId=${student.accountId}&trainingId=${courseId}`)).statusCode).toBe(404);
    // an instructor of another course neither
    expect((await call(stranger, 'GET', `/api/Attribute/chain-conditions?accountId=${student.accountId}&trainingId=${courseId}`)).statusCode).toBe(404);
    // the course's instructor reads a student of the course, not someone else
    const seen = (await call(instructor, 'GET', `/api/Attribute/chain-conditions?accountId=${student.accountId}&trainingId=${courseId}`)).json();
    expect(seen[0].answer).toMatchObject({ value: 'other' });
    expect((await call(instructor, 'GET', `/api/Attribute/chain-conditions?accountId=${other.accountId}&trainingId=${courseId}`)).statusCode).toBe(404);
    expect((await call(student, 'GET', '/api/Attribute/chain-conditions?accountId=abc')).statusCode).toBe(400);
  });
});

describe('GET /api/refine/attributes and POST /api/attribute/listByCategories', () => {
  it('refine: the references, sets and flags with their options (id, options, type, regex, name)', async () => {
    const list = (await call(null, 'GET', '/api/refine/attributes')).json();
    const ids = list.map((x: { id: number }) => x.id);
    expect(ids).toEqual(expect.arrayContaining([a.citizenship, a.agree]));
    expect(ids).not.toContain(a.year);
    expect(list.find((x: { id: number }) => x.id === a.citizenship)).toEqual({ id: a.citizenship, name: 'citizenship', label: 'Гражданство', type: 50, regex: null, options: [{ id: 'ru', label: 'РФ' }, { id: 'other', label: 'Другое' }] });
  });

  it('listByCategories: the categories asked with their attributes and the caller\'s own answers', async () => {
    expect((await call(null, 'POST', '/api/attribute/listByCategories', {})).statusCode).toBe(401);
    expect((await call(student, 'POST', '/api/attribute/listByCategories', { categoryIds: ['x'] })).statusCode).toBe(400);
    const mine = (await call(student, 'POST', '/api/attribute/listByCategories', { categoryIds: [categoryId] })).json();
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ id: categoryId, label: 'Документы' });
    expect(mine[0].attributes.map((x: { id: number }) => x.id)).toEqual([a.citizenship, a.passport]);
    expect(mine[0].attributes[0].answer).toMatchObject({ value: 'other' });
    const theirs = (await call(other, 'POST', '/api/attribute/listByCategories', {})).json();
    expect(theirs.find((c: { id: number | null }) => c.id === categoryId).attributes[0].answer).toBeNull();
    expect(theirs.at(-1)).toMatchObject({ id: null });
  });
});
