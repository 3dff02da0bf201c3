import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attributes, attributeTemplates, attributeValues, courseAttributes, courseInstructors } from '../../server/db/schema/index.js';
import { seedDictionaries } from '../../server/db/seed/attributes.js';
import { createTestApp, type SignedIn } from './support/app.js';
import { learningHelpers } from './support/learning.js';

/**
 * The instructors' side of attributes (spec 3 §7.2 chain-attributes): what to choose from, a
 * course's attribute requirements read by 400.14, and attribute templates applied to a course.
 */
const t = await createTestApp();
const { call, program, course } = learningHelpers(t);

let student: SignedIn;
let instructor: SignedIn;
let stranger: SignedIn;
let tutor: SignedIn;
let courseId: number;
const a = {} as Record<'year' | 'form' | 'dept', number>;

const rowsOf = (id: number) => t.db.select().from(courseAttributes).where(eq(courseAttributes.courseId, id));
const save = (who: SignedIn | null, body: unknown) => call(who, 'POST', '/api/instructors/chain-attributes/trainings', body);

beforeAll(async () => {
  // the demo dictionary (study forms) and hierarchy (departments)
  await seedDictionaries(t.db);
  student = await t.signIn('Students');
  instructor = await t.signIn('Instructors');
  stranger = await t.signIn('Instructors');
  tutor = await t.signIn('Instructors');
  const prog = await program();
  courseId = (await course(prog.program.id, { label: 'С анкетой', createdBy: instructor.accountId })).id;
  await t.db.insert(courseInstructors).values({ courseId, accountId: tutor.accountId, courseRole: 'tutor', panelPermissions: [1, 2, 3, 4, 5, 6] });
  const rows = await t.db
    .insert(attributes)
    .values([
      { type: 3, label: 'Курс обучения', name: 'year', min: 1, max: 6 },
      { type: 50, label: 'Форма обучения', name: 'form', dictionaryId: 'study-forms' },
      { type: 60, label: 'Подразделение', name: 'dept', hierarchyId: 'departments' },
    ])
    .returning();
  [a.year, a.form, a.dept] = rows.map((r) => r.id);
});

describe('GET /api/chain-attributes/attributes, /attributes/dictionaries, /usages', () => {
  it('staff see the attributes (dictionary choices filled), the dictionaries with entries and the usages; others do not', async () => {
    for (const path of ['/api/chain-attributes/attributes', '/api/chain-attributes/attributes/dictionaries', '/api/chain-attributes/usages']) {
      expect((await call(null, 'GET', path)).statusCode).toBe(401);
      expect((await call(student, 'GET', path)).statusCode).toBe(403);
    }
    const list = (await call(instructor, 'GET', '/api/chain-attributes/attributes')).json();
    expect(list.find((x: { id: number }) => x.id === a.form)).toMatchObject({ dictionaryId: 'study-forms', options: [{ id: 'full-time', label: 'Очная' }, { id: 'part-time', label: 'Очно-заочная' }, { id: 'extramural', label: 'Заочная' }] });
    const dictionaries = (await call(instructor, 'GET', '/api/chain-attributes/attributes/dictionaries')).json();
    expect(dictionaries.find((d: { id: string }) => d.id === 'study-forms').entries).toHaveLength(3);
    expect((await call(instructor, 'GET', '/api/chain-attributes/usages')).json()).toEqual(['undefined', 'optional', 'required']);
  });
});

