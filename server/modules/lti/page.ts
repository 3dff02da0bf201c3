import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A page that posts a form to another site at once (OIDC form_post of the id_token; a deep linking
 * request needs none, a redirect does): its own CSP allows exactly that form's target and the one
 * inline script that submits it; without scripts the button does it.
 */
export function sendAutoPost(reply: FastifyReply, o: { action: string; fields: Record<string, string>; lang: string; title: string; button: string }) {
  const nonce = randomBytes(16).toString('base64');
  const inputs = Object.entries(o.fields)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('');
  const html = `<!doctype html><html lang="${esc(o.lang)}"><head><meta charset="utf-8"><title>${esc(o.title)}</title></head><body><main><h1>${esc(o.title)}</h1><form method="post" action="${esc(o.action)}" id="lti">${inputs}<button type="submit">${esc(o.button)}</button></form></main><script nonce="${nonce}">document.getElementById('lti').submit()</script></body></html>`;
  return reply
    .header('content-security-policy', `default-src 'none'; script-src 'nonce-${nonce}'; form-action ${new URL(o.action).origin}; frame-ancestors 'self'; base-uri 'none'`)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}

/** A short page for the end of a deep linking round in the tool's window (tells the opener, if any). */
export function sendNotice(reply: FastifyReply, o: { lang: string; title: string; text: string; message: unknown }) {
  const nonce = randomBytes(16).toString('base64');
  const data = JSON.stringify(o.message).replace(/</g, '\\u003c');
  const html = `<!doctype html><html lang="${esc(o.lang)}"><head><meta charset="utf-8"><title>${esc(o.title)}</title></head><body><main><h1>${esc(o.title)}</h1><p>${esc(o.text)}</p></main><script nonce="${nonce}">(window.opener||window.parent).postMessage(${data}, location.origin)</script></body></html>`;
  return reply
    .header('content-security-policy', `default-src 'none'; script-src 'nonce-${nonce}'; frame-ancestors 'self'; base-uri 'none'`)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}
