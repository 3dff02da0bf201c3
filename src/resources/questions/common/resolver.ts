import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { zodFormResolver } from '../../factory/zodFormResolver';

/** How a form differs from the body it sends: the body, and where an issue of the body shows on the form. */
export interface FormShape {
  toBody?: (values: FieldValues) => FieldValues;
  fieldOf?: (path: string[]) => string[];
}

/**
 * The kit's resolver with the banks' own rules: a custom issue whose message is
 * `questions.<rule>` (the server's key) shows `questionBanks.validation.<rule>`.
 */
export const questionResolver = (schema: z.ZodType, { toBody, fieldOf }: FormShape = {}) =>
  zodFormResolver(schema, {
    transform: toBody,
    fieldOf,
    customMessage: (key) => (key.startsWith('questions.') ? `questionBanks.validation.${key.slice('questions.'.length)}` : undefined),
  });
