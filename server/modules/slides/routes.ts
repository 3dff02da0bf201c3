import { and, asc, ilike, inArray, isNull, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { slideCalls, slideKindCalls } from '../../../shared/calls/slides.js';
import { ContentKind, SlideContentTypeCode, slideKinds, type SlideRouteType } from '../../../shared/enums.js';
import type { SlideInput } from '../../../shared/slides.js';
import { programs } from '../../db/schema/index.js';
import { AppError, badRequest, requestLang } from '../../errors.js';
import { route } from '../../http/route.js';
import { translate } from '../../i18n/messages.js';
import { loadExercise, visibleProgramsWhere } from '../programs/access.js';
import { hostedVideoAdapter } from './hostedVideo.js';
import { previewSlide } from './preview.js';
import { bankTables, createSlide, dropSlide, listSlides, loadSlide, reorderSlides, slideValues, toRecords, updateSlide } from './service.js';
import { currentUser } from '../../auth/context.js';
import { forgetExercise } from '../study/hotCache.js';

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
  const db = fastify.db;

  /** the exercise when the caller may author its program (404 otherwise) */
  const exerciseOf = async (request: FastifyRequest, rawId: string) => (await loadExercise(db, currentUser(request), rawId)).exercise;

  route(fastify, slideCalls.list, async (request) => {
    const exercise = await exerciseOf(request, request.params.exerciseId);
    const result = await listSlides(db, exercise.id);
    return { result, metadata: { filteredRecords: result.length } };
  });

  route(fastify, slideCalls.sort, async (request) => {
    const exercise = await exerciseOf(request, request.params.exerciseId);
    await reorderSlides(db, exercise.id, request.body.orders, requestLang(request));
    forgetExercise(db, exercise.id);
    const result = await listSlides(db, exercise.id);
    return { result, metadata: { filteredRecords: result.length } };
  });

  for (const type of Object.keys(slideKinds) as SlideRouteType[]) {
    const calls = slideKindCalls[type];

    route(fastify, calls.create, async (request, reply) => {
      const user = currentUser(request);
      const exercise = await exerciseOf(request, request.params.exerciseId);
      if (exercise.kind === 'scorm') throw badRequest('ScormExercise', { title: 'slides.scormExercise' });
      const values = await slideValues(db, user, type, request.body as SlideInput, requestLang(request));
      const row = await createSlide(db, exercise.id, values);
      forgetExercise(db, exercise.id);
      reply.status(201);
      return (await toRecords(db, [row]))[0];
    });

    route(fastify, calls.get, async (request) => {
      const exercise = await exerciseOf(request, request.params.exerciseId);
      const row = await loadSlide(db, exercise.id, request.params.slideId, type);
      return (await toRecords(db, [row]))[0];
    });

    route(fastify, calls.edit, async (request) => {
      const user = currentUser(request);
      const exercise = await exerciseOf(request, request.params.exerciseId);
      const row = await loadSlide(db, exercise.id, request.params.slideId, type);
      const values = await slideValues(db, user, type, request.body as SlideInput, requestLang(request));
      const updated = await updateSlide(db, row.id, values);
      forgetExercise(db, exercise.id);
      return (await toRecords(db, [updated]))[0];
    });
  }

  route(fastify, slideCalls.drop, async (request, reply) => {
    const exercise = await exerciseOf(request, request.params.exerciseId);
    const row = await loadSlide(db, exercise.id, request.params.slideId);
    await dropSlide(db, row);
    forgetExercise(db, exercise.id);
    return reply.status(204).send();
  });

  route(fastify, slideCalls.preview, async (request) => {
    const exercise = await exerciseOf(request, request.params.exerciseId);
    const row = await loadSlide(db, exercise.id, request.params.slideId);
    const [record] = await toRecords(db, [row]);
    const sessionId = request.body?.sessionId;
    return previewSlide(db, record, sessionId == null ? null : String(sessionId));
  });

  route(fastify, slideCalls.hostedVideoInfo, async (request) => hostedVideoAdapter().videoInfo(db, request.query.link));

  route(fastify, slideCalls.questionChoices, async (request) => {
    const user = currentUser(request);
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

  route(fastify, slideCalls.startHostedUpload, async (request) => {
    const user = currentUser(request);
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
    forgetExercise(db, exercise.id);
      if (e instanceof AppError) throw e;
      throw new AppError(502, 'Kinescope.UploadInit', { title: translate(lang, 'upload.kinescopeFailed') });
    }
  });
}
