import type { FastifyPluginAsync } from 'fastify';
import { registerReflectionAuthoring } from './authoring.js';
import { registerFeedbackReader } from './feedback.js';

/** Reflection questions (authoring) and the feedback and reflection answers of a course (reading). */
export const reflectionModule: FastifyPluginAsync = async (fastify) => {
  registerReflectionAuthoring(fastify);
  registerFeedbackReader(fastify);
};
