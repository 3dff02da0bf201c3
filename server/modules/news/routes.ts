import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { newsCalls, newsInput, type NewsInput } from '../../../shared/calls/news.js';
import { instructorNews } from '../../../shared/resources/news.js';
import { currentUser } from '../../auth/context.js';
import { route } from '../../http/route.js';
import { parseIntId, sanitizeInput } from '../../resources/records.js';
import { createNews, getNews, listNews, updateNews } from './service.js';

/**
 * The news calls (shared/calls/news.ts): instructors list, read, publish and edit; an item is
 * edited by its author, or with rule 'newsOfOthers' (service.ts); students read. Rich text is
 * sanitised before it is written.
 */
export const newsRoutes: FastifyPluginAsync = async (fastify) => {
  const { db } = fastify;
  // rich text cleaned, then checked again (a text of markup only is empty)
  const input = (request: FastifyRequest<{ Body: NewsInput }>) => sanitizeInput<NewsInput>(instructorNews, request.body, newsInput, request);

  route(fastify, newsCalls.instructorList, async (request) => listNews(db, request.query));
  route(fastify, newsCalls.instructorGet, async (request) => getNews(db, parseIntId(request.params.id)));
  route(fastify, newsCalls.create, async (request, reply) => {
    const item = await createNews(db, input(request), currentUser(request).accountId);
    return reply.status(201).send(item);
  });
  route(fastify, newsCalls.update, async (request) => updateNews(db, parseIntId(request.params.id), input(request), currentUser(request)));

  route(fastify, newsCalls.studentList, async (request) => listNews(db, request.query));
  route(fastify, newsCalls.studentGet, async (request) => getNews(db, parseIntId(request.params.id)));
};
