import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { slideKinds, type SlideRouteType } from '../../../shared/enums.js';
import { listAnswerOf } from '../../../shared/resources/paging.js';
import { hostedVideoUploadInput, slideInputs, slideOrderInput, slideRecord, type SlideInput } from '../../../shared/slides.js';
import type { AuthUser } from '../../auth/context.js';
import { AppError, badRequest, requestLang, unauthorized } from '../../errors.js';
import { translate } from '../../i18n/messages.js';
import { loadExercise } from '../programs/access.js';
import { hostedVideoAdapter } from './hostedVideo.js';
import { previewSlide } from './preview.js';
import { bankTables, createSlide, dropSlide, listSlides, loadSlide, reorderSlides, slideValues, toRecords, updateSlide } from './service.js';
import { and, asc, ilike, inArray, isNull, or } from 'drizzle-orm';
import { programs } from '../../db/schema/index.js';
import { visibleProgramsWhere } from '../programs/access.js';
import { ContentKind, SlideContentTypeCode } from '../../../shared/enums.js';

const P = '/api/instructors/Exercises/:exerciseId/Pages';
const tags = ['slides'];
const config = { rule: 'slides' as const };
const exerciseParams = z.object({ exerciseId: z.string() });
const slideParams = z.object({ exerciseId: z.string(), slideId: z.string() });

