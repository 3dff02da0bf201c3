import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attributeGroups, attributes, attributeValueHistory, attributeValues, courseAttributes, slides } from '../../server/db/schema/index.js';
import { createTestApp, type SignedIn } from './support/app.js';
import { learningHelpers } from './support/learning.js';
import { studyHelpers } from './support/study.js';

/**
 * Profile attributes through the shared validator (spec 2 §4-§6, 3 §7.1-§7.2): attribute groups,
 * the profile fields save (valid answers saved beside refused ones), the 400.14 form on the
 * course's own requirements and chains, and the attributes question's answers reaching the profile.
 */
const t = await createTestApp();
const { call, program, course } = learningHelpers(t);
const study = studyHelpers(t);

let student: SignedIn;
let other: SignedIn;
let instructor: SignedIn;
const a = {} as Record<'year' | 'phone' | 'code' | 'birth' | 'citizenship' | 'passport' | 'company' | 'locked', number>;
let groupId: number;

const profileValue = (who: SignedIn, attributeId: number) =>
  t.db
    .select()
    .from(attributeValues)
    .where(and(eq(attributeValues.accountId, who.accountId), eq(attributeValues.attributeId, attributeId), isNull(attributeValues.trainingId)))
    .then((r) => r[0]);
const saveFields = (who: SignedIn | null, fields: unknown[], query = '') => call(who, 'POST', `/api/profile/fields${query}`, { fields });

beforeAll(async () => {
  student = await t.signIn('Students');
  other = await t.signIn('Students');
  instructor = await t.signIn('Instructors');
  const [g] = await t.db.insert(attributeGroups).values({ label: 'Паспорт', sequence: 1 }).returning();
  groupId = g.id;
  const rows = await t.db
    .insert(attributes)
    .values([
      { type: 3, label: 'Курс обучения', name: 'year', min: 1, max: 6, attributeGroupId: groupId },
      { type: 20, label: 'Телефон', name: 'phone', attributeGroupId: groupId },
      { type: 1, label: 'Код', name: 'code', regex: '[A-Z]{2}\\d{4}' },
      { type: 5, label: 'Дата рождения', name: 'birth', attributeGroupId: groupId, required: true },
      { type: 50, label: 'Гражданство', name: 'citizenship', options: [{ id: 'ru', label: 'РФ' }, { id: 'other', label: 'Другое' }], attributeGroupId: groupId },
      { type: 1, label: 'Паспорт иностранца', name: 'passport', attributeGroupId: groupId },
      { type: 15, label: 'Организация', name: 'company' },
      { type: 1, label: 'Табельный номер', name: 'locked', readonly: true, attributeGroupId: groupId },
    ])
    .returning();
  [a.year, a.phone, a.code, a.birth, a.citizenship, a.passport, a.company, a.locked] = rows.map((r) => r.id);
  // choosing "other" citizenship makes the foreign passport required (spec 2 §5)
  await t.db
    .update(attributes)
    .set({ chainConditionTriggerValue: 'other', chainResults: [{ chainResultAttributeId: a.passport, usage: 'required' }] })
    .where(eq(attributes.id, a.citizenship));
});

