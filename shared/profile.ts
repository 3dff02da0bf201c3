import { isTimeZone } from './timeZones';

/**
 * The fixed personal attributes of /profile (spec 2 §3.2) and their rules (spec 2 §6), one
 * validator for the form and the server. Attributes of attribute groups have their own renderer.
 */
export interface PersonalFields {
  lastName: string;
  firstName: string;
  middleName: string | null;
  noMiddleName: boolean;
  /** a Windows zone id of shared/timeZones.ts */
  timeZone: string | null;
  foreignCitizen: boolean;
  educationEmail: string | null;
  /** '+N (NNN) NNN-NN-NN' or the generic tel form (spec 2 §6) */
  phone: string | null;
  about: string | null;
}

export const PERSONAL_FIELDS = [
  'lastName',
  'firstName',
  'middleName',
  'noMiddleName',
  'timeZone',
  'foreignCitizen',
  'educationEmail',
  'phone',
  'about',
] as const satisfies readonly (keyof PersonalFields)[];
export type PersonalField = (typeof PERSONAL_FIELDS)[number];

/** What the form sends: any subset of the fields (an absent one is left as it is). */
export type PersonalFieldsInput = { [K in PersonalField]?: PersonalFields[K] | null };

/** Bounds of spec 2 §6 (text area 500) and ours for the names (not given by the spec). */
export const NAME_MAX = 100;
export const ABOUT_MAX = 500;
export const EMAIL_MAX = 320;
/** the phone mask of spec 2 §6 (9 = a digit) */
export const PHONE_MASK = '+9 (999) 999-99-99';

/**
 * Why a field is refused; `key` names the message (server `profile.error.<key>`, client
 * `app.profile.error.<key>`): required 'Please enter {label}', requiredNone the value or the
 * none choice, tooLong 'less than {count} characters', phone 'Please enter a valid phone number',
 * email, timeZone.
 */
export interface FieldProblem {
  key: 'required' | 'requiredNone' | 'tooLong' | 'phone' | 'email' | 'timeZone';
  vars?: { count: number };
}

/** The mask's form '+N (NNN) NNN-NN-NN' or the generic tel form: '+', 1–3 digits, (2–3 digits), 2–4-2–4[-2]. */
const PHONE_RE = /^\+\d{1,3} \(\d{2,3}\) \d{2,4}-\d{2,4}(-\d{2})?$/;
const EMAIL_RE = /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/;

/** A phone as typed: eleven bare digits (with or without '+') take the mask; other forms are kept to be checked. */
export function normalisePhone(raw: string): string {
  const v = raw.trim();
  const digits = /^\+?(\d)(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(v.replace(/[\s()-]/g, ''));
  if (digits && !PHONE_RE.test(v)) return `+${digits[1]} (${digits[2]}) ${digits[3]}-${digits[4]}-${digits[5]}`;
  return v;
}

/** An empty phone is allowed; otherwise the mask's form or the generic one (spec 2 §6). */
export const phoneProblem = (v: string): FieldProblem | null => (v === '' || PHONE_RE.test(v) ? null : { key: 'phone' });

/** Names are capitalised on the first letter (spec 2 §6). */
export const capitalise = (v: string): string => (v ? v[0].toLocaleUpperCase() + v.slice(1) : v);

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
const orNull = (v: string): string | null => (v === '' ? null : v);

/**
 * Checks what the form sends against the stored values (the middle name's rule reads the
 * no-middle-name flag, sent or stored). Returns the valid fields normalised, to be saved, and
 * a problem per invalid field: a form failing validation still saves its valid fields (spec 2 §6).
 */
export function checkPersonalFields(
  input: PersonalFieldsInput,
  current: Pick<PersonalFields, 'noMiddleName' | 'middleName'>,
): { values: Partial<PersonalFields>; problems: Partial<Record<PersonalField, FieldProblem>> } {
  const values: Partial<PersonalFields> = {};
  const problems: Partial<Record<PersonalField, FieldProblem>> = {};
  const has = (k: PersonalField) => Object.hasOwn(input, k) && input[k] !== undefined;

  const name = (k: 'lastName' | 'firstName') => {
    if (!has(k)) return;
    const v = capitalise(text(input[k]));
    if (!v) problems[k] = { key: 'required' };
    else if (v.length > NAME_MAX) problems[k] = { key: 'tooLong', vars: { count: NAME_MAX } };
    else values[k] = v;
  };
  name('lastName');
  name('firstName');

  if (has('noMiddleName')) values.noMiddleName = input.noMiddleName === true;
  const noMiddle = values.noMiddleName ?? current.noMiddleName;
  if (noMiddle) {
    // the none choice answers the field: no middle name is kept beside it
    if (has('noMiddleName') || has('middleName') || current.middleName) values.middleName = null;
  } else if (has('middleName') || has('noMiddleName')) {
    const v = capitalise(has('middleName') ? text(input.middleName) : (current.middleName ?? ''));
    if (!v) problems.middleName = { key: 'requiredNone' };
    else if (v.length > NAME_MAX) problems.middleName = { key: 'tooLong', vars: { count: NAME_MAX } };
    else values.middleName = v;
  }

  if (has('timeZone')) {
    const v = text(input.timeZone);
    if (v && !isTimeZone(v)) problems.timeZone = { key: 'timeZone' };
    else values.timeZone = orNull(v);
  }
  if (has('foreignCitizen')) values.foreignCitizen = input.foreignCitizen === true;
  if (has('educationEmail')) {
    const v = text(input.educationEmail);
    if (v.length > EMAIL_MAX) problems.educationEmail = { key: 'tooLong', vars: { count: EMAIL_MAX } };
    else if (v && !EMAIL_RE.test(v)) problems.educationEmail = { key: 'email' };
    else values.educationEmail = orNull(v);
  }
  if (has('phone')) {
    const v = normalisePhone(text(input.phone));
    const problem = phoneProblem(v);
    if (problem) problems.phone = problem;
    else values.phone = orNull(v);
  }
  if (has('about')) {
    const v = text(input.about);
    if (v.length > ABOUT_MAX) problems.about = { key: 'tooLong', vars: { count: ABOUT_MAX } };
    else values.about = orNull(v);
  }
  return { values, problems };
}

/** The password rules of /profile/password (the spec gives none): 8 to 1024 characters, typed twice alike. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 1024;

/**
 * The phone input's mask +9 (999) 999-99-99 (spec 2 §6) applied as the student types: the digits
 * typed, up to eleven, in the mask's places; separators appear once a digit follows them.
 */
export function maskPhone(typed: string): string {
  const d = typed.replace(/\D/g, '').slice(0, 11);
  if (!d) return '';
  const parts: [string, number, number][] = [['+', 0, 1], [' (', 1, 4], [') ', 4, 7], ['-', 7, 9], ['-', 9, 11]];
  let out = '';
  for (const [sep, from, to] of parts) {
    if (d.length <= from) break;
    out += sep + d.slice(from, to);
  }
  return out;
}
