import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { accounts, achievements, courses, enrolments, programs } from '../../server/db/schema/index.js';
import { createTestApp, type SignedIn, type TestApp } from './support/app.js';
import { studyHelpers } from './support/study.js';

/**
 * Open Badges 2.0 (issue 30 item 4): the issuer, badge class and hosted assertion are checked
 * against the required fields of the OB 2.0 data model (https://www.imsglobal.org/spec/ob/v2p0/),
 * written here from the spec, not from the code; the links between them resolve; a revoked
 * assertion answers `revoked: true`.
 */
const context = z.literal('https://w3id.org/openbadges/v2');
const iri = z.url();
const Issuer = z.object({ '@context': context, type: z.literal('Issuer'), id: iri, name: z.string().min(1), url: iri, email: z.email().optional() });
const BadgeClass = z.object({
  '@context': context,
  type: z.literal('BadgeClass'),
  id: iri,
  name: z.string().min(1),
  description: z.string().min(1),
  image: iri,
  criteria: z.union([iri, z.object({ narrative: z.string().min(1) }), z.object({ id: iri })]),
  issuer: iri,
});
const Assertion = z.object({
  '@context': context,
  type: z.literal('Assertion'),
  id: iri,
  recipient: z.object({ type: z.literal('email'), hashed: z.literal(true), salt: z.string().min(1), identity: z.string().regex(/^sha256\$[0-9a-f]{64}$/) }),
  badge: iri,
  verification: z.object({ type: z.literal('hosted') }),
  issuedOn: z.iso.datetime({ offset: true }),
});
const Revoked = z.object({ id: iri, revoked: z.literal(true), revocationReason: z.string().optional() });

let t: TestApp;
let h: ReturnType<typeof studyHelpers>;
let student: SignedIn;
let email: string;

/** A badge document by its absolute id, as a verifier fetches it. */
const fetchDoc = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });

beforeAll(async () => {
  t = await createTestApp();
  h = studyHelpers(t);
  student = await t.signIn('Students');
  [{ email }] = await t.db.select({ email: accounts.email }).from(accounts).where(eq(accounts.id, student.accountId));
  const [p] = await t.db.insert(programs).values({ label: 'Программа', isReady: true }).returning();
  const [c] = await t.db.insert(courses).values({ programId: p.id, label: 'Физика', isPublished: true }).returning();
  await t.db.insert(enrolments).values({ courseId: c.id, accountId: student.accountId, status: 1, completedAt: new Date('2026-06-01T10:00:00Z') });
  await t.db.insert(achievements).values({ accountId: student.accountId, kind: 'first_training', awardedAt: new Date('2026-05-01T10:00:00Z') });
});

describe('Open Badges 2.0', () => {
  let badges: { assertionId: string; name: string; assertionUrl: string; imageUrl: string; revoked: boolean }[];

  it('the student gets a badge per achievement and per completed course, once', async () => {
    const r = await h.call(student, 'GET', '/api/badges/mine');
    expect(r.statusCode, r.body).toBe(200);
    badges = r.json();
    expect(badges.map((b) => b.name)).toEqual(['Первое занятие', 'Курс «Физика» завершён']);
    const again = (await h.call(student, 'GET', '/api/badges/mine')).json() as typeof badges;
    expect(again.map((b) => b.assertionId)).toEqual(badges.map((b) => b.assertionId));
  });

  it('assertion, badge class and issuer are valid OB 2.0 documents that link to each other, readable with no sign-in', async () => {
    for (const b of badges) {
      const a = await fetchDoc(b.assertionUrl);
      expect(a.statusCode, a.body).toBe(200);
      const assertion = Assertion.parse(a.json());
      expect(assertion.id).toBe(b.assertionUrl);
      // hosted verification: the recipient's hash is the spec's sha256(email + salt)
      const hash = createHash('sha256').update(email.toLowerCase() + assertion.recipient.salt).digest('hex');
      expect(assertion.recipient.identity).toBe(`sha256$${hash}`);
      const c = await fetchDoc(assertion.badge);
      expect(c.statusCode, c.body).toBe(200);
      const badgeClass = BadgeClass.parse(c.json());
      expect(badgeClass.id).toBe(assertion.badge);
      expect(badgeClass.name).toBe(b.name);
      const image = await fetchDoc(badgeClass.image);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(image.body).toContain('<svg');
      const i = await fetchDoc(badgeClass.issuer);
      expect(i.statusCode, i.body).toBe(200);
      expect(Issuer.parse(i.json()).id).toBe(badgeClass.issuer);
    }
  });

  it('unknown ids are 404', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/badges/assertions/nope' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/badges/classes/achievement-no_such' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/badges/classes/course-999999' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/badges/classes/../../x' })).statusCode).toBe(404);
  });

  it('only Root revokes; a revoked assertion answers revoked: true (410) and the student sees it revoked', async () => {
    const [first] = badges;
    const path = `/api/badges/assertions/${first.assertionId}/revoke`;
    expect((await h.call(student, 'POST', path, { reason: 'x' })).statusCode).toBe(403);
    const root = await t.signIn('Root');
    const r = await h.call(root, 'POST', path, { reason: 'Выдан по ошибке' });
    expect(r.statusCode, r.body).toBe(200);
    const a = await fetchDoc(first.assertionUrl);
    expect(a.statusCode).toBe(410);
    expect(Revoked.parse(a.json())).toMatchObject({ id: first.assertionUrl, revoked: true, revocationReason: 'Выдан по ошибке' });
    const mine = (await h.call(student, 'GET', '/api/badges/mine')).json() as typeof badges;
    expect(mine.map((b) => b.revoked)).toEqual([true, false]);
    // the other one stays valid
    expect((await fetchDoc(badges[1].assertionUrl)).statusCode).toBe(200);
  });
});
