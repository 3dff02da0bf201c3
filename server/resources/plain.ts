import type { FastifyPluginAsync } from 'fastify';
import { expulsionTemplates } from '../../shared/resources/expulsionTemplates.js';
import { isNull } from 'drizzle-orm';
import { resourceLinks } from '../../shared/resources/resourceLinks.js';
import { currentUser } from '../auth/context.js';
import { courseLinks, expulsionTemplates as expulsionTemplateTable } from '../db/schema/index.js';
import { crudRoutes } from './crud.js';

/**
 * Plain resources: one declaration (shared/resources) over one table, served by the CRUD
 * generator at the declaration's paths. Adding such a resource adds one line here.
 */
export const plainResources: FastifyPluginAsync[] = [
  crudRoutes(expulsionTemplates, { table: expulsionTemplateTable, onCreate: (values, request) => ({ ...values, createdBy: currentUser(request).accountId }) }),
  // the platform's links: rows of no course (a course's own are its links' calls)
  crudRoutes(resourceLinks, { table: courseLinks, scope: () => isNull(courseLinks.courseId) }),
];
