import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routePath } from '../../../shared/resources/define.js';
import { instructorNews, newsRecord, studentNews, type NewsInput } from '../../../shared/resources/news.js';
import { listAnswerOf, takeSkipQuery } from '../../../shared/resources/paging.js';
import { unauthorized } from '../../errors.js';
import { parseIntId, sanitizeInput } from '../../resources/records.js';
import { createNews, getNews, listNews, updateNews } from './service.js';

/**
 * The news calls at the spec's paths, taken from the shared declarations
 * (shared/resources/news.ts): instructor calls guarded by 'staff', student calls by
 * 'student'; an item is edited by its author, or with rule 'newsOfOthers' (service.ts).
 * Rich text is sanitised before it is written.
 */
const idParams = z.object({ id: z.string() });
const listAnswer = listAnswerOf(newsRecord);

function specOps(decl: typeof instructorNews | typeof studentNews) {
  if (decl.api.conventions !== 'spec') throw new Error(`${decl.name}: expected spec paths`);
  return decl.api.operations;
}

export const newsRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // ---------------------------------------------------------------- instructors
  {
    const ops = specOps(instructorNews);
    const rule = instructorNews.rule;
    const tags = ['news'];
    const body = instructorNews.schema.create;

    app.get(routePath(ops.getList!.path), { config: { rule }, schema: { tags, querystring: takeSkipQuery, response: { 200: listAnswer } } },
      async (request) => listNews(fastify.db, request.query));

    app.get(routePath(ops.getOne!.path), { config: { rule }, schema: { tags, params: idParams, response: { 200: newsRecord } } },
      async (request) => getNews(fastify.db, parseIntId(request.params.id)));

    app.post(routePath(ops.create!.path), { config: { rule }, schema: { tags, body, response: { 201: newsRecord } } },
      async (request, reply) => {
        const input = sanitizeInput<NewsInput>(instructorNews, request.body, body, request);
        reply.status(201);
        if (!request.user) throw unauthorized();
        return createNews(fastify.db, input, request.user.accountId);
      });

    app.post(routePath(ops.update!.path), { config: { rule }, schema: { tags, params: idParams, body, response: { 200: newsRecord } } },
      async (request) => {
        const id = parseIntId(request.params.id);
        const input = sanitizeInput<NewsInput>(instructorNews, request.body, body, request);
        if (!request.user) throw unauthorized();
        return updateNews(fastify.db, id, input, request.user);
      });
  }

  // ---------------------------------------------------------------- students
  {
    const ops = specOps(studentNews);
    const rule = studentNews.rule;
    const tags = ['news'];

    app.get(routePath(ops.getList!.path), { config: { rule }, schema: { tags, querystring: takeSkipQuery, response: { 200: listAnswer } } },
      async (request) => listNews(fastify.db, request.query));

    app.get(routePath(ops.getOne!.path), { config: { rule }, schema: { tags, params: idParams, response: { 200: newsRecord } } },
      async (request) => getNews(fastify.db, parseIntId(request.params.id)));
  }
};
