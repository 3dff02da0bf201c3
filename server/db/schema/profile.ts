// Profile attributes (answers bound optionally to a course), their history, linked accounts, settings.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { AttributeChainUsage, AttributeDataType, AttributeRequirement } from '../../../shared/enums.js';
import { accounts } from './accounts.js';
import { createdAt, id, tstz, updatedAt } from './_columns.js';
import { courses } from './courses.js';
import { files } from './system.js';

/** Group of attributes = a tab of the profile (/profile/{attributeGroupId}). */
export const attributeGroups = pgTable('attribute_groups', {
  id: id(),
  label: text('label').notNull(),
  description: text('description'),
  sequence: integer('sequence').notNull().default(0),
  createdAt: createdAt(),
});

/** Category of attributes (listByCategories; the form item's categoryId). */
export const attributeCategories = pgTable('attribute_categories', {
  id: id(),
  label: text('label').notNull(),
  sequence: integer('sequence').notNull().default(0),
});

export interface AttributeOption {
  id: number | string;
  label: string;
}

/** A chain result: choosing the trigger value makes this attribute optional or required. */
export interface ChainResult {
  chainResultAttributeId: number;
  usage: AttributeChainUsage;
}

/**
 * A profile attribute. Ids are "by default" identities starting at 1000 so that the named
 * ids of spec 2 §4 (email 2, surname 69 ...) can be seeded with their exact values.
 */
export const attributes = pgTable(
  'attributes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 1000 }),
    attributeGroupId: integer('attribute_group_id').references(() => attributeGroups.id, { onDelete: 'set null' }),
    categoryId: integer('category_id').references(() => attributeCategories.id, { onDelete: 'set null' }),
    /** AttributeDataType code */
    type: integer('type').$type<AttributeDataType>().notNull(),
    label: text('label').notNull(),
    /** machine name (form field name) */
    name: text('name').notNull(),
    description: text('description'),
    required: boolean('required').notNull().default(false),
    readonly: boolean('readonly').notNull().default(false),
    regex: text('regex'),
    /** choices of reference/set attributes (or loaded from dictionaryId) */
    options: jsonb('options').$type<AttributeOption[]>().notNull().default([]),
    /** strings: length bounds; numbers: value bounds */
    min: doublePrecision('min'),
    max: doublePrecision('max'),
    isTextArea: boolean('is_text_area').notNull().default(false),
    /** offers a "none" choice (isHasNoneValue on the answer) */
    isHasNoneAttribute: boolean('is_has_none_attribute').notNull().default(false),
    /** reference/set: dictionary id; hierarchy: hierarchy id */
    dictionaryId: text('dictionary_id'),
    hierarchyId: text('hierarchy_id'),
    sequence: integer('sequence').notNull().default(0),
    /** chain: this attribute is a condition; its trigger value enables chainResults */
    chainConditionAttributeId: integer('chain_condition_attribute_id').references((): AnyPgColumn => attributes.id, {
      onDelete: 'set null',
    }),
    chainConditionTriggerValue: text('chain_condition_trigger_value'),
    chainResults: jsonb('chain_results').$type<ChainResult[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('attributes_group_idx').on(t.attributeGroupId, t.sequence)],
);

/** An account's value of an attribute; trainingId set = the answer given for one course. */
export const attributeValues = pgTable(
  'attribute_values',
  {
    id: id(),
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    attributeId: integer('attribute_id').notNull().references(() => attributes.id, { onDelete: 'cascade' }),
    trainingId: integer('training_id').references(() => courses.id, { onDelete: 'cascade' }),
    /** scalar value as text (dates DD-MM-YYYY as sent, booleans 'true'/'false') */
    value: text('value'),
    /** structured value: address { addressName } or company { companyName, addressName, inn, kpp } */
    valueJson: jsonb('value_json').$type<Record<string, unknown>>(),
    isHasNoneValue: boolean('is_has_none_value').notNull().default(false),
    fileId: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('attribute_values_profile_uq').on(t.accountId, t.attributeId).where(sql`${t.trainingId} is null`),
    uniqueIndex('attribute_values_course_uq').on(t.accountId, t.attributeId, t.trainingId).where(sql`${t.trainingId} is not null`),
    index('attribute_values_attribute_idx').on(t.attributeId),
    index('attribute_values_training_idx').on(t.trainingId),
  ],
);

/** Profile change history (instructor audit: profile/view). */
export const attributeValueHistory = pgTable(
  'attribute_value_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    attributeId: integer('attribute_id').references(() => attributes.id, { onDelete: 'set null' }),
    trainingId: integer('training_id').references(() => courses.id, { onDelete: 'set null' }),
    /** personal fields of the account itself (e.g. 'lastName') when attributeId is null */
    field: text('field'),
    oldValue: text('old_value'),
    newValue: text('new_value'),
    changedBy: integer('changed_by').references(() => accounts.id, { onDelete: 'set null' }),
    changedAt: tstz('changed_at').notNull().defaultNow(),
  },
  (t) => [
    index('attribute_value_history_account_idx').on(t.accountId, t.changedAt),
    // profile/view: every change, newest first
    index('attribute_value_history_changed_idx').on(t.changedAt, t.id),
  ],
);

/** Which attributes a course asks of its students (unfilled check on join). */
export const courseAttributes = pgTable(
  'course_attributes',
  {
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    attributeId: integer('attribute_id').notNull().references(() => attributes.id, { onDelete: 'cascade' }),
    /** AttributeRequirement code */
    requirement: integer('requirement').$type<AttributeRequirement>().notNull().default(1),
    /** answer per course (trainingId on attribute_values) instead of the shared profile value */
    perCourse: boolean('per_course').notNull().default(false),
    sequence: integer('sequence').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.attributeId] })],
);

/** Chain-attribute template (instructors/chain-attributes/templates). */
export const attributeTemplates = pgTable('attribute_templates', {
  id: id(),
  label: text('label').notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
  createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/** A linked account (e.g. a teacher account linked to a user account); login switches between them. */
export const accountLinks = pgTable(
  'account_links',
  {
    id: id(),
    mainAccountId: integer('main_account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    /** an account is linked to at most one main account */
    linkedAccountId: integer('linked_account_id').notNull().unique().references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('account_links_main_idx').on(t.mainAccountId)],
);

/** Per-account settings (/api/AccountSetting) and dashboard widget order (/Sequence). */
export const accountSettings = pgTable('account_settings', {
  accountId: integer('account_id').primaryKey().references(() => accounts.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  /** DashboardWidget names in display order */
  widgetOrder: text('widget_order').array().notNull().default([]),
  updatedAt: updatedAt(),
});

/** Quick-access toolbar items of an instructor. */
export const quickAccessItems = pgTable(
  'quick_access_items',
  {
    id: id(),
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    address: text('address').notNull(),
    icon: text('icon'),
    sequence: integer('sequence').notNull().default(0),
  },
  (t) => [index('quick_access_items_account_idx').on(t.accountId, t.sequence)],
);
