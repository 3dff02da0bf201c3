import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { courseInstructors } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors.js';
import { registerMessages } from '../../i18n/messages.js';
import { parseIntId } from '../../resources/records.js';

registerMessages({
  ru: {
    'instructors.notFound': 'Преподаватель не найден в курсе',
    'instructors.finishedWithErrors': 'Операция завершилась с ошибками',
    'instructors.unknown': 'Не найдены преподаватели с адресами: {emails}',
    'instructors.notStaff': 'Не являются преподавателями курса: {emails}',
    'instructors.studentNotFound': 'Студент не найден в курсе',
    'instructors.notTutor': 'Пользователь не является тьютором курса',
    'instructors.unknownStudents': 'Не найдены студенты курса с адресами: {emails}',
    'instructors.sheet': 'Преподаватели',
    'instructors.col.name': 'ФИО',
    'instructors.col.email': 'Почта',
    'instructors.col.role': 'Роль',
    'instructors.col.students': 'Студентов у тьютора',
    'instructors.creatorStays': 'Создатель курса остаётся его преподавателем',
  },
  en: {
    'instructors.notFound': 'Instructor not found in the course',
    'instructors.finishedWithErrors': 'The operation finished with errors',
    'instructors.unknown': 'No instructors with the addresses: {emails}',
    'instructors.notStaff': 'Not instructors of the course: {emails}',
    'instructors.studentNotFound': 'Student not found in the course',
    'instructors.notTutor': 'The user is not a tutor of the course',
    'instructors.unknownStudents': 'No students of the course with the addresses: {emails}',
    'instructors.sheet': 'Instructors',
    'instructors.col.name': 'Name',
    'instructors.col.email': 'E-mail',
    'instructors.col.role': 'Role',
    'instructors.col.students': 'Tutor’s students',
    'instructors.creatorStays': 'The creator of the course stays its instructor',
  },
});

/** 400 System.OperationFinishedWithErrors with the server's message (spec 3 §8.7). */
export const finishedWithErrors = (message: string, extra: Record<string, unknown> = {}) =>
  new AppError(400, 'System.OperationFinishedWithErrors', { title: 'instructors.finishedWithErrors', description: message, extra: { message, ...extra } });

/** The staff row of an account in a course, or 404. */
export async function staffRow(db: Db, courseId: number, rawId: string | number) {
  const id = parseIntId(rawId);
  if (id === null) throw notFound('InstructorNotFound', { title: 'instructors.notFound' });
  const [row] = await db.select().from(courseInstructors).where(and(eq(courseInstructors.courseId, courseId), eq(courseInstructors.accountId, id)));
  if (!row) throw notFound('InstructorNotFound', { title: 'instructors.notFound' });
  return row;
}
