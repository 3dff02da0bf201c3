// Things ELP hands to other systems (issue 30): the calendar feed's secret and Open Badges assertions.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AchievementKind } from '../../../shared/enums.js';
import { accounts } from './accounts.js';
import { createdAt, id, tstz } from './_columns.js';
import { courses } from './courses.js';

/**
 * An account's calendar subscription (GET /api/calendar/{token}.ics): only the SHA-256 of the
 * token is kept, so a database copy does not open anyone's feed; one per account, replaced on re-create.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  accountId: integer('account_id').primaryKey().references(() => accounts.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
});

/**
 * An Open Badges 2.0 hosted assertion: a badge for an achievement (achievementKind) or for a
 * completed course (courseId). `publicId` is the assertion's stable URL id; `salt` hashes the
 * recipient's e-mail. Never deleted once issued: a revoked one answers `revoked: true`.
 */
export const badgeAssertions = pgTable(
  'badge_assertions',
  {
    id: id(),
    publicId: text('public_id').notNull().unique(),
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    achievementKind: text('achievement_kind').$type<AchievementKind>(),
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    salt: text('salt').notNull(),
    /** `sha256$` + SHA-256 of the e-mail and the salt, fixed when issued (a later change of e-mail does not move the badge) */
    recipientIdentity: text('recipient_identity').notNull(),
    issuedOn: tstz('issued_on').notNull(),
    revokedAt: tstz('revoked_at'),
    revocationReason: text('revocation_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('badge_assertions_account_kind_uq').on(t.accountId, t.achievementKind).where(sql`${t.achievementKind} is not null`),
    uniqueIndex('badge_assertions_account_course_uq').on(t.accountId, t.courseId).where(sql`${t.courseId} is not null`),
    index('badge_assertions_account_idx').on(t.accountId),
  ],
);
