/** Code questions (spec 2 §3.3): starter code, files, test cases; the sandbox run's input and answer. */
import { z } from 'zod';
import { messages as m } from '../resources/define';
import { CODE_FILES_MAX, CODE_MAX, courseId, label, MAX_TEST_CASES, questionBase, TEST_CASE_TEXT_MAX, text } from './common';

export const testCaseInput = z.object({
  inputValues: z.string(m.type).max(TEST_CASE_TEXT_MAX, m.tooLong).default(''),
  outputValue: z.string(m.type).max(TEST_CASE_TEXT_MAX, m.tooLong),
  sequence: z.coerce.number(m.type).int(m.type).min(0, m.tooSmall).max(10_000, m.tooBig).optional(),
  /** hidden from the student's own runs */
  isHidden: z.boolean(m.type).default(false),
});
export type TestCaseInput = z.infer<typeof testCaseInput>;

/**
 * The code question form (spec 2 §3.3): label, code (starter code), programId (sent as
 * CourseId), text, files (new ones as Files, kept ones as FilesId) and testCases.
 * Multipart fields are parsed into this shape by the server first.
 */
export const codeQuestionInput = z.object({
  label,
  text,
  courseId,
  code: z.string(m.type).max(CODE_MAX, m.tooLong).default(''),
  testCases: z.array(testCaseInput).max(MAX_TEST_CASES, m.tooBig).default([]),
  /** ids of the question's files to keep (edit); absent = keep them all */
  filesId: z.array(z.number(m.type).int(m.type).positive(m.tooSmall)).max(CODE_FILES_MAX, m.tooBig).optional(),
});
export type CodeQuestionInput = z.infer<typeof codeQuestionInput>;

export const codeFileRecord = z.object({ id: z.number().int(), name: z.string(), size: z.number().int(), mime: z.string() });
export type CodeFile = z.infer<typeof codeFileRecord>;

export const testCaseRecord = z.object({
  id: z.number().int(),
  inputValues: z.string(),
  outputValue: z.string(),
  sequence: z.number().int(),
  isHidden: z.boolean(),
});

export const codeQuestionRecord = z.object({
  ...questionBase,
  code: z.string(),
  language: z.string(),
  files: z.array(codeFileRecord),
  testCases: z.array(testCaseRecord),
});
export type CodeQuestion = z.infer<typeof codeQuestionRecord>;

/**
 * POST .../code/execAllTextCases: run code against test cases. Absent parts come from the
 * stored question `questionId` (its code, test cases and files).
 */
export const execAllInput = z
  .object({
    questionId: z.coerce.number(m.type).int(m.type).positive(m.tooSmall).optional(),
    code: z.string(m.type).max(CODE_MAX, m.tooLong).optional(),
    testCases: z.array(testCaseInput).max(MAX_TEST_CASES, m.tooBig).optional(),
    language: z.literal('python', m.type).default('python'),
  })
  .superRefine((v, ctx) => {
    if (v.questionId === undefined && v.code === undefined) ctx.addIssue({ code: 'custom', path: ['code'], message: 'validation.required' });
    if (v.questionId === undefined && v.testCases === undefined) ctx.addIssue({ code: 'custom', path: ['testCases'], message: 'validation.required' });
  });
export type ExecAllInput = z.infer<typeof execAllInput>;

export const caseResultRecord = z.object({
  sequence: z.number().int(),
  passed: z.boolean(),
  stdout: z.string(),
  stderr: z.string(),
  timedOut: z.boolean(),
  exitCode: z.number().int().nullable(),
  outputTruncated: z.boolean(),
  durationMs: z.number().int(),
  /** echoed for the screen */
  inputValues: z.string(),
  outputValue: z.string(),
});
export type CaseResultRecord = z.infer<typeof caseResultRecord>;

export const execAllAnswer = z.object({
  results: z.array(caseResultRecord),
  passed: z.number().int(),
  total: z.number().int(),
});
export type ExecAllAnswer = z.infer<typeof execAllAnswer>;
