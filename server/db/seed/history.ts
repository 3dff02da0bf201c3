import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.js';
import { attributes, attributeValueHistory, attributeValues, auditLog, courses } from '../schema/index.js';
import type { SeededCourses } from './courses.js';

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

/**
 * A little history for the audit screens (docs/decisions/audit.md): the demo student's profile
 * changes (/courses/{courseId}/changes), a course edit by the demo instructor and the teacher's flag
 * taken away at a sign-in (/courses/audit-journal). Each change ends where the demo data is now.
 * Order in seedDemo: after the courses.
 */
export async function seedHistory(db: Db, seeded: SeededCourses): Promise<void> {
  const student = seeded.accounts['student@example.com'];
  const instructor = seeded.accounts['instructor@example.com'];
  const teacher = seeded.accounts['teacher@example.com'];
  if (!student || !instructor || !teacher) return;
  const attrs = await db.select({ id: attributes.id, name: attributes.name }).from(attributes).where(inArray(attributes.name, ['demo_workplace', 'demo_school']));
  const attr = (name: string) => attrs.find((a) => a.name === name)?.id;
  const workplace = attr('demo_workplace');
  const school = attr('demo_school');
  if (workplace && school) {
    await db
      .insert(attributeValues)
      .values([
        { accountId: student, attributeId: workplace, value: 'ООО «Ромашка», стажёр' },
        { accountId: student, attributeId: school, value: 'Лицей № 1' },
      ])
      .onConflictDoNothing();
    await db.insert(attributeValueHistory).values([
      { accountId: student, attributeId: workplace, newValue: 'ООО «Ромашка»', changedBy: student, changedAt: ago(20) },
      { accountId: student, attributeId: school, oldValue: 'Школа № 5', newValue: 'Лицей № 1', changedBy: instructor, changedAt: ago(6) },
      { accountId: student, attributeId: workplace, oldValue: 'ООО «Ромашка»', newValue: 'ООО «Ромашка», стажёр', changedBy: student, changedAt: ago(2) },
    ]);
  }
  const [course] = await db.select({ id: courses.id, groupLabel: courses.groupLabel }).from(courses).where(eq(courses.id, seeded.courses.current));
  await db.insert(auditLog).values([
    {
      accountId: teacher,
      actorRole: 'Instructors',
      action: 'role-change',
      tableName: 'accounts',
      recordId: String(teacher),
      before: { role: 'Instructors', flags: ['ShowStudents'] },
      after: { role: 'Instructors', flags: [] },
      address: '10.0.0.12',
      at: ago(10),
    },
    {
      accountId: instructor,
      actorRole: 'Instructors',
      action: 'update',
      callName: 'courses.updateSettings',
      tableName: 'courses',
      recordId: String(course.id),
      courseId: course.id,
      before: { groupLabel: 'ПИ-100' },
      after: { groupLabel: course.groupLabel },
      address: '10.0.0.7',
      at: ago(3),
    },
  ]);
}
