import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'ra-core';
import { declarations as allDeclarations, lazyDeclarations as allLazyDeclarations, type LazyDeclarations } from '../../shared/resources';
import type { ResourceDeclaration } from '../../shared/resources/define';
import { createHttpClient, type HttpClient } from '../http/fetchJson';
import { fillPath } from '../../shared/http/call';
import { callsDataProvider, scopeOf } from './callsProvider';
import { splitBasePath } from './transforms';

export { createHttpClient, type HttpClient } from '../http/fetchJson';
export { UnsupportedOperationError } from './callsProvider';
export { errorCodeOf, toHttpError } from '../http/errors';

const METHODS = ['getList', 'getOne', 'getMany', 'getManyReference', 'create', 'update', 'updateMany', 'delete', 'deleteMany'] as const;

export interface DataProviderOptions {
  declarations?: ReadonlyArray<ResourceDeclaration>;
  /** resources declared in modules loaded on first use (default: the app's, unless `declarations` is given) */
  lazyDeclarations?: ReadonlyArray<LazyDeclarations>;
  /** prefix of every path (tests, another host); default: same origin */
  origin?: string;
  httpClient?: HttpClient;
}

/**
 * The app's dataProvider, built from the resource declarations (ARCHITECTURE §4):
 * simple-rest resources go through ra-data-simple-rest at their basePath (its scope
 * parameters filled from `meta.scope`); the others through the calls their operations name. Failures reject with an
 * HttpError carrying the spec error body: `body.errors` shows next to form inputs,
 * a 401 makes react-admin call authProvider.checkError.
 */
export function createDataProvider(options: DataProviderOptions = {}): DataProvider {
  const http = options.httpClient ?? createHttpClient();
  const origin = options.origin ?? '';
  const byName = new Map<string, { forCall: (meta: unknown) => { provider: DataProvider; resource: string } }>();
  const register = (decl: ResourceDeclaration) => {
    if (byName.has(decl.name)) throw new Error(`Resource "${decl.name}" is declared twice`);
    if (decl.api.conventions === 'simple-rest') {
      const { basePath } = decl.api;
      const scoped = (decl.scope ?? []).length > 0;
      const fixed = scoped ? null : splitBasePath(basePath, origin);
      // a scoped base path (`/api/…/{courseId}/…`) is filled per call from the screen's scope
      const forCall = (meta: unknown) => {
        const { apiUrl, resource } = fixed ?? splitBasePath(fillPath(basePath, scopeOf(decl, meta)), origin);
        return { provider: simpleRestProvider(apiUrl, http as never), resource };
      };
      byName.set(decl.name, { forCall });
    } else {
      const provider = callsDataProvider(decl, http, origin);
      byName.set(decl.name, { forCall: () => ({ provider, resource: decl.name }) });
    }
  };
  (options.declarations ?? allDeclarations).forEach(register);
  const lazy = options.lazyDeclarations ?? (options.declarations ? [] : allLazyDeclarations);
  const loading = new Map<LazyDeclarations, Promise<void>>();
  const route = async (name: string) => {
    const group = byName.has(name) ? undefined : lazy.find((g) => g.names.includes(name));
    if (group) {
      if (!loading.has(group)) loading.set(group, group.load().then((decls) => decls.forEach(register)));
      await loading.get(group);
    }
    const target = byName.get(name);
    if (!target) throw new Error(`Unknown resource "${name}": declare it in shared/resources`);
    return target;
  };
  const provider = {} as DataProvider;
  for (const method of METHODS) {
    provider[method] = (async (name: string, params: unknown) => {
      const { provider: p, resource } = (await route(name)).forCall((params as { meta?: unknown } | undefined)?.meta);
      return (p[method] as (r: string, params: unknown) => Promise<unknown>)(resource, params);
    }) as never;
  }
  return provider;
}

/** The app's instance over every declared resource. */
export const dataProvider = createDataProvider();
