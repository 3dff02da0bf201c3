import { describe, expect, it } from 'vitest';
import { checkPersonalFields, maskPhone, normalisePhone, phoneProblem } from '../../../shared/profile';
import { TIME_ZONES } from '../../../shared/timeZones';

/** The personal fields' rules (spec 2 §6), shared by the /profile form and the server. */
const none = { noMiddleName: false, middleName: null };

describe('personal fields', () => {
  it('capitalises names on the first letter and requires last and first name', () => {
    expect(checkPersonalFields({ lastName: ' иванов ', firstName: 'пётр' }, none)).toEqual({ values: { lastName: 'Иванов', firstName: 'Пётр' }, problems: {} });
    expect(checkPersonalFields({ lastName: '', firstName: '   ' }, none).problems).toEqual({ lastName: { key: 'required' }, firstName: { key: 'required' } });
  });

  it('bounds lengths: names 100, about 500 (text area)', () => {
    expect(checkPersonalFields({ lastName: 'x'.repeat(101) }, none).problems.lastName).toEqual({ key: 'tooLong', vars: { count: 100 } });
    expect(checkPersonalFields({ about: 'x'.repeat(500) }, none).problems).toEqual({});
    expect(checkPersonalFields({ about: 'x'.repeat(501) }, none).problems.about).toEqual({ key: 'tooLong', vars: { count: 500 } });
  });

  it('needs a middle name or the none choice; the none choice clears it', () => {
    expect(checkPersonalFields({ middleName: '' }, none).problems.middleName).toEqual({ key: 'requiredNone' });
    expect(checkPersonalFields({ noMiddleName: false }, none).problems.middleName).toEqual({ key: 'requiredNone' });
    expect(checkPersonalFields({ noMiddleName: true, middleName: 'Петрович' }, none).values).toEqual({ noMiddleName: true, middleName: null });
    expect(checkPersonalFields({ middleName: 'петрович' }, none).values).toEqual({ middleName: 'Петрович' });
    // fields not sent are not judged
    expect(checkPersonalFields({ about: 'x' }, none).problems).toEqual({});
  });

  it('keeps the valid fields when others are invalid', () => {
    const r = checkPersonalFields({ about: 'ok', phone: '123', educationEmail: 'a@b', timeZone: 'Nowhere' }, none);
    expect(r.values).toEqual({ about: 'ok' });
    expect(Object.keys(r.problems).sort()).toEqual(['educationEmail', 'phone', 'timeZone']);
  });

  it('accepts an empty optional field as none', () => {
    expect(checkPersonalFields({ phone: '', educationEmail: '', timeZone: '', about: '' }, none).values).toEqual({ phone: null, educationEmail: null, timeZone: null, about: null });
  });
});

describe('phone', () => {
  it('takes the mask form, the generic tel form and empty; refuses the rest', () => {
    expect(phoneProblem('+7 (999) 123-45-67')).toBeNull();
    expect(phoneProblem('+375 (29) 123-45-67')).toBeNull();
    expect(phoneProblem('+1 (212) 5555-1234-12')).toBeNull();
    expect(phoneProblem('')).toBeNull();
    expect(phoneProblem('89991234567')).toEqual({ key: 'phone' });
    expect(phoneProblem('+7 (999) 123-45-6')).toEqual({ key: 'phone' });
  });

  it('puts eleven bare digits into the mask', () => {
    expect(normalisePhone('79991234567')).toBe('+7 (999) 123-45-67');
    expect(normalisePhone('+7 999 123 45 67')).toBe('+7 (999) 123-45-67');
    expect(normalisePhone('+375 (29) 123-45-67')).toBe('+375 (29) 123-45-67');
  });

  it('masks as the student types', () => {
    expect(maskPhone('')).toBe('');
    expect(maskPhone('7')).toBe('+7');
    expect(maskPhone('79')).toBe('+7 (9');
    expect(maskPhone('7999123')).toBe('+7 (999) 123');
    expect(maskPhone('+7 (999) 123-45-6')).toBe('+7 (999) 123-45-6');
    expect(maskPhone('799912345678999')).toBe('+7 (999) 123-45-67');
  });
});

describe('time zones', () => {
  it('lists about 140 Windows zones from UTC-12:00 to UTC+14:00, sorted by offset, ids unique', () => {
    expect(TIME_ZONES.length).toBeGreaterThanOrEqual(135);
    expect(TIME_ZONES[0].label).toBe('(UTC-12:00) International Date Line West');
    expect(TIME_ZONES.at(-1)!.offset).toBe(14 * 60);
    expect(TIME_ZONES.every((z, i) => i === 0 || TIME_ZONES[i - 1].offset <= z.offset)).toBe(true);
    expect(new Set(TIME_ZONES.map((z) => z.id)).size).toBe(TIME_ZONES.length);
    expect(checkPersonalFields({ timeZone: 'Russian Standard Time' }, none).problems).toEqual({});
  });
});
