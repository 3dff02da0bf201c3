import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { dictionaryCalls } from '../../../shared/calls/dictionaries.js';
import { dictionaries, hierarchies } from '../../db/schema/index.js';
import { notFound } from '../../errors.js';
import { route } from '../../http/route.js';
import { childNodes, dictionaryChoices, treeToValue } from './sources.js';

const dictionaryNotFound = () => notFound('NotFound', { title: 'attributes.dictionaryNotFound' });
const hierarchyNotFound = () => notFound('NotFound', { title: 'attributes.hierarchyNotFound' });

/** Dictionaries and hierarchies (spec 3 §7.2): the choices of reference, set and hierarchy attributes; the tree picker's calls. */
export function dictionaryRoutes(fastify: FastifyInstance): void {
  const db = fastify.db;
  const hierarchyExists = async (id: string) => (await db.select({ id: hierarchies.id }).from(hierarchies).where(eq(hierarchies.id, id))).length > 0;

  route(fastify, dictionaryCalls.dictionary, async (request) => {
    const { id } = request.params;
    const [dictionary] = await db.select({ id: dictionaries.id }).from(dictionaries).where(eq(dictionaries.id, id));
    if (!dictionary) throw dictionaryNotFound();
    return (await dictionaryChoices(db, [id])).get(id) ?? [];
  });

  route(fastify, dictionaryCalls.children, async (request) => {
    const { id } = request.params;
    if (!(await hierarchyExists(id))) throw hierarchyNotFound();
    return childNodes(db, id, request.query.node ?? null);
  });

  route(fastify, dictionaryCalls.tree, async (request) => {
    const { id, value } = request.params;
    if (!(await hierarchyExists(id))) throw hierarchyNotFound();
    const tree = await treeToValue(db, id, value);
    if (!tree) throw notFound('NotFound', { title: 'attributes.hierarchyValueNotFound' });
    return tree;
  });
}
