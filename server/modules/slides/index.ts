import type { FastifyPluginAsync } from 'fastify';
import './messages.js';
import './access.js';
import { registerSlideRoutes } from './routes.js';

export { setHostedVideoAdapter, hostedVideoAdapter, storageAdapter, type HostedVideoAdapter } from './hostedVideo.js';
export { listSlides, toRecords } from './service.js';

/**
 * Slides (API "Page") of an exercise, spec 3 §7.6: the fourteen kinds (create, load, edit),
 * order, drop, preview as a student sees it, bank questions for the question kinds, hosted
 * video. Every call needs the 'slides' rule and an exercise of a program the caller sees
 * (loadExercise of the programs module: 404 otherwise).
 */
export const slidesModule: FastifyPluginAsync = async (fastify) => {
  registerSlideRoutes(fastify);
};
