import { eq, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { exercises, lessons } from '../../db/schema/index.js';
import { badRequest, requestLang, validationError } from '../../errors.js';
import { translate } from '../../i18n/messages.js';

/**
 * The "repeated orders" of the sort calls, validated by their declaration (ordersBody,
 * ordersQuery): the ids in their new order from the JSON body (`{ orders }` or the array
 * alone), else from the query string with `orders` repeated (API bodies are JSON).
 */
export function ordersOf(request: FastifyRequest<{ Body: { orders?: number[] } | null | undefined; Querystring: { orders?: number[] } }>): number[] {
  const orders = request.body?.orders ?? request.query.orders;
  if (!orders) throw validationError({ orders: translate(requestLang(request), 'validation.required') });
  return orders;
}

/** The new order must name every current id exactly once. */
function checkOrder(orders: number[], current: number[]): void {
  const set = new Set(orders);
  if (set.size !== orders.length || set.size !== current.length || !current.every((id) => set.has(id))) {
    throw badRequest('InvalidOrder', { title: 'programs.badOrders' });
  }
}

/** Writes a new order (sequence 1..n) of the lessons or exercises `where` selects; it must name each of them once. */
export async function saveOrder(db: Db, table: typeof lessons | typeof exercises, where: SQL, orders: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await tx.select({ id: table.id }).from(table).where(where);
    checkOrder(orders, current.map((c) => c.id));
    for (const [i, id] of orders.entries()) await tx.update(table).set({ sequence: i + 1 }).where(eq(table.id, id));
  });
}
