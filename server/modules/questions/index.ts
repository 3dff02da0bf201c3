import { registerFileRoutes } from './fileRoutes.js';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import './messages.js';
import { forgetOnWrite, forgetQuestions } from '../study/hotCache.js';
import { registerClosedRoutes } from './closed.js';
import { registerCodeRoutes } from './code.js';
import { registerFreeRoutes } from './free.js';
import { registerGeneralRoutes } from './general.js';
import { registerImportRoutes } from './import.js';
import { registerMatchingRoutes } from './matching.js';
import { registerSequenceRoutes } from './sequence.js';

export { insertClosedQuestion, closedRecords } from './closed.js';
export { insertFreeQuestion, freeValues, freeRecordOf, previewOf, freeTypes } from './free.js';
export { insertMatchingQuestion, matchingRecords } from './matching.js';
export { insertSequenceQuestion, sequenceRecords } from './sequence.js';
export { insertCodeQuestion, codeRecords, runCodeQuestion, CODE_FILE_PURPOSE } from './code.js';
export { whereUsed, assertNotUsed } from './used.js';
export { appendQuestionSlide } from './import.js';
export { visibleQuestionsWhereDb, loadQuestion, bankTables } from './access.js';

/**
 * Question banks (spec 3 §7.8), the Excel import of questions and its template (§7.6).
 * Rules: 'resources' (TrainingSettings) for every call but the sequence questions
 * ('sequenceQuestions': OnlyEditSettings or TrainingSettings) and the free-answer types
 * (any signed-in user: the player reads them). Needs the files module (fastify.storage).
 */
export const questionsModule: FastifyPluginAsync = async (fastify) => {
  if (!fastify.hasContentTypeParser('multipart/form-data')) await fastify.register(multipart);
  // saves grade against the question as it is now
  forgetOnWrite(fastify, forgetQuestions);
  registerClosedRoutes(fastify);
  registerFreeRoutes(fastify);
  registerMatchingRoutes(fastify);
  registerSequenceRoutes(fastify);
  registerCodeRoutes(fastify);
  registerGeneralRoutes(fastify);
  registerImportRoutes(fastify);
  registerFileRoutes(fastify);
};
