import { describe, expect, it } from 'vitest';
import { belongsToSource, checkAttributeAnswer, type AttributeDefinition, type AttributeSources } from '../../shared/attributes';
import { AttributeDataType as T } from '../../shared/enums';

/** The membership rule of dictionary and hierarchy attributes (spec 2 §3.2 dictionary entry, hierarchy node). */
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
const forms = [
  { id: 'full-time', label: 'Очная' },
  { id: 'extramural', label: 'Заочная' },
];
const leaves: AttributeSources = { isHierarchyLeaf: (h, v) => h === 'departments' && ['algebra', 'history'].includes(v) };
const key = (r: ReturnType<typeof checkAttributeAnswer>) => (r.ok ? null : r.problem.key);

describe('dictionary and hierarchy membership', () => {
  it('a reference answer names an entry of its dictionary', () => {
    const d = def(T.reference, { dictionaryId: 'study-forms', options: forms });
    expect(key(checkAttributeAnswer(d, 'required', { attributeId: 1, value: 'extramural' }))).toBeNull();
    expect(key(checkAttributeAnswer(d, 'required', { attributeId: 1, value: 'evening' }))).toBe('attributes.choice');
  });

  it('an empty dictionary accepts no value (it does not fall back to "anything")', () => {
    const d = def(T.reference, { dictionaryId: 'empty', options: [] });
    expect(belongsToSource(d, ['x'])).toBe(false);
    expect(key(checkAttributeAnswer(d, 'optional', { attributeId: 1, value: 'x' }))).toBe('attributes.choice');
    // nothing given on an optional field is still fine
    expect(checkAttributeAnswer(d, 'optional', { attributeId: 1, value: '' })).toEqual({ ok: true, stored: null });
  });

  it('a set answer names only entries of its dictionary', () => {
    const d = def(T.set, { dictionaryId: 'study-forms', options: forms });
    expect(checkAttributeAnswer(d, 'optional', { attributeId: 1, value: 'full-time,extramural' })).toMatchObject({ ok: true, stored: { value: 'full-time,extramural' } });
    expect(key(checkAttributeAnswer(d, 'optional', { attributeId: 1, value: 'full-time,evening' }))).toBe('attributes.choice');
  });

  it('a hierarchy answer names a last-level node of its hierarchy when the hierarchy can be looked up', () => {
    const d = def(T.hierarchy, { hierarchyId: 'departments' });
    expect(key(checkAttributeAnswer(d, 'required', { attributeId: 1, value: 'algebra' }, leaves))).toBeNull();
    // an inner node (a faculty) or an unknown one is refused
    expect(key(checkAttributeAnswer(d, 'required', { attributeId: 1, value: 'physmath' }, leaves))).toBe('attributes.choice');
    expect(key(checkAttributeAnswer(d, 'required', { attributeId: 1, value: 'nowhere' }, leaves))).toBe('attributes.choice');
    // the browser passes no lookup: its picker offers only last-level nodes
    expect(key(checkAttributeAnswer(d, 'required', { attributeId: 1, value: 'algebra' }))).toBeNull();
  });

  it('an attribute with its own choices and no dictionary keeps the choice rule; one without either accepts any value', () => {
    expect(belongsToSource(def(T.reference, { options: forms }), ['evening'])).toBe(false);
    expect(belongsToSource(def(T.reference), ['evening'])).toBe(true);
  });
});
