import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { PICTURE_MAX_BYTES } from '../../../shared/files.js';
import { accountSettingRoutes } from './accountSettings.js';
import { passwordRoutes } from './password.js';
import { pictureRoutes } from './picture.js';
import { progressRoutes } from './progress.js';
import { propertiesRoutes } from './properties.js';
import './messages.js';

/**
 * The caller's own profile (spec 1 §2.3 /profile, /profile/password; calls shared/calls/profile.ts):
 * personal fields with their change history, avatar, language, progress and final score, and the
 * password of the embedded identity provider; the account's settings and dashboard widget order.
 */
export const profileModule: FastifyPluginAsync = async (fastify) => {
  // the avatar form: one file, nothing larger than the limit is read
  if (!fastify.hasContentTypeParser('multipart/form-data')) await fastify.register(multipart, { limits: { files: 1, fields: 5, fileSize: PICTURE_MAX_BYTES } });
  propertiesRoutes(fastify);
  pictureRoutes(fastify);
  progressRoutes(fastify);
  passwordRoutes(fastify);
  accountSettingRoutes(fastify);
};
