import type { AnswerKind } from '../../../../shared/calls/study/answers';
import { errorCodeOf } from '../../../http/errors';

/**
 * The message key of a failed save (spec 3 §8.4), or null when the server's own text is
 * meant (the server translated it for the student's language).
 */
export function saveErrorKey(error: unknown, kind: AnswerKind): string | null {
  const code = errorCodeOf(error);
  if (code === '401' || code?.startsWith('401.')) return 'errors.unauthorized';
  if (code?.startsWith('404')) return 'errors.notFound';
  if (code === '400.16') return 'errors.sessionNotFound';
  if (code === '400.17') return 'errors.timeExpired';
  if (code === '403.15') return 'errors.noAccess';
  // field errors, a full storage quota (413), the student's runs still queued (429), sandbox down (503)
  if (['400', '413', '429', '503'].some((status) => code?.startsWith(status))) return null;
  return kind === 'files' ? 'errors.fileSaveFailed' : 'errors.questionSaveFailed';
}

/** The first field message of a 400 answer (`errors`), else its Title. */
export function serverFieldText(error: unknown): string | undefined {
  const body = (error as { body?: { errors?: Record<string, unknown>; Title?: unknown } } | null)?.body;
  const first = body?.errors ? Object.values(body.errors).find((v) => typeof v === 'string' && v) : undefined;
  if (typeof first === 'string') return first;
  return typeof body?.Title === 'string' && body.Title ? body.Title : undefined;
}
