import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedIn } from './support/app.js';
import { learningHelpers } from './support/learning.js';

/** The Physmath section: GET /api/students/physmath (students with accessToPhysical only). */
const t = await createTestApp();
const { call, at, program, course, enrol } = learningHelpers(t);
const URL = '/api/students/physmath';

let physical: SignedIn;
let physicalOther: SignedIn;
const ids = {} as Record<'mine' | 'minePrivate' | 'open' | 'byLabel' | 'future' | 'past' | 'hidden' | 'plain' | 'dropped' | 'othersOnly', number>;

type Card = { id: number; label: string; picture: string | null; begin: string | null; end: string | null; completed?: boolean };
const idsOf = (cards: Card[]) => cards.map((c) => c.id);

beforeAll(async () => {
  physical = await t.signIn('Students', { accessToPhysical: true });
  physicalOther = await t.signIn('Students', { accessToPhysical: true });
  const p = (await program()).program.id;
  ids.mine = (await course(p, { label: 'Механика', keywords: 'physmath, механика' })).id;
  ids.minePrivate = (await course(p, { label: 'Закрытая олимпиада', keywords: 'PhysMath', isPublished: false })).id;
  ids.open = (await course(p, { label: 'Оптика', keywords: 'оптика physmath', begin: at(-2) })).id;
  ids.byLabel = (await course(p, { label: 'Physmath: электричество', begin: at(-5) })).id;
  ids.future = (await course(p, { label: 'Термодинамика', keywords: 'physmath', begin: at(5), end: at(40) })).id;
  ids.past = (await course(p, { label: 'Прошедший', keywords: 'physmath', begin: at(-40), end: at(-10) })).id;
  ids.hidden = (await course(p, { label: 'Неопубликованный', keywords: 'physmath', isPublished: false })).id;
  ids.plain = (await course(p, { label: 'История', keywords: 'история' })).id;
  ids.dropped = (await course(p, { label: 'Брошенный', keywords: 'physmath' })).id;
  ids.othersOnly = (await course(p, { label: 'Чужой', keywords: 'physmath' })).id;
  await enrol(ids.mine, physical.accountId);
  await enrol(ids.minePrivate, physical.accountId);
  await enrol(ids.plain, physical.accountId);
  await enrol(ids.dropped, physical.accountId, 3);
  await enrol(ids.othersOnly, physicalOther.accountId);
});

describe('GET /api/students/physmath', () => {
  it('requires sign-in (401)', async () => {
    expect((await call(null, 'GET', URL)).statusCode).toBe(401);
  });

  it('is refused (403) to a student without physical access, instructors and Root', async () => {
    const plainStudent = await t.signIn('Students');
    for (const who of [plainStudent, await t.signIn('Instructors'), await t.signIn('Root')]) {
      const res = await call(who, 'GET', URL);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toHaveProperty('ErrorCode');
    }
  });

  it("lists the caller's own section courses (keyword or name, any letter case, published or not) with Completed", async () => {
    const res = await call(physical, 'GET', URL);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { myCourses: Card[]; catalogue: Card[] };
    expect(idsOf(body.myCourses).sort()).toEqual([ids.mine, ids.minePrivate].sort());
    expect(Object.keys(body.myCourses[0]).sort()).toEqual(['begin', 'completed', 'end', 'id', 'label', 'picture']);
    expect(body.myCourses.every((c) => c.completed === false)).toBe(true);
  });

  it('offers published, unfinished section courses the caller has not joined, earliest start first', async () => {
    const body = (await call(physical, 'GET', URL)).json() as { catalogue: Card[] };
    // default start is 10 days ago (dropped, othersOnly: by id); past, unpublished, outside the section and joined ones are left out
    // (a dropped enrolment is not studying: that course is offered again)
    expect(idsOf(body.catalogue)).toEqual([ids.dropped, ids.othersOnly, ids.byLabel, ids.open, ids.future]);
    expect(idsOf(body.catalogue)).not.toContain(ids.mine);
    expect(idsOf(body.catalogue)).not.toContain(ids.past);
    expect(idsOf(body.catalogue)).not.toContain(ids.hidden);
    expect(idsOf(body.catalogue)).not.toContain(ids.plain);
  });

  it("never shows another student's courses as the caller's", async () => {
    const body = (await call(physicalOther, 'GET', URL)).json() as { myCourses: Card[]; catalogue: Card[] };
    expect(idsOf(body.myCourses)).toEqual([ids.othersOnly]);
    expect(idsOf(body.catalogue)).toContain(ids.mine);
    expect(idsOf(body.catalogue)).not.toContain(ids.minePrivate);
  });
});
