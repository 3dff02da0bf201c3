import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { questionCalls as calls } from '../../../shared/calls/questions.js';
import { allows } from '../../../shared/permissions.js';
import { questionKindAliases } from '../../../shared/questions/index.js';
import type { Db } from '../../db/client.js';
import { reflectionQuestions } from '../../db/schema/index.js';
import { forbidden, notFound, requestLang, validationError } from '../../errors.js';
import { translate } from '../../i18n/messages.js';
import { route } from '../../http/route.js';
import { parseIntId } from '../../resources/records.js';
import { loadExercise } from '../programs/access.js';
import { bankTables, loadQuestion, userOf } from './access.js';
import { whereUsed } from './used.js';

/**
 * GET /api/questions/{id}/used?type=<kind>: where a question of any kind is used (ids are per
 * kind, so the kind is named). Declared with the looser sequence rule so that an
 * OnlyEditSettings instructor can ask about a sequence question; other kinds need 'resources'.
 * DELETE /api/reflection/questions/{id}: a reflection question of an exercise the caller sees.
 */
export function registerGeneralRoutes(app: FastifyInstance): void {
  const db: Db = app.db;

  route(app, calls.used, async (request) => {
    const user = userOf(request);
    const raw = (request.query.type ?? request.query.kind ?? '').toLowerCase();
    const kind = questionKindAliases[raw];
    if (!kind) throw validationError({ type: translate(requestLang(request), raw ? 'validation.invalid' : 'questions.kindRequired') });
    if (kind !== 'sequence' && !allows(user, 'resources')) throw forbidden();
    const q = await loadQuestion(db, user, bankTables[kind], request.params.id);
    return whereUsed(db, kind, q.id);
  });

  route(app, calls.reflectionDrop, async (request) => {
    const user = userOf(request);
    const id = parseIntId(request.params.id);
    const missing = () => notFound('ReflectionQuestionNotFound', { title: 'questions.reflectionNotFound' });
    if (id === null) throw missing();
    const [row] = await db.select().from(reflectionQuestions).where(eq(reflectionQuestions.id, id)).limit(1);
    if (!row) throw missing();
    await loadExercise(db, user, row.exerciseId).catch(() => { throw missing(); });
    await db.delete(reflectionQuestions).where(eq(reflectionQuestions.id, id));
    return { id };
  });
}