describe('GET /api/Attribute/Groups and /Groups/{id}', () => {
  it('lists the groups and one group with its attributes, requirements and the caller\'s own answers', async () => {
    expect((await call(null, 'GET', '/api/Attribute/Groups')).statusCode).toBe(401);
    const list = await call(student, 'GET', '/api/Attribute/Groups');
    expect(list.json()).toContainEqual({ id: groupId, label: 'Паспорт', description: null });
    await t.db.insert(attributeValues).values({ accountId: other.accountId, attributeId: a.year, value: '3' });
    const form = (await call(student, 'GET', `/api/Attribute/Groups/${groupId}`)).json();
    const byId = Object.fromEntries(form.attributes.map((x: { id: number }) => [x.id, x]));
    expect(byId[a.birth]).toMatchObject({ requirement: 'required', type: 5 });
    expect(byId[a.passport]).toMatchObject({ requirement: 'optional' });
    expect(byId[a.locked]).toMatchObject({ requirement: 'readonly' });
    expect(byId[a.citizenship].chain).toEqual({ triggerValue: 'other', results: [{ chainResultAttributeId: a.passport, usage: 'required' }] });
    // another student's answer is not shown
    expect(byId[a.year].answer).toBeNull();
  });

  it('404 for an unknown or malformed group', async () => {
    expect((await call(student, 'GET', '/api/Attribute/Groups/999999')).statusCode).toBe(404);
    expect((await call(student, 'GET', '/api/Attribute/Groups/abc')).statusCode).toBe(404);
  });
});

