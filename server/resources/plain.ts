import type { FastifyPluginAsync } from 'fastify';
import { expulsionTemplates } from '../../shared/resources/expulsionTemplates.js';
import { currentUser } from '../auth/context.js';
import { expulsionTemplates as expulsionTemplateTable } from '../db/schema/index.js';
import { crudRoutes } from './crud.js';

/**
 * Plain resources: one declaration (shared/resources) over one table, served by the CRUD
 * generator at the declaration's paths. Adding such a resource adds one line here.
 */
export const plainResources: FastifyPluginAsync[] = [
  crudRoutes(expulsionTemplates, { table: expulsionTemplateTable, onCreate: (values, request) => ({ ...values, createdBy: currentUser(request).accountId }) }),
];
