import { describe, expect, it } from 'vitest';
import {
  attributeAnswerSchema,
  checkAttributeAnswer,
  GENERIC_TEL,
  problemOf,
  requirementsOf,
  type AttributeAnswer,
  type AttributeDefinition,
  type Requirement,
} from '../../shared/attributes';
import { AttributeDataType as T } from '../../shared/enums';

/** The shared attribute validator: one case per rule of spec 2 §6 (and the requirements of §4, chains of §5). */
const def = (type: number, more: Partial<AttributeDefinition> = {}): AttributeDefinition => ({
  id: 1,
  type,
  label: 'Поле',
  name: 'field',
  description: null,
  required: false,
  readonly: false,
  regex: null,
  min: null,
  max: null,
  options: [],
  isTextArea: false,
  isHasNoneAttribute: false,
  categoryId: null,
  attributeGroupId: null,
  dictionaryId: null,
  hierarchyId: null,
  chain: null,
  ...more,
});
const check = (d: AttributeDefinition, a: Omit<AttributeAnswer, 'attributeId'>, req: Requirement = 'optional') => checkAttributeAnswer(d, req, { attributeId: d.id, ...a });
const key = (r: ReturnType<typeof check>) => (r.ok ? null : r.problem.key);
const vars = (r: ReturnType<typeof check>) => (r.ok ? null : r.problem.vars);

describe('spec 2 §6 rules', () => {
  it('text area: at most 500 characters', () => {
    expect(key(check(def(T.text), { value: 'x'.repeat(500) }))).toBeNull();
    expect(key(check(def(T.text), { value: 'x'.repeat(501) }))).toBe('attributes.lengthMax');
    expect(vars(check(def(T.string, { isTextArea: true }), { value: 'x'.repeat(501) }))).toEqual({ count: 500 });
  });
  it("integer: 'Please enter an integer'", () => {
    expect(key(check(def(T.int), { value: '1.5' }))).toBe('attributes.integer');
    expect(check(def(T.int), { value: '42' })).toEqual({ ok: true, stored: { value: '42', valueJson: null, isHasNoneValue: false, fileId: null } });
  });
  it("float: 'Please enter a fractional number' (a comma is a decimal point)", () => {
    expect(key(check(def(T.float), { value: 'abc' }))).toBe('attributes.float');
    expect(check(def(T.float), { value: '2,5' }).ok && check(def(T.float), { value: '2,5' })).toMatchObject({ stored: { value: '2.5' } });
  });
  it("required: 'Please enter {label}'", () => {
    const r = check(def(T.string, { label: 'Город' }), { value: '  ' }, 'required');
    expect(key(r)).toBe('attributes.required');
    expect(vars(r)).toEqual({ label: 'Город' });
    expect(check(def(T.string), { value: '' }, 'optional')).toEqual({ ok: true, stored: null });
  });
  it("required boolean: 'Please confirm'", () => {
    expect(key(check(def(T.bool), { value: false }, 'required'))).toBe('attributes.confirm');
    expect(key(check(def(T.bool), { value: true }, 'required'))).toBeNull();
    expect(key(check(def(T.bool), { value: 'false' }, 'optional'))).toBeNull();
  });
  it('string: min and max are length bounds', () => {
    const d = def(T.string, { min: 3, max: 5 });
    expect(vars(check(d, { value: 'ab' }))).toEqual({ count: 3 });
    expect(key(check(d, { value: 'ab' }))).toBe('attributes.lengthMin');
    expect(key(check(d, { value: 'abcdef' }))).toBe('attributes.lengthMax');
    expect(key(check(d, { value: 'abcd' }))).toBeNull();
  });
  it('int and float: min and max are number bounds', () => {
    const d = def(T.int, { min: 1, max: 6 });
    expect(key(check(d, { value: '0' }))).toBe('attributes.numberMin');
    expect(vars(check(d, { value: '9' }))).toEqual({ value: 6 });
    expect(key(check(def(T.float, { max: 1 }), { value: '1.1' }))).toBe('attributes.numberMax');
    expect(key(check(d, { value: '6' }))).toBeNull();
  });
  it('none option: the value or the none choice is required', () => {
    const d = def(T.string, { isHasNoneAttribute: true });
    expect(key(check(d, { value: '' }, 'required'))).toBe('attributes.requiredOrNone');
    expect(check(d, { isHasNoneValue: true }, 'required')).toMatchObject({ ok: true, stored: { isHasNoneValue: true, value: null } });
    expect(key(check(def(T.string), { isHasNoneValue: true }))).toBe('attributes.noneNotOffered');
  });
  it('regex attributes must match the pattern (String and Pattern)', () => {
    expect(key(check(def(T.pattern, { regex: '[A-Z]{2}\\d{4}' }), { value: 'ab1234' }))).toBe('attributes.pattern');
    expect(key(check(def(T.pattern, { regex: '[A-Z]{2}\\d{4}' }), { value: 'AB1234' }))).toBeNull();
    expect(key(check(def(T.string, { regex: '\\d+' }), { value: '12a' }))).toBe('attributes.pattern');
  });
  it('phone: the mask +9 (999) 999-99-99; empty allowed', () => {
    expect(key(check(def(T.phone), { value: '+7 (912) 345-67-89' }))).toBeNull();
    expect(key(check(def(T.phone), { value: '89123456789' }))).toBe('attributes.phone');
    expect(check(def(T.phone), { value: '' })).toEqual({ ok: true, stored: null });
  });
  it('generic tel: +1-3 digits, (2-3 digit code), 2-4 digits, dash, 2-4 digits, optional dash and 2 digits', () => {
    expect(GENERIC_TEL.test('+375 (29) 123-4567')).toBe(true);
    expect(GENERIC_TEL.test('+7 (912) 345-67-89')).toBe(true);
    expect(GENERIC_TEL.test('+7 912 345 67 89')).toBe(false);
  });
  it('dates are DD-MM-YYYY on the wire and exist in the calendar', () => {
    expect(key(check(def(T.date), { value: '31-12-2000' }))).toBeNull();
    expect(key(check(def(T.date), { value: '2000-12-31' }))).toBe('attributes.date');
    expect(key(check(def(T.date), { value: '31-02-2001' }))).toBe('attributes.date');
  });
});