function userOf(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** which bank a `{type}` of GET /api/instructors/questions/types/{type} names (API kind, route type, ContentKind or content type code) */
function bankOfType(type: string): keyof typeof bankTables | undefined {
  const t = type.toLowerCase();
  const table: Record<string, keyof typeof bankTables> = {
    answers: 'closed', closed: 'closed', 'answers-question': 'closed', [String(ContentKind.answers)]: 'closed',
    [SlideContentTypeCode.radio]: 'closed', [SlideContentTypeCode.checkbox]: 'closed',
    free: 'free', 'free-question': 'free', [String(ContentKind.free)]: 'free',
    matches: 'matching', matching: 'matching', 'matching-question': 'matching', [String(ContentKind.matching)]: 'matching', [SlideContentTypeCode.matching]: 'matching',
    sequence: 'sequence', sequences: 'sequence', 'sequence-question': 'sequence', [String(ContentKind.sequence)]: 'sequence', [SlideContentTypeCode.sequence]: 'sequence',
    code: 'code', 'code-question': 'code', [String(ContentKind.code)]: 'code', [SlideContentTypeCode.codeEditor]: 'code',
  };
  return table[t];
}

export function registerSlideRoutes(fastify: FastifyInstance): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = fastify.db;
  const listAnswer = listAnswerOf(slideRecord);

  /** the exercise when the caller may author its program (404 otherwise) */
  const exerciseOf = async (request: FastifyRequest, rawId: string) => (await loadExercise(db, userOf(request), rawId)).exercise;

  app.get(P, {
    config,
    schema: { tags, summary: 'Slides of an exercise in their order (one record shape with the detail)', params: exerciseParams, response: { 200: listAnswer } },
  }, async (request) => {
    const exercise = await exerciseOf(request, request.params.exerciseId);
    const result = await listSlides(db, exercise.id);
    return { result, metadata: { filteredRecords: result.length } };
  });

  app.post(`${P}/Sort`, {
    config,
    schema: { tags, summary: 'Reorder the slides: `orders` lists every slide id once, in the new order', params: exerciseParams, body: slideOrderInput, response: { 200: listAnswer } },
  }, async (request) => {
    const exercise = await exerciseOf(request, request.params.exerciseId);
    await reorderSlides(db, exercise.id, request.body.orders, requestLang(request));
    const result = await listSlides(db, exercise.id);
    return { result, metadata: { filteredRecords: result.length } };
  });

  for (const type of Object.keys(slideKinds) as SlideRouteType[]) {
    const { apiKind } = slideKinds[type];
    const body = slideInputs[type];

    app.post(`${P}/${apiKind}`, {
      config,
      schema: { tags, summary: `Create a ${type} slide`, params: exerciseParams, body, response: { 201: slideRecord } },
    }, async (request, reply) => {
      const user = userOf(request);
      const exercise = await exerciseOf(request, request.params.exerciseId);
      if (exercise.kind === 'scorm') throw badRequest('ScormExercise', { title: 'slides.scormExercise' });
      const values = await slideValues(db, user, type, request.body as SlideInput, requestLang(request));
      const row = await createSlide(db, exercise.id, values);
      reply.status(201);
      return (await toRecords(db, [row]))[0];
    });

    app.get(`${P}/:slideId/${apiKind}`, {
      config,
      schema: { tags, summary: `Load a ${type} slide for editing`, params: slideParams, response: { 200: slideRecord } },
    }, async (request) => {
      const exercise = await exerciseOf(request, request.params.exerciseId);
      const row = await loadSlide(db, exercise.id, request.params.slideId, type);
      return (await toRecords(db, [row]))[0];
    });

    app.put(`${P}/:slideId/Edit/${apiKind}`, {
      config,
      schema: { tags, summary: `Edit a ${type} slide (same body as create)`, params: slideParams, body, response: { 200: slideRecord } },
    }, async (request) => {
      const user = userOf(request);
      const exercise = await exerciseOf(request, request.params.exerciseId);
      const row = await loadSlide(db, exercise.id, request.params.slideId, type);
      const values = await slideValues(db, user, type, request.body as SlideInput, requestLang(request));
      return (await toRecords(db, [await updateSlide(db, row.id, values)]))[0];
    });
  }

  app.delete(`${P}/:slideId/Drop`, {
    config,
    schema: { tags, summary: 'Drop a slide (the order closes up)', params: slideParams },
  }, async (request, reply) => {
    const exercise = await exerciseOf(request, request.params.exerciseId);
    const row = await loadSlide(db, exercise.id, request.params.slideId);
    await dropSlide(db, row);
    return reply.status(204).send();
  });

  app.post(`${P}/:slideId/PreviewPage`, {
    config,
    schema: {
      tags,
      summary: 'The slide as a student sees it (no answers); sessionId optional',
      params: slideParams,
      body: z.object({ sessionId: z.union([z.string(), z.number()]).nullish() }).nullish(),
    },
  }, async (request) => {
    const exercise = await exerciseOf(request, request.params.exerciseId);
    const row = await loadSlide(db, exercise.id, request.params.slideId);
    const [record] = await toRecords(db, [row]);
    const sessionId = request.body?.sessionId;
    return previewSlide(db, record, sessionId == null ? null : String(sessionId));
  });

  app.get('/api/instructors/exercises/get-kinescope-video-info', {
    config,
    schema: {
      tags,
      summary: 'Details of a hosted video by its link: { link, downloadLinks[{ link, quality, fileSize }] } (own storage by default; Kinescope when configured)',
      querystring: z.object({ link: z.string().min(1).max(2000) }),
      response: { 200: z.object({ link: z.string(), downloadLinks: z.array(z.object({ link: z.string(), quality: z.string(), fileSize: z.number() })) }) },
    },
  }, async (request) => hostedVideoAdapter().videoInfo(db, request.query.link));

  app.get('/api/instructors/questions/types/:type', {
    config,
    schema: {
      tags,
      summary: 'Bank questions a question slide may show: type answers | free | matches | sequence | code (or the ContentKind code); ?search=, ?courseId=',
      params: z.object({ type: z.string() }),
      querystring: z.object({ search: z.string().max(200).optional(), courseId: z.coerce.number().int().positive().optional() }),
      response: { 200: z.array(z.object({ id: z.number(), label: z.string(), programId: z.number().nullable() })) },
    },
  }, async (request) => {
    const user = userOf(request);
    const bank = bankOfType(request.params.type);
    if (!bank) throw new AppError(404, 'NotFound', { title: 'slides.unknownKind' });
    const table = bankTables[bank];
    const visible = visibleProgramsWhere(user);
    const search = request.query.search?.trim();
    const where = and(
      visible ? or(isNull(table.programId), inArray(table.programId, db.select({ id: programs.id }).from(programs).where(visible))) : undefined,
      request.query.courseId ? or(isNull(table.programId), inArray(table.programId, [request.query.courseId])) : undefined,
      search ? ilike(table.label, `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
    );
    return db.select({ id: table.id, label: table.label, programId: table.programId }).from(table).where(where).orderBy(asc(table.label)).limit(500);
  });

  app.post('/api/instructors/Storage/Kinescope/Upload/:exerciseId', {
    config,
    schema: {
      tags,
      summary: 'Start a hosted-video upload: creates the slide and answers { uploadEndpoint, pageId, metadata } for a resumable (tus) upload',
      params: exerciseParams,
      body: hostedVideoUploadInput,
      response: { 200: z.object({ uploadEndpoint: z.string(), pageId: z.number(), metadata: z.record(z.string(), z.string()) }) },
    },
  }, async (request) => {
    const user = userOf(request);
    const exercise = await exerciseOf(request, request.params.exerciseId);
    const lang = requestLang(request);
    const { title, filename, size } = request.body;
    const adapter = hostedVideoAdapter();
    // the slide first (its id names the upload's target), then the endpoint
    const values = await slideValues(db, user, 'kinescope', { label: title, videoId: 'pending' } as SlideInput, lang);
    const row = await createSlide(db, exercise.id, { ...values, content: { kind: 'hostedVideo' } });
    try {
      const { uploadEndpoint, metadata } = await adapter.createUpload({ title, filename, size, slideId: row.id });
      if (metadata.videoId) await updateSlide(db, row.id, { ...values, content: { kind: 'hostedVideo', videoId: metadata.videoId } });
      return { uploadEndpoint, pageId: row.id, metadata };
    } catch (e) {
      await dropSlide(db, row);
      if (e instanceof AppError) throw e;
      throw new AppError(502, 'Kinescope.UploadInit', { title: translate(lang, 'upload.kinescopeFailed') });
    }
  });
}
