import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { CourseAction } from '../../shared/permissions.js';
import { requestLang, validationError } from '../errors.js';
import { translate } from '../i18n/messages.js';
import { loadCourseAccess, type CourseAccess } from '../modules/courses/access.js';
import { parseIntId } from '../resources/records.js';
import { currentUser } from './context.js';

/**
 * A course-scoped route declares what it does in the course: `config: { rule, course: { action } }`.
 * The course is located in the request (default: the path's `courseId` or `trainingId`) and the
 * caller's course role and panel permissions are checked once, before validation, by the same
 * loader every handler would call (server/modules/courses/access.ts): 404 for a course that is
 * not theirs, 403 for an action that is not. The handler reads the result with `courseOf`.
 */
export interface CourseScope {
  action: CourseAction;
  /** where the course id is, e.g. 'params.id' or 'body.trainingId' (default params.courseId / params.trainingId) */
  from?: `${'params' | 'body' | 'query'}.${string}`;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the course-scoped permission of this route (shared/permissions.ts courseRules) */
    course?: CourseScope;
  }
  interface FastifyRequest {
    courseAccess: CourseAccess | null;
  }
}

function locate(request: FastifyRequest, from: CourseScope['from']): { field: string; value: unknown } {
  const bag = (name: string) => (request as unknown as Record<string, unknown>)[name] as Record<string, unknown> | null | undefined;
  if (from) {
    const [where, field] = from.split('.') as [string, string];
    return { field, value: bag(where)?.[field] };
  }
  const params = bag('params') ?? {};
  return params.courseId !== undefined ? { field: 'courseId', value: params.courseId } : { field: 'trainingId', value: params.trainingId };
}

export function courseScopeHook(scope: CourseScope): preValidationAsyncHookHandler {
  return async function checkCourseScope(request) {
    const { field, value } = locate(request, scope.from);
    if (value === undefined || value === null || value === '') {
      throw validationError({ [field]: translate(requestLang(request), 'validation.required') });
    }
    // a malformed id in the path is a course that does not exist (404); in a body or query, a bad field (400)
    if (scope.from && !scope.from.startsWith('params.') && parseIntId(value as string | number) === null) {
      throw validationError({ [field]: translate(requestLang(request), 'validation.invalid') });
    }
    request.courseAccess = await loadCourseAccess(request.server.db, currentUser(request), value as string | number, scope.action);
  };
}

/** The course and the caller's membership, as checked for this route's declared course scope. */
export function courseOf(request: FastifyRequest): CourseAccess {
  if (!request.courseAccess) throw new Error(`${request.method} ${request.url}: no course scope declared for this route`);
  return request.courseAccess;
}
