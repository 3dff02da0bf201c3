import { programAuthors } from '../../../server/db/schema/index.js';
import type { TestApp } from './app.js';
import { courseHelpers } from './courses.js';

/**
 * The accounts and courses the course API tests share (courses.test.ts, courses-data.test.ts): an
 * owner with a course of a program, another instructor with a course of a program only they author,
 * an instructor without flags, an administrator, a student and Root.
 */
export async function coursesFixture(t: TestApp) {
  const { seedProgram, createCourse } = courseHelpers(t);
  const owner = await t.signIn('Instructors', { email: 'owner@test.local' });
  const other = await t.signIn('Instructors', { email: 'other@test.local' });
  const noFlags = await t.signIn('Instructors', { flags: [], email: 'noflags@test.local' });
  const admin = await t.signIn('Instructors', { flags: ['AdminPanelAccess'] });
  const student = await t.signIn('Students', { email: 'student@test.local' });
  const root = await t.signIn('Root');
  const program = await seedProgram('Основы');
  const otherProgram = await seedProgram('Чужая программа');
  // a program with an author is visible to its authors only
  await t.db.insert(programAuthors).values({ programId: otherProgram.program.id, accountId: other.accountId });
  const courseId = (await createCourse(owner, program.program.id, { label: 'Курс владельца' })).id;
  const othersCourseId = (await createCourse(other, otherProgram.program.id, { label: 'Чужой курс' })).id;
  return { owner, other, noFlags, admin, student, root, program, otherProgram, courseId, othersCourseId };
}
