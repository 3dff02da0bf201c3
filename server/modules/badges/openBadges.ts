import { createHash } from 'node:crypto';

/**
 * Open Badges 2.0 documents (https://www.imsglobal.org/spec/ob/v2p0/): JSON-LD with the v2
 * context, each at its own public URL (hosted verification: a verifier fetches the assertion from
 * its id, and the badge class and issuer from theirs).
 */
export const OB_CONTEXT = 'https://w3id.org/openbadges/v2';

/** The recipient's identity: `sha256$` + hex SHA-256 of the e-mail (lower case) followed by the salt (OB 2.0 IdentityObject). */
export const hashedEmail = (email: string, salt: string) => `sha256$${createHash('sha256').update(email.trim().toLowerCase() + salt).digest('hex')}`;

export interface BadgeUrls {
  issuer: string;
  badgeClass: (classId: string) => string;
  image: (classId: string) => string;
  assertion: (publicId: string) => string;
}

export const badgeUrls = (publicUrl: string): BadgeUrls => ({
  issuer: `${publicUrl}/api/badges/issuer`,
  badgeClass: (id) => `${publicUrl}/api/badges/classes/${id}`,
  image: (id) => `${publicUrl}/api/badges/classes/${id}/image`,
  assertion: (id) => `${publicUrl}/api/badges/assertions/${id}`,
});

export function issuerProfile(urls: BadgeUrls, o: { name: string; url: string; email?: string }) {
  return { '@context': OB_CONTEXT, type: 'Issuer', id: urls.issuer, name: o.name, url: o.url, ...(o.email ? { email: o.email } : {}) };
}

export function badgeClass(urls: BadgeUrls, classId: string, o: { name: string; description: string; criteria: string }) {
  return {
    '@context': OB_CONTEXT,
    type: 'BadgeClass',
    id: urls.badgeClass(classId),
    name: o.name,
    description: o.description,
    image: urls.image(classId),
    criteria: { narrative: o.criteria },
    issuer: urls.issuer,
  };
}

export function assertion(urls: BadgeUrls, a: { publicId: string; classId: string; salt: string; identity: string; issuedOn: Date; revokedAt: Date | null; reason: string | null }) {
  const id = urls.assertion(a.publicId);
  // a revoked assertion keeps its id and says so (OB 2.0 "Revoked": revoked true, optional reason)
  if (a.revokedAt) return { '@context': OB_CONTEXT, type: 'Assertion', id, revoked: true as const, ...(a.reason ? { revocationReason: a.reason } : {}) };
  return {
    '@context': OB_CONTEXT,
    type: 'Assertion',
    id,
    recipient: { type: 'email', hashed: true, salt: a.salt, identity: a.identity },
    badge: urls.badgeClass(a.classId),
    verification: { type: 'hosted' },
    issuedOn: a.issuedOn.toISOString(),
    image: urls.image(a.classId),
  };
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A badge picture: a medal with the badge's name, as SVG (readable at backpack sizes; no fonts fetched). */
export function badgeSvg(name: string, course: boolean): string {
  const words = name.split(/\s+/);
  const lines: string[] = [];
  for (const w of words) {
    const last = lines.length - 1;
    if (last >= 0 && (lines[last] + ' ' + w).length <= 16) lines[last] += ' ' + w;
    else lines.push(w.length > 16 ? w.slice(0, 15) + '…' : w);
  }
  const shown = lines.slice(0, 4);
  const top = 200 - (shown.length - 1) * 14;
  const fill = course ? '#1b5e20' : '#0d47a1';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400" role="img" aria-label="${escapeXml(name)}">
<circle cx="200" cy="200" r="190" fill="${fill}"/><circle cx="200" cy="200" r="170" fill="none" stroke="#ffd54f" stroke-width="8"/>
<text x="200" y="${top}" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="26" font-weight="bold" fill="#ffffff">${shown.map((l, i) => `<tspan x="200" dy="${i ? 28 : 0}">${escapeXml(l)}</tspan>`).join('')}</text>
<text x="200" y="330" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="22" fill="#ffd54f">ELP</text>
</svg>`;
}
