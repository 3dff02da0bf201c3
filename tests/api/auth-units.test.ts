import { describe, expect, it } from 'vitest';
import { openFlow, sealFlow, FLOW_TTL_SECONDS } from '../../server/auth/flowCookie.js';
import { escapeHtml } from '../../server/auth/pages.js';
import { isSafeReturnPath } from '../../shared/account.js';
import { namesFromClaims } from '../../server/auth/accountStore.js';

describe('return paths (no open redirect)', () => {
  it.each(['/', '/courses', '/courses/list?page=2#top', '/profile/password', '/a/%2F%2Fb'])('accepts %s', (p) => {
    expect(isSafeReturnPath(p)).toBe(true);
  });
  it.each(['', 'courses', '//evil.example', '/\\evil.example', '/ok\\..', 'https://evil.example/', 'javascript:alert(1)', '/a\nb', `/${'x'.repeat(2048)}`])(
    'refuses %j',
    (p) => {
      expect(isSafeReturnPath(p)).toBe(false);
    },
  );
});

describe('sign-in flow cookie', () => {
  const flow = { verifier: 'v', state: 's', nonce: 'n', returnTo: '/x', iat: 1_000_000 };

  it('opens what it sealed with the same key, within its lifetime', () => {
    expect(openFlow(sealFlow(flow, 'k1'), 'k1', flow.iat + 1000)).toEqual(flow);
  });

  it('refuses another key, a tampered value and an expired flow', () => {
    const sealed = sealFlow(flow, 'k1');
    expect(openFlow(sealed, 'k2', flow.iat)).toBeNull();
    const [data, mac] = sealed.split('.');
    const forged = Buffer.from(JSON.stringify({ ...flow, returnTo: '//evil' })).toString('base64url');
    expect(openFlow(`${forged}.${mac}`, 'k1', flow.iat)).toBeNull();
    expect(openFlow(`${data}.`, 'k1', flow.iat)).toBeNull();
    expect(openFlow(sealed, 'k1', flow.iat + FLOW_TTL_SECONDS * 1000 + 1)).toBeNull();
    expect(openFlow(undefined, 'k1')).toBeNull();
  });
});

describe('claims and pages', () => {
  it('takes names from given_name/family_name, else splits name', () => {
    expect(namesFromClaims({ given_name: 'Анна', family_name: 'Петрова' })).toEqual({ firstName: 'Анна', lastName: 'Петрова' });
    expect(namesFromClaims({ name: 'Ann Mary Smith' })).toEqual({ firstName: 'Ann', lastName: 'Mary Smith' });
    expect(namesFromClaims({})).toEqual({ firstName: '', lastName: '' });
  });

  it('escapes HTML', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
