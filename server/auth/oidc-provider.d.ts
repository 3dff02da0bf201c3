/**
 * The part of oidc-provider 8.x that ELP uses (the package ships no types,
 * and @types/oidc-provider targets another major).
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  import type { EventEmitter } from 'node:events';

  export type AdapterPayload = Record<string, unknown> & {
    grantId?: string;
    uid?: string;
    userCode?: string;
    consumed?: unknown;
  };

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }
  export type AdapterConstructor = new (model: string) => Adapter;

  /** Koa context with ctx.oidc (only what ELP reads). */
  export interface KoaContextWithOIDC {
    body: unknown;
    type: string;
    status: number;
    host: string;
    href: string;
    get(header: string): string;
    cookies: { get(name: string, options?: { signed?: boolean }): string | undefined };
    oidc: {
      client?: { clientId: string; clientName?: string };
      session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
      result?: { consent?: { grantId?: string } };
      params?: Record<string, unknown>;
      provider: Provider;
      [key: string]: unknown;
    };
  }

  export interface Account {
    accountId: string;
    claims(use: string, scope: string, claims: unknown, rejected: string[]): Promise<Record<string, unknown>> | Record<string, unknown>;
  }

  export interface Configuration {
    adapter?: AdapterConstructor;
    clients?: Array<Record<string, unknown>>;
    jwks?: { keys: Array<Record<string, unknown>> };
    cookies?: {
      keys?: string[];
      names?: Record<string, string>;
      long?: Record<string, unknown>;
      short?: Record<string, unknown>;
    };
    claims?: Record<string, string[] | null>;
    scopes?: string[];
    conformIdTokenClaims?: boolean;
    features?: Record<string, Record<string, unknown>>;
    interactions?: { url?(ctx: KoaContextWithOIDC, interaction: Interaction): string | Promise<string> };
    findAccount?(ctx: KoaContextWithOIDC, sub: string, token?: unknown): Promise<Account | undefined>;
    loadExistingGrant?(ctx: KoaContextWithOIDC): Promise<Grant | undefined>;
    renderError?(ctx: KoaContextWithOIDC, out: Record<string, string>, error: Error): Promise<void>;
    pkce?: { methods?: string[]; required?(ctx: KoaContextWithOIDC, client: unknown): boolean };
    ttl?: Record<string, number | ((...args: unknown[]) => number)>;
    responseTypes?: string[];
    clientBasedCORS?(ctx: KoaContextWithOIDC, origin: string, client: unknown): boolean;
    [key: string]: unknown;
  }

  export interface PromptDetails {
    name: string;
    reasons: string[];
    details: {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
      [key: string]: unknown;
    };
  }

  export interface Interaction {
    uid: string;
    prompt: PromptDetails;
    params: Record<string, unknown> & { client_id?: string; ui_locales?: string; scope?: string };
    session?: { accountId?: string; uid?: string };
    grantId?: string;
    returnTo: string;
    lastSubmission?: Record<string, unknown>;
  }

  export interface Grant {
    jti: string;
    accountId?: string;
    clientId?: string;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
  }

  export interface GrantStatic {
    new (properties: { accountId: string; clientId: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  }

  export default class Provider extends EventEmitter {
    constructor(issuer: string, configuration?: Configuration);
    readonly issuer: string;
    proxy: boolean;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
    readonly Grant: GrantStatic;
  }

  export const errors: Record<string, new (...args: unknown[]) => Error>;
}
