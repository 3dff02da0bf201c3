import type { CheckedAnswer } from '../../../shared/calls/evaluation';

/**
 * The answer as text for the checker: a typed value or code. Choices, pairs and orders are
 * scored automatically (their score is shown instead); files are listed apart.
 */
export function answerText(answer: Pick<CheckedAnswer, 'value'>): string {
  const v = answer.value;
  if (!v) return '';
  if (typeof v.value === 'string' || typeof v.value === 'number' || typeof v.value === 'boolean') return String(v.value);
  if (typeof v.code === 'string') return v.code;
  return '';
}
