import * as client from 'openid-client';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { ELP_SCOPE, embeddedClientId, embeddedIssuer } from './provider.js';
import type { AuthSecrets } from './secrets.js';

/**
 * ELP as an OpenID Connect relying party (code + PKCE, client_secret_basic).
 * Embedded mode: the issuer is our own /oidc, and openid-client's HTTP calls
 * go through `app.inject` (no socket, no network round trip; works in tests).
 * External mode: OIDC_ISSUER / OIDC_CLIENT_ID / OIDC_CLIENT_SECRET and plain fetch.
 */
export interface RelyingParty {
  issuer: string;
  clientId: string;
  embedded: boolean;
  /** the discovered configuration (cached; rediscovered after a failure) */
  configuration(): Promise<client.Configuration>;
  /** scopes to ask for: ELP's own "elp" scope only where the issuer offers it */
  scope(): Promise<string>;
}

type FetchOptions = { method: string; headers: Record<string, string>; body?: unknown };

/** A fetch that serves requests to the public URL's origin from the in-process app. */
export function injectFetch(app: FastifyInstance, publicUrl: string): client.CustomFetch {
  const base = new URL(publicUrl);
  return (async (url: string, options: FetchOptions) => {
    const target = new URL(url);
    if (target.origin !== base.origin) return fetch(url, options as RequestInit);
    let payload: string | undefined;
    if (options.body instanceof URLSearchParams) payload = options.body.toString();
    else if (typeof options.body === 'string') payload = options.body;
    else if (options.body != null) throw new TypeError('unsupported request body for an in-process OIDC call');
    const res = await app.inject({
      method: options.method as 'GET' | 'POST',
      url: target.pathname + target.search,
      headers: { ...options.headers, host: base.host, 'x-forwarded-proto': base.protocol.replace(':', '') },
      payload,
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.append(name, String(v));
    }
    const noBody = [101, 204, 205, 304].includes(res.statusCode);
    return new Response(noBody ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers });
  }) as client.CustomFetch;
}

export function createRelyingParty(app: FastifyInstance, config: Config, secrets: AuthSecrets): RelyingParty {
  const embedded = config.embeddedOidc;
  const issuer = embedded ? embeddedIssuer(config) : config.OIDC_ISSUER!;
  const clientId = embedded ? embeddedClientId(config) : config.OIDC_CLIENT_ID!;
  const clientSecret = embedded ? secrets.clientSecret : config.OIDC_CLIENT_SECRET!;
  let discovered: Promise<client.Configuration> | null = null;

  function configuration(): Promise<client.Configuration> {
    if (!discovered) {
      const insecure = embedded || (config.NODE_ENV !== 'production' && issuer.startsWith('http:'));
      discovered = client
        .discovery(new URL(issuer), clientId, { client_secret: clientSecret }, client.ClientSecretBasic(clientSecret), {
          ...(embedded ? { [client.customFetch]: injectFetch(app, config.publicUrl) } : {}),
          ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
        })
        .catch((err: unknown) => {
          discovered = null;
          throw err;
        });
    }
    return discovered;
  }

  async function scope(): Promise<string> {
    const supported = (await configuration()).serverMetadata().scopes_supported ?? [];
    return ['openid', 'email', 'profile', ...(supported.includes(ELP_SCOPE) ? [ELP_SCOPE] : [])].join(' ');
  }

  return { issuer, clientId, embedded, configuration, scope };
}