describe('POST /api/profile/fields', () => {
  it('401 unauthenticated, 400 on a malformed body, nothing saved', async () => {
    expect((await saveFields(null, [{ attributeId: a.year, value: '2' }])).statusCode).toBe(401);
    expect((await saveFields(student, [])).statusCode).toBe(400);
    expect((await call(student, 'POST', '/api/profile/fields', { fields: [{ attributeId: 'x' }] })).statusCode).toBe(400);
    expect(await profileValue(student, a.year)).toBeUndefined();
  });

  it('an invalid field does not block saving the valid ones (regex mismatch, out of range, bad date, bad phone)', async () => {
    const res = await saveFields(student, [
      { attributeId: a.year, value: '9' },
      { attributeId: a.code, value: 'ab12' },
      { attributeId: a.birth, value: '31-02-2001' },
      { attributeId: a.phone, value: '+7 (912) 345-67-89' },
      { attributeId: a.company, company: { companyName: 'ООО Ромашка', addressName: 'Москва, Тверская 1', inn: '7707083893', kpp: '773601001' } },
    ]);
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json();
    expect(body.ErrorCode).toBe('ValidationError');
    expect(Object.keys(body.errors).sort()).toEqual([String(a.year), String(a.code), String(a.birth)].sort());
    expect(body.errors[a.year]).toBe('Пожалуйста, введите число меньше или равное 6');
    expect((await profileValue(student, a.phone))?.value).toBe('+7 (912) 345-67-89');
    expect((await profileValue(student, a.company))?.valueJson).toMatchObject({ companyName: 'ООО Ромашка', inn: '7707083893' });
    expect(await profileValue(student, a.year)).toBeUndefined();
    expect(await profileValue(student, a.birth)).toBeUndefined();
    // each change is in the profile history the instructor sees
    const history = await t.db.select().from(attributeValueHistory).where(eq(attributeValueHistory.accountId, student.accountId));
    expect(history.map((h) => h.attributeId).sort()).toEqual([a.phone, a.company].sort());
  });

  it('a bad phone and a readonly attribute are refused; a valid save answers the saved ids', async () => {
    const res = await saveFields(student, [
      { attributeId: a.phone, value: '89123456789' },
      { attributeId: a.locked, value: 'x' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual([String(a.phone), String(a.locked)].sort());
    expect((await profileValue(student, a.phone))?.value).toBe('+7 (912) 345-67-89');
    const ok = await saveFields(student, [{ attributeId: a.birth, value: '09-05-2001' }, { attributeId: a.code, value: 'AB1234' }]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ saved: [a.birth, a.code] });
  });

  it('a chain trigger makes its result required', async () => {
    const res = await saveFields(student, [{ attributeId: a.citizenship, value: 'other' }, { attributeId: a.passport, value: '' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ [a.passport]: 'Пожалуйста, введите Паспорт иностранца' });
    expect((await profileValue(student, a.citizenship))?.value).toBe('other');
    expect((await saveFields(student, [{ attributeId: a.passport, value: 'X123' }])).statusCode).toBe(200);
  });

  it('a file answer must name the caller\'s own file', async () => {
    const [fileAttr] = await t.db.insert(attributes).values({ type: 30, label: 'Скан', name: 'scan' }).returning();
    const mine = await study.ownFile(student.accountId, 'scan.pdf');
    const theirs = await study.ownFile(other.accountId, 'their.pdf');
    const res = await saveFields(student, [{ attributeId: fileAttr.id, fileId: theirs.id }]);
    expect(res.statusCode).toBe(400);
    expect(await profileValue(student, fileAttr.id)).toBeUndefined();
    expect((await saveFields(student, [{ attributeId: fileAttr.id, fileId: mine.id }])).statusCode).toBe(200);
    expect((await profileValue(student, fileAttr.id))?.fileId).toBe(mine.id);
  });
});

describe('400.14 on the course\'s own requirements', () => {
  it('a globally required attribute the course does not ask does not block the join; the course\'s required one does', async () => {
    const prog = await program();
    const c = await course(prog.program.id, { label: 'С анкетой' });
    // a.birth is globally required, yet this course asks only the year and the citizenship chain
    await t.db.insert(courseAttributes).values([
      { courseId: c.id, attributeId: a.year, requirement: 1 },
      { courseId: c.id, attributeId: a.citizenship, requirement: 2 },
    ]);
    const join = (who: SignedIn) => call(who, 'POST', `/api/students/trainings/${c.id}/join`);
    const newcomer = await t.signIn('Students');
    const res = await join(newcomer);
    expect(res.statusCode).toBe(400);
    expect(res.json().ErrorCode).toBe('14');
    const form = (await call(newcomer, 'GET', `/api/Attribute/course/${c.id}/unfilled`)).json();
    expect(form.map((x: { id: number }) => x.id).sort()).toEqual([a.year, a.citizenship, a.passport].sort());
    expect(form.find((x: { id: number }) => x.id === a.passport).requirement).toBe('hidden');
    // choosing the trigger makes the passport required: still unfilled after the year and the citizenship
    const bad = await call(newcomer, 'POST', `/api/Attribute/course/${c.id}/unfilled`, { values: [{ attributeId: a.citizenship, value: 'other' }, { attributeId: a.year, value: '2' }] });
    expect(bad.statusCode).toBe(200);
    expect(bad.json()).toEqual({ unfilled: [a.passport] });
    expect((await join(newcomer)).json().ErrorCode).toBe('14');
    const ok = await call(newcomer, 'POST', `/api/Attribute/course/${c.id}/unfilled`, { values: [{ attributeId: a.passport, value: 'X1' }] });
    expect(ok.json()).toEqual({ unfilled: [] });
    expect((await join(newcomer)).statusCode).toBe(200);
  });

  it('a per-course attribute needs the course\'s own answer; the profile\'s does not count', async () => {
    const prog = await program();
    const c = await course(prog.program.id, { label: 'Отдельная анкета' });
    await t.db.insert(courseAttributes).values({ courseId: c.id, attributeId: a.phone, requirement: 1, perCourse: true });
    expect((await profileValue(student, a.phone))?.value).toBeTruthy();
    expect((await call(student, 'POST', `/api/students/trainings/${c.id}/join`)).json().ErrorCode).toBe('14');
    const bad = await call(student, 'POST', `/api/Attribute/course/${c.id}/unfilled`, { values: [{ attributeId: a.phone, value: '12345' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[a.phone]).toBe('Пожалуйста, введите корректный номер телефона');
    const ok = await call(student, 'POST', `/api/Attribute/course/${c.id}/unfilled`, { values: [{ attributeId: a.phone, value: '+7 (900) 000-00-00' }] });
    expect(ok.json()).toEqual({ unfilled: [] });
    const [perCourse] = await t.db.select().from(attributeValues).where(and(eq(attributeValues.accountId, student.accountId), eq(attributeValues.attributeId, a.phone), eq(attributeValues.trainingId, c.id)));
    expect(perCourse.value).toBe('+7 (900) 000-00-00');
    expect((await profileValue(student, a.phone))?.value).toBe('+7 (912) 345-67-89');
    expect((await call(student, 'POST', `/api/students/trainings/${c.id}/join`)).statusCode).toBe(200);
  });

  it('an attribute the course does not ask is refused on its form; wrong role 403', async () => {
    const prog = await program();
    const c = await course(prog.program.id);
    await t.db.insert(courseAttributes).values({ courseId: c.id, attributeId: a.year, requirement: 1 });
    const res = await call(student, 'POST', `/api/Attribute/course/${c.id}/unfilled`, { values: [{ attributeId: a.code, value: 'AB1234' }] });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual([String(a.code)]);
    expect((await call(instructor, 'POST', `/api/Attribute/course/${c.id}/unfilled`, { values: [{ attributeId: a.year, value: '2' }] })).statusCode).toBe(403);
  });
});

describe('the attributes question', () => {
  it('checks answers by type and, once stored, they reach the profile', async () => {
    const data = await study.course();
    await t.db.update(slides).set({ content: { kind: 'attributes', attributeIds: [a.year, a.birth] } }).where(eq(slides.id, data.attributesSlide.id));
    const learner = await t.signIn('Students');
    await study.enrol(data.course.id, learner.accountId);
    const started = await call(learner, 'POST', `${data.base}/Pages`, { slideId: 'start' });
    const sessionId = started.json().sessionId;
    const save = (values: Record<string, unknown>) => call(learner, 'POST', `${data.base}/questions/attributes/${data.attributesSlide.id}/save`, { sessionId, values });
    const bad = await save({ [a.year]: 7, [a.birth]: '2001-05-09' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual([`values.${a.birth}`, `values.${a.year}`].sort());
    expect(await profileValue(learner, a.year)).toBeUndefined();
    const ok = await save({ [a.year]: 2, [a.birth]: '09-05-2001' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await profileValue(learner, a.year))?.value).toBe('2');
    expect((await profileValue(learner, a.birth))?.value).toBe('09-05-2001');
    // a field left empty in the question keeps the profile's answer
    expect((await save({ [a.year]: null, [a.birth]: '10-05-2001' })).statusCode).toBe(200);
    expect((await profileValue(learner, a.year))?.value).toBe('2');
    expect((await profileValue(learner, a.birth))?.value).toBe('10-05-2001');
  });
});

describe('address and company suggestions', () => {
  it('companies from what was entered; addresses only from companies and the caller\'s own', async () => {
    const [addr] = await t.db.insert(attributes).values({ type: 10, label: 'Адрес', name: 'home' }).returning();
    await t.db.insert(attributeValues).values({ accountId: other.accountId, attributeId: addr.id, value: 'Москва, Тайная 5', valueJson: { addressName: 'Москва, Тайная 5' } });
    expect((await call(null, 'POST', '/api/suggestions/company', { query: 'Ром' })).statusCode).toBe(401);
    expect((await call(student, 'POST', '/api/suggestions/company', { query: '' })).statusCode).toBe(400);
    const companies = (await call(other, 'POST', '/api/suggestions/company', { query: 'ромаш' })).json();
    expect(companies).toEqual([{ value: 'ООО Ромашка', address: 'Москва, Тверская 1', inn: '7707083893', kpp: '773601001' }]);
    const forStudent = (await call(student, 'POST', '/api/suggestions/address', { query: 'Москва' })).json();
    expect(forStudent).toEqual([{ value: 'Москва, Тверская 1' }]);
    const forOther = (await call(other, 'POST', '/api/suggestions/address', { query: 'Москва' })).json();
    expect(forOther.map((s: { value: string }) => s.value).sort()).toEqual(['Москва, Тайная 5', 'Москва, Тверская 1']);
  });
});
