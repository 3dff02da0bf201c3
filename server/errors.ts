import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ZodError } from 'zod';
import { pickLang, translate, type Lang } from './i18n/messages.js';

/**
 * One error module. Every failure leaves the server as the spec's error shape
 * (spec 3 §8.1): { ErrorCode, Title, Description, Redirect?, ErrorCodeMessage? },
 * plus `errors` ({ field: message }) for field-level validation so react-admin
 * can show them next to inputs.
 */
export interface ErrorBody {
  ErrorCode: string;
  Title: string;
  Description: string;
  Redirect?: string;
  ErrorCodeMessage?: string;
  errors?: Record<string, string>;
  [extra: string]: unknown;
}

export interface AppErrorOptions {
  /** message key (server/i18n) or literal text for Title */
  title?: string;
  /** message key or literal text for Description */
  description?: string;
  vars?: Record<string, string | number>;
  redirect?: string;
  errorCodeMessage?: string;
  fields?: Record<string, string>;
  /** extra top-level properties the spec names, e.g. InvitationDate */
  extra?: Record<string, unknown>;
}

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly options: AppErrorOptions = {},
  ) {
    super(`${status}.${code}`);
  }
}

const defaults: Record<number, { code: string; key: string }> = {
  400: { code: 'BadRequest', key: 'error.badRequest' },
  401: { code: 'Unauthorized', key: 'error.unauthorized' },
  403: { code: 'Forbidden', key: 'error.forbidden' },
  404: { code: 'NotFound', key: 'error.notFound' },
  409: { code: 'Conflict', key: 'error.conflict' },
  413: { code: 'PayloadTooLarge', key: 'error.tooLarge' },
  415: { code: 'UnsupportedMediaType', key: 'error.unsupportedMediaType' },
  429: { code: 'TooManyRequests', key: 'error.tooManyRequests' },
  500: { code: 'InternalError', key: 'error.internal' },
};

export const badRequest = (code = 'BadRequest', o?: AppErrorOptions) => new AppError(400, code, { title: 'error.badRequest', ...o });
export const unauthorized = () => new AppError(401, 'Unauthorized', { title: 'error.unauthorized' });
export const forbidden = (code = 'Forbidden', o?: AppErrorOptions) => new AppError(403, code, { title: 'error.forbidden', ...o });
export const notFound = (code = 'NotFound', o?: AppErrorOptions) => new AppError(404, code, { title: 'error.notFound', ...o });
export const conflict = (code = 'Conflict', o?: AppErrorOptions) => new AppError(409, code, { title: 'error.conflict', ...o });

export function requestLang(request: FastifyRequest): Lang {
  return pickLang(request.cookies?.elp_lang, request.headers['accept-language']);
}

function zodIssueKey(issue: { code: string; message?: string }): string {
  if (issue.message && issue.message.includes('.') && !issue.message.includes(' ')) return issue.message;
  switch (issue.code) {
    case 'too_small': return 'validation.tooSmall';
    case 'too_big': return 'validation.tooBig';
    case 'invalid_type': return 'validation.invalidType';
    case 'invalid_format': return 'validation.invalid';
    default: return 'validation.invalid';
  }
}

/** Field errors from a ZodError, translated, keyed by dotted path. */
export function zodFieldErrors(error: Pick<ZodError, 'issues'>, lang: Lang): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || '_';
    if (!fields[path]) {
      // zod 4 leaves the input out of its issues; its default message still says what arrived
      const input = (issue as { input?: unknown }).input;
      const missing = issue.code === 'invalid_type' && ('input' in issue ? input === undefined : /received undefined$/.test(issue.message ?? ''));
      fields[path] = translate(lang, missing ? 'validation.required' : zodIssueKey(issue));
    }
  }
  return fields;
}

export function validationError(fields: Record<string, string>): AppError {
  return new AppError(400, 'ValidationError', { title: 'error.validation', fields });
}

function bodyFor(err: AppError, lang: Lang): ErrorBody {
  const o = err.options;
  const fallback = defaults[err.status] ?? defaults[500];
  const title = translate(lang, o.title ?? fallback.key, o.vars);
  const description = o.description ? translate(lang, o.description, o.vars) : title;
  const body: ErrorBody = { ErrorCode: err.code, Title: title, Description: description, ...o.extra };
  if (o.redirect) body.Redirect = o.redirect;
  if (o.errorCodeMessage) body.ErrorCodeMessage = o.errorCodeMessage;
  if (o.fields) body.errors = o.fields;
  return body;
}

export function sendError(reply: FastifyReply, err: AppError): FastifyReply {
  return reply.status(err.status).type('application/json').send(bodyFor(err, requestLang(reply.request)));
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    const lang = requestLang(request);
    if (error instanceof AppError) return sendError(reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      // fastify-type-provider-zod 6 hands each zod issue over as { keyword: code, message,
      // instancePath: '/a/b', params: the rest of the issue }; rebuild the issue from it.
      const issues = error.validation.map((v) => ({
        ...(v.params as Record<string, unknown>),
        code: v.keyword,
        message: v.message,
        path: v.instancePath.split('/').filter(Boolean),
      }));
      return sendError(reply, validationError(zodFieldErrors({ issues } as never, lang)));
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      const d = defaults[status] ?? defaults[400];
      const code = status === 400 && (error as FastifyError).code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'InvalidJson' : d.code;
      return sendError(reply, new AppError(status, code, { title: d.key }));
    }
    // 5xx: log the detail, hide it from the caller.
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, new AppError(500, 'InternalError', { title: 'error.internal' }));
  });

}
