import { z } from 'zod';
import { ROLES } from '../../shared/permissions.js';
import { returnPathSchema } from './returnTo.js';

/** Zod schemas of the sign-in and account calls (validation + the OpenAPI document). */
export const loginQuery = z.object({ returnTo: returnPathSchema.optional() });

export const callbackQuery = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(2048).optional(),
  iss: z.string().max(2048).optional(),
});

export const accountStateSchema = z.object({
  accountId: z.number().int().nullable(),
  role: z.enum(ROLES),
  permissions: z.array(z.string()),
  accessToPhysical: z.boolean(),
  eMail: z.string().nullable(),
  firstname: z.string().nullable(),
  surname: z.string().nullable(),
  picture: z.string().nullable(),
  language: z.enum(['ru', 'en']).nullable(),
  isMain: z.boolean(),
  canSwitchBack: z.boolean(),
});

export const authTypeAnswer = z.object({ authType: z.literal('oidc'), loginUrl: z.string() });

export const checkExistAnswer = z.object({ exists: z.literal(true), accountId: z.number().int() });

export const redirectCookieBody = z.object({ url: returnPathSchema });
export const redirectCookieQuery = z.object({ redirectToOld: z.stringbool().optional() });
export const redirectCookieAnswer = z.object({ url: z.string() });

export const logoutQuery = z.object({ frontend: z.string().max(20).optional() });
