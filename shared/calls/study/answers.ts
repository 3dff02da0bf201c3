import { z } from 'zod';
import { attributeAnswer } from '../../attributes/definition';
import { defineCalls, returns } from '../../http/call';
import { EXERCISE_PATH, STUDY_TAG } from './pages';

/**
 * The answer saves of the player (spec 3 §7.4): one call per answer kind, each body carrying
 * the attempt (`sessionId`) and the answer. The server answers `{ sessionId, slideId, saved: true }`
 * once the answer is committed, plus `passed`/`total` for code and `files` for a file answer.
 * Server: server/modules/study/index.ts and answers.ts (which parses these same bodies).
 */
const sessionId = z.union([z.number().int().positive(), z.string().regex(/^\d{1,10}$/)]).optional().nullable();
const ids = z.array(z.number().int().positive()).max(500);

/** Bodies of the save calls, per answer kind (the attempt and the answer). */
export const answerBodies = {
  answers: z.object({ sessionId, optionIds: ids }),
  free: z.object({ sessionId, value: z.union([z.string().max(10_000), z.number(), z.boolean()]).transform(String) }),
  matches: z.object({ sessionId, pairs: z.array(z.object({ optionId: z.number().int().positive(), targetId: z.number().int().positive().nullable() })).max(500) }),
  sequences: z.object({ sessionId, itemIds: ids }),
  code: z.object({ sessionId, code: z.string().max(100_000) }),
  files: z.object({ sessionId, fileIds: ids.min(1) }),
  // an attribute's answer: a scalar, or the structured answer of spec 2 §3.2 (none choice, address, company, file)
  attributes: z.object({
    sessionId,
    values: z.record(z.string().regex(/^\d+$/), z.union([z.string().max(2000), z.number(), z.boolean(), attributeAnswer.omit({ attributeId: true })]).nullable()),
  }),
} as const;
/** The answer kinds, named after their save paths. */
export type AnswerKind = keyof typeof answerBodies;
export type AnswerBody<K extends AnswerKind> = z.input<(typeof answerBodies)[K]>;

export interface SavedFile {
  id: number;
  name: string;
  size: number;
}

/** A save's acknowledgement: the answer is stored in this attempt. */
export interface SaveAck {
  sessionId: number;
  slideId: number;
  saved: true;
  /** code: test cases passed of all */
  passed?: number;
  total?: number;
  /** file answer: its files, in order (an upload's new file among them) */
  files?: SavedFile[];
}

/** One visible test case's run (execTextCases). */
export interface CaseRun {
  sequence: number;
  passed: boolean;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

const Q = `${EXERCISE_PATH}/questions` as const;
const save = <K extends string, B extends z.ZodType>(kind: K, body: B) =>
  ({ method: 'POST', path: `${Q}/${kind}/{slideId}/save` as const, rule: 'student', body, response: returns<SaveAck>(), idempotent: true }) as const;

/** The slide is the question's slide of the exercise (the spec calls it `{id}` / `{questionId}`). */
export const answerCalls = defineCalls(STUDY_TAG, {
  saveChoice: save('answers', answerBodies.answers),
  saveFree: save('free', answerBodies.free),
  /** JSON (`fileIds`), or multipart/form-data (`sessionId`, `file`): the upload is the save */
  saveFiles: save('files', answerBodies.files),
  saveMatching: save('matches', answerBodies.matches),
  saveSequence: save('Sequences', answerBodies.sequences),
  saveCode: save('code', answerBodies.code),
  saveAttributes: save('attributes', answerBodies.attributes),
  /**
   * The spec's short path of a code save (spec 3 §7.4 `…/code/{questionId}/save`, read as under
   * /api/questions): the same save, its attempt (`sessionId`, required here) naming the course and
   * the exercise; {slideId} is the question's slide.
   */
  saveCodeOfAttempt: {
    method: 'POST',
    idempotent: true,
    path: '/api/questions/code/{slideId}/save',
    rule: 'student',
    body: answerBodies.code,
    response: returns<SaveAck>(),
    summary: 'Saves a code answer into the caller’s attempt (sessionId) without the course and exercise in the path',
  },
  runVisibleCases: {
    method: 'POST',
    path: `${Q}/code/{slideId}/execTextCases` as const,
    rule: 'student',
    body: answerBodies.code,
    response: returns<{ results: CaseRun[] }>(),
    summary: 'Runs the visible test cases of a code question; nothing is saved',
  },
});

/** The save call of each answer kind. */
export const saveCallOf = {
  answers: answerCalls.saveChoice,
  free: answerCalls.saveFree,
  files: answerCalls.saveFiles,
  matches: answerCalls.saveMatching,
  sequences: answerCalls.saveSequence,
  code: answerCalls.saveCode,
  attributes: answerCalls.saveAttributes,
} as const;