describe('a course\'s attribute requirements (GET /api/instructors/chain-attributes/trainings/{courseId}, POST …/trainings)', () => {
  it('unauthenticated 401, a student 403, an instructor of another course 404, a tutor may read but not change; nothing changed', async () => {
    const body = { trainingId: courseId, attributes: [{ attributeId: a.year, requirement: 1 }] };
    expect((await call(null, 'GET', `/api/instructors/chain-attributes/trainings/${courseId}`)).statusCode).toBe(401);
    expect((await call(student, 'GET', `/api/instructors/chain-attributes/trainings/${courseId}`)).statusCode).toBe(403);
    expect((await call(stranger, 'GET', `/api/instructors/chain-attributes/trainings/${courseId}`)).statusCode).toBe(404);
    expect((await save(null, body)).statusCode).toBe(401);
    expect((await save(student, body)).statusCode).toBe(403);
    expect((await save(stranger, body)).statusCode).toBe(404);
    expect((await call(tutor, 'GET', `/api/instructors/chain-attributes/trainings/${courseId}`)).statusCode).toBe(200);
    expect((await save(tutor, body)).statusCode).toBe(403);
    expect(await rowsOf(courseId)).toEqual([]);
  });

  it('bad input is refused with the field named: unknown attribute, unknown requirement code, an attribute twice, no course', async () => {
    const bad = async (body: unknown, field: string) => {
      const res = await save(instructor, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().ErrorCode).toBe('ValidationError');
      expect(Object.keys(res.json().errors)).toContain(field);
    };
    await bad({ trainingId: courseId, attributes: [{ attributeId: a.year, requirement: 1 }, { attributeId: 999999, requirement: 1 }] }, 'attributes.1.attributeId');
    await bad({ trainingId: courseId, attributes: [{ attributeId: a.year, requirement: 7 }] }, 'attributes.0.requirement');
    await bad({ trainingId: courseId, attributes: [{ attributeId: a.year, requirement: 1 }, { attributeId: a.year, requirement: 2 }] }, 'attributes');
    await bad({ attributes: [] }, 'trainingId');
    expect(await rowsOf(courseId)).toEqual([]);
  });

  it('the course\'s instructor saves the requirements; 400.14 then asks them and the student joins once they are filled', async () => {
    const res = await save(instructor, { trainingId: courseId, attributes: [{ attributeId: a.form, requirement: 1 }, { attributeId: a.year, requirement: 2, perCourse: true }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ trainingId: courseId, attributes: [{ attributeId: a.form, requirement: 1, perCourse: false }, { attributeId: a.year, requirement: 2, perCourse: true }] });
    expect((await call(instructor, 'GET', `/api/instructors/chain-attributes/trainings/${courseId}`)).json()).toEqual(res.json());

    const join = () => call(student, 'POST', `/api/students/trainings/${courseId}/join`);
    expect((await join()).json().ErrorCode).toBe('14');
    const form = (await call(student, 'GET', `/api/Attribute/course/${courseId}/unfilled`)).json();
    expect(form.find((x: { id: number }) => x.id === a.form)).toMatchObject({ requirement: 'required', options: [{ id: 'full-time' }, { id: 'part-time' }, { id: 'extramural' }] });
    // a value outside the dictionary is refused, an entry of it is saved
    const bad = await call(student, 'POST', `/api/Attribute/course/${courseId}/unfilled`, { values: [{ attributeId: a.form, value: 'evening' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[a.form]).toBe('Выберите одно из предложенных значений');
    const ok = await call(student, 'POST', `/api/Attribute/course/${courseId}/unfilled`, { values: [{ attributeId: a.form, value: 'extramural' }] });
    expect(ok.json()).toEqual({ unfilled: [] });
    expect((await join()).statusCode).toBe(200);

    // an empty list clears the requirements
    expect((await save(instructor, { trainingId: courseId, attributes: [] })).json().attributes).toEqual([]);
    expect(await rowsOf(courseId)).toEqual([]);
  });
});

describe('attribute templates (GET …/templates/all, …/templates/{id}, POST …/templates)', () => {
  it('unauthenticated 401, a student 403, an instructor without the programs flags 403; bad input 400; nothing created', async () => {
    const body = { label: 'Анкета студента', attributes: [{ attributeId: a.year, requirement: 1 }] };
    const noFlags = await t.signIn('Instructors', { flags: [] });
    expect((await call(null, 'POST', '/api/instructors/chain-attributes/templates', body)).statusCode).toBe(401);
    expect((await call(student, 'POST', '/api/instructors/chain-attributes/templates', body)).statusCode).toBe(403);
    expect((await call(noFlags, 'POST', '/api/instructors/chain-attributes/templates', body)).statusCode).toBe(403);
    expect((await call(student, 'GET', '/api/instructors/chain-attributes/templates/all')).statusCode).toBe(403);
    const noLabel = await call(instructor, 'POST', '/api/instructors/chain-attributes/templates', { label: ' ', attributes: body.attributes });
    expect(noLabel.statusCode).toBe(400);
    expect(Object.keys(noLabel.json().errors)).toEqual(['label']);
    const empty = await call(instructor, 'POST', '/api/instructors/chain-attributes/templates', { label: 'Пусто', attributes: [] });
    expect(empty.json().errors.attributes).toBe('Добавьте хотя бы один атрибут');
    const unknown = await call(instructor, 'POST', '/api/instructors/chain-attributes/templates', { label: 'X', attributes: [{ attributeId: 999999, requirement: 1 }] });
    expect(unknown.statusCode).toBe(400);
    expect(await t.db.select().from(attributeTemplates)).toEqual([]);
  });

  it('an instructor creates a template; staff list and read it; it is applied to a course by saving its rows', async () => {
    const created = await call(instructor, 'POST', '/api/instructors/chain-attributes/templates', { label: 'Анкета студента', attributes: [{ attributeId: a.year, requirement: 1 }, { attributeId: a.dept, requirement: 2 }] });
    expect(created.statusCode, created.body).toBe(201);
    const template = created.json();
    expect(template).toMatchObject({ label: 'Анкета студента', attributes: [{ attributeId: a.year, requirement: 1, perCourse: false }, { attributeId: a.dept, requirement: 2, perCourse: false }] });
    expect((await call(tutor, 'GET', '/api/instructors/chain-attributes/templates/all')).json().map((x: { id: number }) => x.id)).toContain(template.id);
    expect((await call(tutor, 'GET', `/api/instructors/chain-attributes/templates/${template.id}`)).json()).toEqual(template);
    expect((await call(tutor, 'GET', '/api/instructors/chain-attributes/templates/999999')).statusCode).toBe(404);
    expect((await call(tutor, 'GET', '/api/instructors/chain-attributes/templates/abc')).statusCode).toBe(404);
    const applied = await save(instructor, { trainingId: courseId, attributes: template.attributes });
    expect(applied.json().attributes).toEqual(template.attributes);
  });
});

describe('GET /api/dictionaries/{id}, /api/hierarchies/{id}/nodes/children, …/last-level-value/{value}/tree', () => {
  it('401 unauthenticated; 404 for an unknown dictionary, hierarchy or value', async () => {
    expect((await call(null, 'GET', '/api/dictionaries/study-forms')).statusCode).toBe(401);
    expect((await call(null, 'GET', '/api/hierarchies/departments/nodes/children')).statusCode).toBe(401);
    expect((await call(student, 'GET', '/api/dictionaries/nothing')).statusCode).toBe(404);
    expect((await call(student, 'GET', '/api/hierarchies/nothing/nodes/children')).statusCode).toBe(404);
    expect((await call(student, 'GET', '/api/hierarchies/departments/last-level-value/physmath/tree')).statusCode).toBe(404);
    expect((await call(student, 'GET', '/api/hierarchies/departments/last-level-value/nowhere/tree')).statusCode).toBe(404);
  });

  it('the dictionary\'s entries, a level of the tree at a time, and the tree down to a stored value', async () => {
    expect((await call(student, 'GET', '/api/dictionaries/study-forms')).json()).toEqual([
      { id: 'full-time', label: 'Очная' },
      { id: 'part-time', label: 'Очно-заочная' },
      { id: 'extramural', label: 'Заочная' },
    ]);
    const roots = (await call(student, 'GET', '/api/hierarchies/departments/nodes/children')).json();
    expect(roots.map((n: { id: string; last: boolean }) => [n.id, n.last])).toEqual([['physmath', false], ['humanities', false]]);
    const children = (await call(student, 'GET', '/api/hierarchies/departments/nodes/children?node=physmath')).json();
    expect(children).toEqual([
      { id: 'physmath-algebra', text: 'Кафедра алгебры', nodes: [], isSelected: false, last: true },
      { id: 'physmath-physics', text: 'Кафедра общей физики', nodes: [], isSelected: false, last: true },
    ]);
    const tree = (await call(student, 'GET', '/api/hierarchies/departments/last-level-value/humanities-history/tree')).json();
    expect(tree[0]).toMatchObject({ id: 'physmath', nodes: [] });
    expect(tree[1]).toMatchObject({ id: 'humanities', nodes: [{ id: 'humanities-history', isSelected: true, last: true }] });
  });

  it('a hierarchy answer must be a last-level node of its hierarchy', async () => {
    const save = (value: string) => call(student, 'POST', '/api/profile/fields', { fields: [{ attributeId: a.dept, value }] });
    const stored = () => t.db.select().from(attributeValues).where(and(eq(attributeValues.accountId, student.accountId), eq(attributeValues.attributeId, a.dept), isNull(attributeValues.trainingId)));
    for (const value of ['physmath', 'nowhere']) {
      const res = await save(value);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[a.dept]).toBe('Выберите одно из предложенных значений');
    }
    expect(await stored()).toEqual([]);
    expect((await save('physmath-algebra')).statusCode).toBe(200);
    expect((await stored())[0].value).toBe('physmath-algebra');
  });
});

describe('GET /api/Attribute/unfilled', () => {
  it('the caller\'s own required attributes with no answer: the profile\'s, or with trainingId a course\'s', async () => {
    expect((await call(null, 'GET', '/api/Attribute/unfilled')).statusCode).toBe(401);
    expect((await call(student, 'GET', '/api/Attribute/unfilled?trainingId=abc')).statusCode).toBe(400);
    expect((await call(student, 'GET', '/api/Attribute/unfilled?trainingId=999999')).statusCode).toBe(404);
    const [passport] = await t.db.insert(attributes).values({ type: 1, label: 'Паспорт', name: 'passport', required: true }).returning();
    const learner = await t.signIn('Students');
    const ids = async (query = '') => (await call(learner, 'GET', `/api/Attribute/unfilled${query}`)).json().map((x: { id: number }) => x.id);
    expect(await ids()).toEqual([passport.id]);
    // another student's answer does not fill the caller's
    await t.db.insert(attributeValues).values({ accountId: student.accountId, attributeId: passport.id, value: 'X1' });
    expect(await ids()).toEqual([passport.id]);
    await t.db.insert(attributeValues).values({ accountId: learner.accountId, attributeId: passport.id, value: 'Y2' });
    expect(await ids()).toEqual([]);
    // a course asks the year (not globally required)
    await save(instructor, { trainingId: courseId, attributes: [{ attributeId: a.year, requirement: 1 }] });
    expect(await ids(`?trainingId=${courseId}`)).toEqual([a.year]);
  });
});
