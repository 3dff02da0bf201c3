/**
 * One call declaration per spec call (spec 3 §7): method, path in the spec's spelling, the
 * schemas of its path, query and body, its answer, and its permission rule. The server
 * registers the route from it (validation, guard, OpenAPI: server/http/route.ts); the browser
 * calls it through one typed client (src/http/client.ts). Plain data: no React, no Node.
 */
import type { z } from 'zod';
import type { CourseAction, RuleKey } from '../permissions';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** An answer known to TypeScript only: the server does not check it (declare a zod schema to have it checked). */
export interface Returns<T> {
  readonly returns?: T;
}
export const returns = <T>(): Returns<T> => ({});

export interface CallSpec {
  /** `<area>.<name>` (set by defineCalls): the call as the audit journal names it */
  name?: string;
  method: HttpMethod;
  /** the spec's path with `{name}` parameters; the server answers it in any letter case */
  path: string;
  /** the rule of shared/permissions.ts the caller must pass (the server denies by default) */
  rule: RuleKey;
  /** for a call about one course: what it does there (course role and panel permissions) and where its id is */
  course?: { action: CourseAction; from?: `${'params' | 'body' | 'query'}.${string}` };
  /** path parameters (default: each `{name}` of the path as a string) */
  params?: z.ZodType;
  query?: z.ZodType;
  /** a JSON body */
  body?: z.ZodType;
  /** a body that is not JSON: multipart form data (files) or the bytes themselves */
  bodyKind?: 'multipart' | 'raw';
  /** the answer: a zod schema (checked by the server) or `returns<T>()` (a type only) */
  response?: z.ZodType | Returns<unknown>;
  /** the status of success when not 200 (e.g. 201 for a create) */
  status?: number;
  /** a POST that changes nothing (a search or a view with a body, a preview): not a change for the audit journal */
  reads?: true;
  /**
   * a write the client may resend after a lost answer: with an `Idempotency-Key` header a repeat
   * gets the first answer and changes nothing (server/http/idempotency.ts; the client sends the key)
   */
  idempotent?: true;
  /** OpenAPI grouping and one line on what it does */
  tags: readonly string[];
  summary?: string;
}

/** Declares a call; the literal types are kept so both sides can infer paths and schemas. */
export function defineCall<const C extends CallSpec>(call: C): C {
  return call;
}

/**
 * Declares the calls of an area; every call gets the area's tag unless it names its own, and the
 * name `<area>.<key>` (`area` defaults to the tag; areas sharing one tag name their own).
 */
export function defineCalls<const T extends Record<string, Omit<CallSpec, 'tags' | 'name'> & { tags?: readonly string[] }>>(
  tag: string,
  calls: T,
  area: string = tag,
): { [K in keyof T]: T[K] & { tags: readonly string[]; name: string } } {
  const out: Record<string, CallSpec> = {};
  for (const [name, call] of Object.entries(calls)) out[name] = { ...call, name: `${area}.${name}`, tags: call.tags ?? [tag] } as CallSpec;
  return out as { [K in keyof T]: T[K] & { tags: readonly string[]; name: string } };
}

/** The name the audit journal gives a call: its declared name, else its area and route. */
export const callName = (call: CallSpec): string => call.name ?? `${call.tags[0] ?? 'api'}:${call.method} ${call.path}`;

// ---------------------------------------------------------------- paths

type ParamNames<P extends string> = P extends `${string}{${infer N}}${infer Rest}` ? N | ParamNames<Rest> : never;

export type Identifier = string | number;

/** The values of a path's `{name}` parameters. */
export type PathParams<P extends string> = { [K in ParamNames<P>]: Identifier };

/** The names of a path's `{name}` parameters, in order. */
export function paramNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
}

/** `/api/x/{id}` + 5 → `/api/x/5` (values URL-encoded). */
export function fillPath(path: string, params: Record<string, Identifier> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = params[name];
    if (v === undefined) throw new Error(`Path ${path}: no value for {${name}}`);
    return encodeURIComponent(String(v));
  });
}

/** `/api/x/{id}` → `/api/x/:id` (the server's path syntax). */
export const routePath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

// ---------------------------------------------------------------- types both sides infer

type Out<S> = S extends z.ZodType ? z.output<S> : never;
type In<S> = S extends z.ZodType ? z.input<S> : never;

/** What the handler receives as path parameters. */
export type ParamsOf<C extends CallSpec> = C['params'] extends z.ZodType ? Out<C['params']> : { [K in ParamNames<C['path']>]: string };
export type QueryOf<C extends CallSpec> = C['query'] extends z.ZodType ? Out<C['query']> : unknown;
export type BodyOf<C extends CallSpec> = C['body'] extends z.ZodType ? Out<C['body']> : unknown;

/** What the call answers. */
export type ResponseOf<C extends CallSpec> = C['response'] extends z.ZodType
  ? z.output<C['response']>
  : C['response'] extends Returns<infer T>
    ? T
    : unknown;

/**
 * What a server handler may return for an answer of type T: JSON writes a Date as its ISO
 * string, so a Date may stand wherever T has a plain string (dates on the wire are ISO strings).
 */
export type WithDates<T> = T extends readonly (infer U)[]
  ? readonly WithDates<U>[]
  : T extends object
    ? { [K in keyof T]: WithDates<T[K]> }
    : string extends T
      ? T | Date
      : T;

/** What the client passes: the path's parameters, the query and the body, as the schemas take them. */
export type CallArgs<C extends CallSpec> = ([ParamNames<C['path']>] extends [never] ? { params?: undefined } : { params: PathParams<C['path']> }) &
  (C['query'] extends z.ZodType ? { query?: In<C['query']> } : { query?: undefined }) &
  (C['body'] extends z.ZodType
    ? { body: In<C['body']> }
    : C['bodyKind'] extends 'multipart'
      ? { body: FormData }
      : C['bodyKind'] extends 'raw'
        ? { body: Blob | ArrayBuffer | string }
        : { body?: undefined });
