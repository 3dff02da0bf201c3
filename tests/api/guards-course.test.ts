import { beforeAll, describe, expect, it } from 'vitest';
import { courseInstructors } from '../../server/db/schema/index.js';
import { courseAllows, rules, type CourseMember, type Rule } from '../../shared/permissions.js';
import { createTestApp, type SignedIn } from './support/app.js';
import { courseHelpers } from './support/courses.js';

/**
 * The route walk of guards.test.ts with the course-role dimension: every route that acts in one
 * course (it declares `config.course`) is called by the course's creator, a member with course
 * role instructor, tutors and moderators with no panel permission, with each single one and with
 * all of them, a member of another course's staff and Root — all holding every global flag, so
 * only the course decides. Who the shared course rules refuse gets 403 (staff of the course) or
 * 404 TrainingNotFound (not its staff); who they admit never gets either.
 */
const t = await createTestApp();
const { seedProgram, createCourse } = courseHelpers(t);

interface Persona {
  name: string;
  who: SignedIn;
  member: CourseMember | null;
}
const personas: Persona[] = [];
let courseId: number;

beforeAll(async () => {
  const creator = await t.signIn('Instructors');
  const { program } = await seedProgram('Walk');
  courseId = (await createCourse(creator, program.id)).id;
  const otherCourse = (await createCourse(creator, program.id)).id;
  personas.push({ name: 'creator', who: creator, member: { role: 'creator', panelPermissions: [] } });
  personas.push({ name: 'Root', who: await t.signIn('Root'), member: { role: 'root', panelPermissions: [] } });
  const staff = async (name: string, courseRole: 'instructor' | 'tutor' | 'moderator', panel: (1 | 2 | 3 | 4 | 5 | 6)[], course = courseId) => {
    const who = await t.signIn('Instructors');
    await t.db.insert(courseInstructors).values({ courseId: course, accountId: who.accountId, courseRole, panelPermissions: panel });
    personas.push({ name, who, member: course === courseId ? { role: courseRole, panelPermissions: panel } : null });
  };
  await staff('instructor', 'instructor', []);
  for (const role of ['tutor', 'moderator'] as const) {
    await staff(`${role} without panel permissions`, role, []);
    await staff(`${role} with every panel permission`, role, [1, 2, 3, 4, 5, 6]);
    for (const p of [1, 2, 3, 4, 5, 6] as const) await staff(`${role} with panel permission ${p}`, role, [p]);
  }
  await staff('instructor of another course', 'instructor', [], otherCourse);
});

const resolve = (rule: Rule | string): Rule => (typeof rule === 'string' ? rules[rule as keyof typeof rules] : rule);

/** The route's URL and body for this course: the course where the route reads it, 999999 for any other id. */
function request(r: (typeof t.app.routeRules)[number]) {
  const from = r.course?.from;
  const [where, field] = from ? from.split('.') : ['params', ''];
  const url = r.url.replace(/:([A-Za-z_]+)/g, (_, name: string) =>
    (where === 'params' && (field ? name === field : name === 'courseId' || name === 'trainingId')) ? String(courseId) : '999999',
  );
  const query = where === 'query' ? `?${field}=${courseId}` : '';
  const payload = r.method === 'GET' || r.method === 'DELETE' ? undefined : where === 'body' ? { [field]: courseId } : {};
  return { url: url + query, payload };
}

describe('course roles and panel permissions, walked over every course-scoped route', () => {
  it('every staff route with a course in its path declares what it does in the course', () => {
    const undeclared = t.app.routeRules
      .filter((r) => resolve(r.rule).roles.includes('Instructors') && !resolve(r.rule).roles.includes('Guest'))
      .filter((r) => /:(courseId|trainingId)\b|\/training\/:id\//i.test(r.url) && !r.course)
      .map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  // the walk grows with every course-scoped route (20 personas each): a wider limit than one call's
  it('admits exactly whom the course rules admit', { timeout: 120_000 }, async () => {
    const scoped = t.app.routeRules.filter((r) => r.course);
    expect(scoped.length).toBeGreaterThan(40);
    const failures: string[] = [];
    for (const r of scoped) {
      const { url, payload } = request(r);
      for (const p of personas) {
        const res = await t.app.inject({ method: r.method as 'GET', url, headers: p.who.headers, payload: payload as object | undefined });
        const code = res.statusCode === 404 ? (res.json() as { ErrorCode?: string }).ErrorCode : undefined;
        const refused = res.statusCode === 403 || code === 'TrainingNotFound';
        const expected = !courseAllows(p.member, r.course!.action);
        if (refused !== expected) failures.push(`${r.method} ${r.url} (${r.course!.action}) as ${p.name} → ${res.statusCode} ${code ?? ''}`);
        else if (expected && !p.member && code !== 'TrainingNotFound') failures.push(`${r.method} ${r.url} as ${p.name}: a stranger must get 404, got ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
