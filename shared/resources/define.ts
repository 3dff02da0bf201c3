/**
 * A resource is declared once (ARCHITECTURE §4): its zod schemas, its operations on
 * the HTTP API, its labels, list columns, filters, form inputs and the permission rule.
 * The server builds validation and (for plain CRUD) its routes from it; the client builds
 * the dataProvider mapping and the default List/Edit/Create screens from it.
 *
 * Plain TypeScript: no React, no Node. UI metadata lives beside the schemas (`ui`),
 * never inside them, so a zod upgrade cannot break the screens.
 */
import { z } from 'zod';
import { defineCall, paramNames, type CallSpec } from '../http/call';
import type { CourseAction, RuleKey } from '../permissions';

/** Any zod object schema (record or input). */
export type ObjectSchema = z.ZodObject<z.ZodRawShape>;

export type { Identifier } from '../http/call';
import type { Identifier } from '../http/call';

/** How a field is shown and edited. */
export type FieldKind =
  | 'text'
  | 'longText'
  /** sanitised HTML: the server cleans it (server/richtext), the client renders it through DOMPurify */
  | 'richText'
  | 'number'
  | 'boolean'
  | 'date'
  | 'dateTime'
  | 'select'
  /** an id of a record of another resource; declared explicitly, never guessed from the name */
  | 'reference';

export interface FieldUi {
  kind: FieldKind;
  /** i18n key; default `resources.<name>.fields.<field>` */
  label?: string;
  /** for kind 'select': the allowed values and the i18n keys of their names */
  choices?: ReadonlyArray<{ id: string | number; name: string }>;
  /** for kind 'reference': the resource the id points to */
  reference?: string;
  /** shown on the forms but never sent (e.g. `created`) */
  readOnly?: boolean;
  /** a help text (i18n key) under the input */
  helperText?: string;
}

export interface ColumnSpec<F extends string = string> {
  source: F;
  /** default: the field's kind */
  kind?: FieldKind;
  /** default true for every column but rich text */
  sortable?: boolean;
}

/**
 * A list filter, as react-admin sends it in `filter` (`{ [source]: value }`).
 * - `search`: free text matched (case-insensitively, as a substring) against `fields`
 * - `eq`: the field equals the value (or one of the values of an array)
 * - `gte` / `lte`: the field is at least / at most the value (dates, numbers)
 * - `param`: not a field: the call's own parameter (e.g. a profile attribute the server filters by)
 */
export type FilterSpec<F extends string = string> =
  | { source: string; op: 'search'; fields: readonly F[]; alwaysOn?: boolean; label?: string }
  /** a value passed on to the call as it is (spec calls only): the operation's `request` decides what it means */
  | { source: string; op: 'param'; alwaysOn?: boolean; label?: string }
  | {
      source: string;
      op: 'eq' | 'gte' | 'lte';
      field: F;
      alwaysOn?: boolean;
      label?: string;
      /** the values to choose from (i18n keys as names), whatever the field's kind */
      choices?: ReadonlyArray<{ id: string | number; name: string }>;
    };

/** One value of a query string. */
export type QueryValue = string | number | boolean | undefined | ReadonlyArray<string | number>;

/** What a call sends besides its path: a query string and/or a JSON body. */
export interface HttpRequestParts {
  /** a list repeats its key (`?type=3&type=16`), as the spec's repeated parameters */
  query?: Record<string, QueryValue>;
  body?: unknown;
}

/** A list request after the paging/sort/filter transforms (take/skip paging). */
export interface ListRequest {
  take: number;
  skip: number;
  sort?: { field: string; order: 'ASC' | 'DESC' };
  filter: Record<string, unknown>;
  /** the values of the resource's scope parameters (e.g. `{ courseId }`) */
  scope?: Record<string, Identifier>;
}

/** The values of a scoped resource's scope parameters, for calls that carry them outside the path. */
export type ScopeValues = Record<string, Identifier>;

/**
 * A page of records: with the total, or (a list too long to count each time) whether pages follow
 * and precede it; `meta` is what the answer says besides its rows (react-admin's list context has it).
 */
export type ListResult<R> = ({ data: R[]; total: number } | { data: R[]; total?: undefined; pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean } }) & { meta?: Record<string, unknown> };

/**
 * How react-admin's operations map onto declared calls (shared/calls). The record's id fills the
 * one path parameter that is not a scope parameter (`{id}`, `{linkId}` ...). Absent operations
 * are not offered (no button; the dataProvider refuses).
 */
