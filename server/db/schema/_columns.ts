// Column helpers shared by the schema files (not tables; not exported from index.ts).
import { bigint, integer, timestamp } from 'drizzle-orm/pg-core';

/** integer identity primary key */
export const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
/** bigint identity primary key, for high-volume logs (watch segments, page visits, messages) */
export const bigId = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
/** timestamptz column */
export const tstz = (name: string) => timestamp(name, { withTimezone: true });
export const createdAt = () => tstz('created_at').notNull().defaultNow();
export const updatedAt = () => tstz('updated_at').notNull().defaultNow();
