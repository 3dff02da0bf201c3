/**
 * Question banks (spec 2 §3.1, §3.3, §4; spec 3 §7.8): closed (choice), free-answer,
 * matching, sequence and code questions. Input schemas and record shapes, shared by the
 * server (server/modules/questions) and the client (src/resources/questions); the calls are
 * in shared/calls/questions.ts. Plain data and zod only: no React, no Node.
 *
 * One record shape per kind answers both the list and the edit call (react-admin needs it).
 */
export * from './common';
export * from './closed';
export * from './free';
export * from './matching';
export * from './sequence';
export * from './code';