export interface ResourceOperations<R> {
  getList?: {
    call: CallSpec;
    /** default: query `{ take, skip, ...filter }` */
    request?: (req: ListRequest) => HttpRequestParts;
    /** default: ListAnswer `{ result, metadata: { filteredRecords } }`; `req` lets a whole-list answer be paged here (`wholeList`) */
    response?: (json: unknown, req: ListRequest) => ListResult<R>;
  };
  getOne?: { call: CallSpec; response?: (json: unknown) => R };
  create?: {
    call: CallSpec;
    /** default: the body is the data, restricted to the create schema's fields; `scope` for a body that names its course */
    request?: (data: Record<string, unknown>, scope: ScopeValues) => HttpRequestParts;
    response?: (json: unknown) => R;
  };
  update?: {
    call: CallSpec;
    request?: (data: Record<string, unknown>, id: Identifier, scope: ScopeValues) => HttpRequestParts;
    response?: (json: unknown) => R;
  };
  delete?: { call: CallSpec; response?: (json: unknown) => R | undefined };
}

export type ResourceApi<R> =
  /**
   * ra-data-simple-rest conventions at `basePath` (which may hold scope parameters such as
   * `{courseId}`): GET basePath?sort&range&filter (an array and Content-Range), GET/PUT/DELETE
   * basePath/{id}, POST basePath. The calls are generated (`crudCalls`), and so are the server's
   * routes over one table (server/resources/crud.ts).
   */
  | { conventions: 'simple-rest'; basePath: string }
  /** the spec's own calls, operation by operation */
  | { conventions: 'calls'; operations: ResourceOperations<R> };

export interface ResourceDeclaration<
  Rec extends ObjectSchema = ObjectSchema,
  Create extends ObjectSchema = ObjectSchema,
  Update extends ObjectSchema = ObjectSchema,
> {
  /** the react-admin resource name (and its i18n key `resources.<name>`) */
  name: string;
  schema: {
    /** what getList and getOne answer: one record shape (react-admin needs it) */
    record: Rec;
    create: Create;
    /** default: the create schema */
    update: Update;
  };
  api: ResourceApi<z.infer<Rec>>;
  /** the rule of shared/permissions.ts guarding every operation */
  rule: RuleKey;
  /**
   * Path parameters the resource lives under (e.g. `['courseId']` for a course's records): the
   * screens take them from their route, the dataProvider from `meta.scope`.
   */
  scope?: readonly string[];
  /** a resource inside one course: what reading and changing it need there (course role, panel permission) */
  course?: { read: CourseAction; write: CourseAction };
  /** UI metadata, beside the schemas */
  ui: {
    /** i18n key of the resource name; default `resources.<name>.name` */
    label?: string;
    /** how a record is named in titles and references */
    recordRepresentation?: keyof z.infer<Rec> & string;
    fields: { [K in keyof z.infer<Rec> & string]?: FieldUi };
    list: {
      columns: ReadonlyArray<ColumnSpec<keyof z.infer<Rec> & string>>;
      filters?: ReadonlyArray<FilterSpec<keyof z.infer<Rec> & string>>;
      sort?: { field: keyof z.infer<Rec> & string; order: 'ASC' | 'DESC' };
      perPage?: number;
    };
    /** fields of the create/edit form, in order; default: the update schema's fields */
    inputs?: ReadonlyArray<keyof z.infer<Rec> & string>;
  };
}

export type RecordOf<D> = D extends ResourceDeclaration<infer R> ? z.infer<R> : never;

/**
 * Declarations that load with their area's screens, so their schemas stay out of a learner's
 * first load: the names are known up front, the declarations are imported on first use.
 */
export interface DeclarationGroup {
  names: readonly string[];
  load: () => Promise<readonly ResourceDeclaration[]>;
}

/** Declares a resource; fills in the defaults. */
export function defineResource<Rec extends ObjectSchema, Create extends ObjectSchema, Update extends ObjectSchema = Create>(decl: {
  name: string;
  schema: { record: Rec; create: Create; update?: Update };
  api: ResourceApi<z.infer<Rec>>;
  rule: RuleKey;
  scope?: readonly string[];
  course?: { read: CourseAction; write: CourseAction };
  ui: ResourceDeclaration<Rec, Create, Update>['ui'];
}): ResourceDeclaration<Rec, Create, Update> {
  if (!/^[a-z][a-z0-9-]*$/.test(decl.name)) throw new Error(`Resource name "${decl.name}": use lower-case words joined by "-"`);
  return {
    ...decl,
    schema: { ...decl.schema, update: (decl.schema.update ?? decl.schema.create) as Update },
  };
}

// ------------------------------------------------------------------ helpers for both sides

/** The i18n key of the resource name. */
export const resourceLabel = (d: ResourceDeclaration) => d.ui.label ?? `resources.${d.name}.name`;

/** The i18n key of a field label. */
export function fieldLabel(d: ResourceDeclaration, field: string): string {
  return (d.ui.fields as Record<string, FieldUi | undefined>)[field]?.label ?? `resources.${d.name}.fields.${field}`;
}