describe('the other form types', () => {
  const choices = [{ id: 1, label: 'Да' }, { id: 2, label: 'Нет' }];
  it('reference and set: only offered choices', () => {
    expect(key(check(def(T.reference, { options: choices }), { value: '3' }))).toBe('attributes.choice');
    expect(check(def(T.set, { options: choices }), { value: '2, 1,2' })).toMatchObject({ ok: true, stored: { value: '2,1' } });
    expect(key(check(def(T.set, { options: choices }), { value: '1,5' }))).toBe('attributes.choice');
  });
  it('address and company: structured values; INN 10 or 12 digits, KPP 9', () => {
    expect(check(def(T.address), { address: { addressName: 'Москва, Тверская 1' } })).toMatchObject({ ok: true, stored: { valueJson: { addressName: 'Москва, Тверская 1' } } });
    expect(key(check(def(T.company), { company: { companyName: 'ООО Ромашка', inn: '123' } }))).toBe('attributes.inn');
    expect(key(check(def(T.company), { company: { companyName: 'ООО Ромашка', inn: '7707083893', kpp: '773601001' } }))).toBeNull();
    expect(key(check(def(T.company), { company: { companyName: ' ' } }, 'required'))).toBe('attributes.required');
  });
  it('file: a file id; read-only and unknown types are refused', () => {
    expect(check(def(T.file), { fileId: 7 })).toMatchObject({ ok: true, stored: { fileId: 7 } });
    expect(key(check(def(T.string, { readonly: true }), { value: 'x' }))).toBe('attributes.readonly');
    expect(key(check(def(99), { value: 'x' }))).toBe('attributes.unknownType');
  });
  it('the zod schema carries the same problem', () => {
    const r = attributeAnswerSchema(def(T.int), 'optional').safeParse({ attributeId: 1, value: 'x' });
    expect(r.success).toBe(false);
    if (!r.success) expect(problemOf(r.error).key).toBe('attributes.integer');
  });
});

describe('chains (spec 2 §5)', () => {
  const citizenship = def(T.reference, { id: 30, options: [{ id: 'ru', label: 'РФ' }, { id: 'other', label: 'Другое' }], chain: { triggerValue: 'other', results: [{ chainResultAttributeId: 40, usage: 'required' }, { chainResultAttributeId: 41, usage: 'optional' }] } });
  const passport = def(T.string, { id: 40 });
  const visa = def(T.string, { id: 41 });
  const again = def(T.bool, { id: 42, chain: { triggerValue: 'true', results: [{ chainResultAttributeId: 41, usage: 'required' }] } });
  const defs = [citizenship, passport, visa, again];
  const run = (values: Record<number, string>) => requirementsOf(defs, () => 'optional', (id) => values[id]);
  it('results are hidden until the trigger value is chosen', () => {
    expect(Object.fromEntries(run({ 30: 'ru' }))).toEqual({ 30: 'optional', 40: 'hidden', 41: 'hidden', 42: 'optional' });
  });
  it('the trigger makes results required or optional; the strongest usage wins', () => {
    expect(Object.fromEntries(run({ 30: 'other' }))).toMatchObject({ 40: 'required', 41: 'optional' });
    expect(Object.fromEntries(run({ 30: 'other', 42: 'true' }))).toMatchObject({ 41: 'required' });
  });
});
