import { errorCodeOf, postJson } from '../../api';

/**
 * The save calls of the player (spec 3 §7.4; server/modules/study/index.ts): one path per
 * answer kind under /api/trainings/{courseId}/exercises/{exerciseId}/questions/…, each body
 * carrying the attempt (`sessionId`). The server answers `{ sessionId, slideId, saved: true }`
 * after the answer is committed, plus `passed`/`total` for code and `files` for a file answer.
 */
export type SaveKind = 'answers' | 'free' | 'files' | 'matches' | 'sequences' | 'code' | 'attributes';

const segment: Record<SaveKind, string> = {
  answers: 'answers',
  free: 'free',
  files: 'files',
  matches: 'matches',
  sequences: 'Sequences',
  code: 'code',
  attributes: 'attributes',
};

export interface SavedFile {
  id: number;
  name: string;
  size: number;
}

export interface SaveAck {
  sessionId: number;
  slideId: number;
  saved: true;
  passed?: number;
  total?: number;
  files?: SavedFile[];
}

export const questionsBase = (courseId: string, exerciseId: string) =>
  `/api/trainings/${encodeURIComponent(courseId)}/exercises/${encodeURIComponent(exerciseId)}/questions`;

export const savePath = (courseId: string, exerciseId: string, kind: SaveKind, slideId: number) =>
  `${questionsBase(courseId, exerciseId)}/${segment[kind]}/${slideId}/save`;

export function saveAnswer(courseId: string, exerciseId: string, kind: SaveKind, slideId: number, body: Record<string, unknown>): Promise<SaveAck> {
  return postJson<SaveAck>(savePath(courseId, exerciseId, kind, slideId), body);
}

/**
 * The message key of a failed save (spec 3 §8.4), or null when the server's own text is
 * meant (the server translated it for the student's language).
 */
export function saveErrorKey(error: unknown, kind: SaveKind): string | null {
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
