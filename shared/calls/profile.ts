import { z } from 'zod';
import { defineCalls, returns } from '../http/call';
import { PASSWORD_MAX, type PersonalFields } from '../profile';

/** GET /api/profile/properties: the caller's profile (spec 2 §3.2 "fuller profile"). */
export interface ProfileProperties extends PersonalFields {
  accountId: number;
  eMail: string;
  /** the avatar's address, null when none */
  picture: string | null;
  language: 'ru' | 'en' | null;
}

/** One course of the caller's progress or final score. */
export interface ProfileCourseValue {
  trainingId: number;
  label: string;
  value: number | null;
  completed: boolean;
}

/** GET /api/profile/progress (0..1 per course) and /api/profile/finalScore; `total` is their mean (null for none). */
export interface ProfileCourseValues {
  total: number | null;
  courses: ProfileCourseValue[];
}

/** GET /api/Password/HasPassword: whether the embedded identity provider holds a password of the caller. */
export interface PasswordState {
  /** false with an external identity provider: passwords are managed there (the page explains it) */
  managed: boolean;
  hasPassword: boolean;
}

// A transport cap only: the field rules (shared/profile.ts) judge each value, so one bad field does not refuse the rest.
const str = z.string().max(10_000).nullable().optional();
const secret = z.string().max(PASSWORD_MAX);

const P = '/api/profile';

/**
 * The profile calls of spec 3 §7.1. The spec shows no paths for profile properties, progress,
 * finalScore, picture and language: they are chosen here in its style (docs/decisions/profile-and-attributes.md).
 */
export const profileCalls = defineCalls('Profile', {
  properties: { method: 'GET', path: `${P}/properties`, rule: 'signedIn', response: returns<ProfileProperties>() },
  saveProperties: {
    method: 'POST',
    path: `${P}/properties`,
    rule: 'signedIn',
    body: z.object({
      lastName: str,
      firstName: str,
      middleName: str,
      noMiddleName: z.boolean().optional(),
      timeZone: str,
      foreignCitizen: z.boolean().optional(),
      educationEmail: str,
      phone: str,
      about: str,
    }),
    response: returns<ProfileProperties>(),
    summary: 'Saves the valid personal fields sent; invalid ones answer 400 ValidationError with errors per field and `saved` (the fields saved)',
  },
  progress: { method: 'GET', path: `${P}/progress`, rule: 'signedIn', response: returns<ProfileCourseValues>() },
  finalScore: { method: 'GET', path: `${P}/finalScore`, rule: 'signedIn', response: returns<ProfileCourseValues>() },
  uploadPicture: {
    method: 'POST',
    path: `${P}/picture`,
    rule: 'signedIn',
    bodyKind: 'multipart',
    response: returns<{ picture: string }>(),
    summary: 'The avatar: one PNG or JPEG file (multipart), at most 10 MB',
  },
  removePicture: { method: 'DELETE', path: `${P}/picture`, rule: 'signedIn', response: returns<{ picture: null }>() },
  setLanguage: {
    method: 'POST',
    path: `${P}/language/{lang}`,
    rule: 'signedIn',
    params: z.object({ lang: z.string().max(20) }),
    response: returns<{ language: 'ru' | 'en' }>(),
    summary: 'The interface language of the account (ru or en); also sets the elp_lang cookie',
  },
});

/**
 * The password of the embedded identity provider (spec 3 §7.1). Secrets travel in the body;
 * `Password/Set` also takes the spec's query `Value` and `Repeat` (ARCHITECTURE §6), never logged.
 */
export const passwordCalls = defineCalls('Password', {
  hasPassword: { method: 'GET', path: '/api/Password/HasPassword', rule: 'signedIn', response: returns<PasswordState>() },
  change: {
    method: 'POST',
    path: '/api/Password/Change',
    rule: 'signedIn',
    body: z.object({ oldPassword: secret, newPassword: secret, repeat: secret }),
    response: returns<{ ok: true }>(),
  },
  set: {
    method: 'POST',
    path: '/api/Password/Set',
    rule: 'signedIn',
    query: z.object({ Value: secret.optional(), Repeat: secret.optional() }),
    body: z.object({ value: secret, repeat: secret }).nullish(),
    response: returns<{ ok: true }>(),
    summary: 'Sets a password where none is set; the body { value, repeat } or the query Value and Repeat',
  },
});
