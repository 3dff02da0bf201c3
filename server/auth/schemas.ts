import { z } from 'zod';
import { returnPathSchema } from '../../shared/calls/signIn.js';

/** Zod schemas of the sign-in flow (validation + the OpenAPI document); the account calls are declared in shared/calls/account.ts. */
export const loginQuery = z.object({ returnTo: returnPathSchema.optional() });

export const callbackQuery = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(2048).optional(),
  iss: z.string().max(2048).optional(),
});
