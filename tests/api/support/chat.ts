import { courseInstructors, courses, enrolments } from '../../../server/db/schema/index.js';
import type { SignedIn, TestApp } from './app.js';
import { courseHelpers } from './courses.js';

/**
 * The people of the chat tests (tests/api/chat*.test.ts): a course with its creator, a tutor, a
 * moderator and a studying student; another course with its own instructor and student; an
 * expelled student of the first course; Root. Courses and enrolments written straight to the database.
 */
export async function chatFixture(t: TestApp) {
  const { seedProgram, call } = courseHelpers(t);
  const instructor = await t.signIn('Instructors', { firstName: 'Ирина', lastName: 'Преподавателева' });
  const tutor = await t.signIn('Instructors', { firstName: 'Тимур', lastName: 'Тьюторов' });
  const moderator = await t.signIn('Instructors', { firstName: 'Мария', lastName: 'Модераторова' });
  const otherInstructor = await t.signIn('Instructors', { firstName: 'Олег', lastName: 'Другой' });
  const student = await t.signIn('Students', { firstName: 'Степан', lastName: 'Студентов' });
  const otherStudent = await t.signIn('Students', { firstName: 'Ольга', lastName: 'Чужая' });
  const expelled = await t.signIn('Students', { firstName: 'Евгений', lastName: 'Отчисленный' });
  const root = await t.signIn('Root');
  const { program } = await seedProgram('Программа чата');
  const [course] = await t.db.insert(courses).values({ programId: program.id, label: 'Курс с чатом', createdBy: instructor.accountId, moderatorId: moderator.accountId }).returning();
  const [otherCourse] = await t.db.insert(courses).values({ programId: program.id, label: 'Другой курс', createdBy: otherInstructor.accountId }).returning();
  await t.db.insert(courseInstructors).values({ courseId: course.id, accountId: tutor.accountId, courseRole: 'tutor' });
  await t.db.insert(enrolments).values([
    { courseId: course.id, accountId: student.accountId },
    { courseId: otherCourse.id, accountId: otherStudent.accountId },
    { courseId: course.id, accountId: expelled.accountId, status: 2 },
  ]);

  /** Starts (or finds) the chat between `who` and `withId`; answers the chat id. */
  async function startChat(who: SignedIn, withId: number, body: Record<string, unknown> = {}): Promise<number> {
    const res = await call(who, 'POST', `/api/Chats/user/${withId}`, body);
    if (res.statusCode !== 200) throw new Error(`start chat: ${res.statusCode} ${res.body}`);
    return (res.json() as { id: number }).id;
  }

  async function sendText(who: SignedIn, chatId: number, message: string) {
    return call(who, 'POST', `/api/Chats/${chatId}/messages/text`, { message });
  }

  return { call, instructor, tutor, moderator, otherInstructor, student, otherStudent, expelled, root, course, otherCourse, startChat, sendText };
}
