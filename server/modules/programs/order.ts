import type { FastifyRequest } from 'fastify';
import { ordersInput } from '../../../shared/programs.js';
import { badRequest, requestLang, validationError, zodFieldErrors } from '../../errors.js';

/**
 * The "repeated orders" of the sort calls: ids in their new order, from a JSON body
 * `{ orders: [..] }` or `[..]`, or the query string with `orders` repeated (API bodies are
 * JSON: server/http/bodyTypes.ts).
 */
export function readOrders(request: FastifyRequest): number[] {
  const body = request.body as unknown;
  const source = Array.isArray(body)
    ? { orders: body }
    : body && typeof body === 'object' && 'orders' in body
      ? body
      : (request.query as Record<string, unknown>);
  const parsed = ordersInput.safeParse(source ?? {});
  if (!parsed.success) throw validationError(zodFieldErrors(parsed.error, requestLang(request)));
  return parsed.data.orders;
}

/** The new order must name every current id exactly once. */
export function checkOrder(orders: number[], current: number[]): void {
  const set = new Set(orders);
  if (set.size !== orders.length || set.size !== current.length || !current.every((id) => set.has(id))) {
    throw badRequest('InvalidOrder', { title: 'programs.badOrders' });
  }
}