/** The declared kind of a field (default 'text'). */
export function fieldKind(d: ResourceDeclaration, field: string): FieldKind {
  return (d.ui.fields as Record<string, FieldUi | undefined>)[field]?.kind ?? 'text';
}

/** Fields declared as rich text: the server sanitises them before writing. */
export function richTextFields(d: ResourceDeclaration): string[] {
  return Object.entries(d.ui.fields as Record<string, FieldUi | undefined>)
    .filter(([, f]) => f?.kind === 'richText')
    .map(([k]) => k);
}

/** Fields of the edit/create form. */
export function formInputs(d: ResourceDeclaration): string[] {
  return d.ui.inputs ? [...d.ui.inputs] : Object.keys(d.schema.update.shape);
}

/** Which react-admin operations the declaration offers. */
export function offers(d: ResourceDeclaration, op: keyof ResourceOperations<unknown>): boolean {
  return d.api.conventions === 'simple-rest' || d.api.operations[op] !== undefined;
}

/** `?x=<json>` parsed and then validated by `schema`. */
const jsonParam = <T extends z.ZodType>(schema: T) =>
  z
    .string()
    .transform((s, ctx) => {
      try {
        return JSON.parse(s) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'validation.invalid' });
        return z.NEVER;
      }
    })
    .pipe(schema);

/** The query of a simple-rest list call (ra-data-simple-rest): sort, range and filter as JSON. */
export const simpleRestListQuery = z.object({
  sort: jsonParam(z.tuple([z.string(), z.enum(['ASC', 'DESC'])])).optional(),
  range: jsonParam(z.tuple([z.number().int().min(0), z.number().int().min(0)])).optional(),
  filter: jsonParam(z.record(z.string(), z.unknown())).optional(),
});

/** The calls of a simple-rest resource (list, get, create, update, delete at its basePath). */
export function crudCalls(d: ResourceDeclaration) {
  if (d.api.conventions !== 'simple-rest') throw new Error(`${d.name}: not a simple-rest resource`);
  const base = d.api.basePath.replace(/\/$/, '');
  const tags = [d.name];
  const read = d.course ? { course: { action: d.course.read } } : {};
  const write = d.course ? { course: { action: d.course.write } } : {};
  return {
    list: defineCall({
      name: `${d.name}.list`,
      method: 'GET',
      path: base,
      rule: d.rule,
      ...read,
      query: simpleRestListQuery,
      response: z.array(d.schema.record),
      tags,
      summary: `The ${d.name} list (sort, range, filter as JSON; Content-Range)`,
    }),
    get: defineCall({ name: `${d.name}.get`, method: 'GET', path: `${base}/{id}`, rule: d.rule, ...read, response: d.schema.record, tags }),
    create: defineCall({ name: `${d.name}.create`, method: 'POST', path: base, rule: d.rule, ...write, body: d.schema.create, status: 201, response: d.schema.record, tags }),
    update: defineCall({ name: `${d.name}.update`, method: 'PUT', path: `${base}/{id}`, rule: d.rule, ...write, body: d.schema.update, response: d.schema.record, tags }),
    delete: defineCall({ name: `${d.name}.delete`, method: 'DELETE', path: `${base}/{id}`, rule: d.rule, ...write, response: d.schema.record, tags }),
  };
}

/** The path parameter a call takes the record's id in: the one that is not a scope parameter. */
export function recordIdParam(d: ResourceDeclaration, call: CallSpec): string {
  const free = paramNames(call.path).filter((n) => !(d.scope ?? []).includes(n));
  if (free.length !== 1) throw new Error(`${d.name}: ${call.method} ${call.path} must have exactly one path parameter besides the scope (${free.join(', ') || 'none'})`);
  return free[0];
}

/** Columns the list may be sorted by. */
export function sortableFields(d: ResourceDeclaration): string[] {
  return [
    'id',
    // the list's default order, even when no column shows its field (e.g. a position)
    ...(d.ui.list.sort ? [d.ui.list.sort.field] : []),
    ...d.ui.list.columns
      .filter((c) => c.sortable ?? (c.kind ?? fieldKind(d, c.source)) !== 'richText')
      .map((c) => c.source),
  ].filter((f, i, all) => all.indexOf(f) === i);
}

export { fillPath, routePath } from '../http/call';

// ------------------------------------------------------------------ validation messages

/**
 * zod error messages as message keys the server translates (server/i18n/messages.ts,
 * `validation.*`). The client's form resolver maps issues by code instead, so these keys
 * never reach the screen untranslated.
 */
export const messages = {
  /** for a type check: a missing value is "required", anything else "wrong type" */
  type: { error: (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.invalidType') },
  required: 'validation.required',
  tooLong: 'validation.tooLong',
  tooShort: 'validation.tooShort',
  tooSmall: 'validation.tooSmall',
  tooBig: 'validation.tooBig',
} as const;
