// Dictionaries (reference and set attributes) and hierarchies (hierarchy attributes), spec 2 §3.2.
import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from './_columns.js';

/** A dictionary: the choices of reference and set attributes naming it (attributes.dictionary_id). */
export const dictionaries = pgTable('dictionaries', {
  id: text('id').primaryKey(),
  label: text('label').notNull(),
  createdAt: createdAt(),
});

/** A dictionary entry (spec 2 §3.2: id, label); the answer of a reference attribute is its id. */
export const dictionaryEntries = pgTable(
  'dictionary_entries',
  {
    dictionaryId: text('dictionary_id').notNull().references(() => dictionaries.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    label: text('label').notNull(),
    sequence: integer('sequence').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.dictionaryId, t.id] })],
);

/** A hierarchy: the tree of hierarchy attributes naming it (attributes.hierarchy_id). */
export const hierarchies = pgTable('hierarchies', {
  id: text('id').primaryKey(),
  label: text('label').notNull(),
  createdAt: createdAt(),
});

/** A node of a hierarchy (spec 2 §3.2: id, text, nodes, last); a node without children is of the last level. */
export const hierarchyNodes = pgTable(
  'hierarchy_nodes',
  {
    hierarchyId: text('hierarchy_id').notNull().references(() => hierarchies.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    /** null: a root node */
    parentId: text('parent_id'),
    text: text('text').notNull(),
    sequence: integer('sequence').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.hierarchyId, t.id] }), index('hierarchy_nodes_parent_idx').on(t.hierarchyId, t.parentId, t.sequence)],
);
