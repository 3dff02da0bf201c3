import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The relying party's in-flight sign-in (PKCE verifier, state, nonce, where to
 * return), kept in a short-lived HttpOnly cookie signed with HMAC-SHA256.
 */
export interface LoginFlow {
  verifier: string;
  state: string;
  nonce: string;
  returnTo?: string;
  /** issued at, ms */
  iat: number;
}

export const FLOW_COOKIE = 'elp_auth_flow';
export const FLOW_TTL_SECONDS = 600;

const sign = (data: string, key: string) => createHmac('sha256', key).update(data).digest('base64url');

export function sealFlow(flow: LoginFlow, key: string): string {
  const data = Buffer.from(JSON.stringify(flow)).toString('base64url');
  return `${data}.${sign(data, key)}`;
}

export function openFlow(value: string | undefined, key: string, now = Date.now()): LoginFlow | null {
  if (!value) return null;
  const [data, mac] = value.split('.');
  if (!data || !mac) return null;
  const expected = Buffer.from(sign(data, key));
  const actual = Buffer.from(mac);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  try {
    const flow = JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as LoginFlow;
    if (typeof flow.iat !== 'number' || now - flow.iat > FLOW_TTL_SECONDS * 1000) return null;
    return flow;
  } catch {
    return null;
  }
}
