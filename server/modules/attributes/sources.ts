import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AttributeAnswer, AttributeDefinition, AttributeSources, DictionaryEntry, HierarchyNode } from '../../../shared/attributes/index.js';
import type { Db } from '../../db/client.js';
import { dictionaryEntries, hierarchyNodes } from '../../db/schema/index.js';

/** The entries of dictionaries, by dictionary id (in their order). */
export async function dictionaryChoices(db: Db, ids: string[]): Promise<Map<string, DictionaryEntry[]>> {
  const out = new Map<string, DictionaryEntry[]>(ids.map((id) => [id, []]));
  if (!ids.length) return out;
  const rows = await db
    .select()
    .from(dictionaryEntries)
    .where(inArray(dictionaryEntries.dictionaryId, ids))
    .orderBy(asc(dictionaryEntries.sequence), asc(dictionaryEntries.id));
  for (const r of rows) out.get(r.dictionaryId)?.push({ id: r.id, label: r.label });
  return out;
}

/** A dictionary attribute's choices are its dictionary's entries (the form renders them, the validator checks against them). */
export async function withDictionaries(db: Db, defs: AttributeDefinition[]): Promise<AttributeDefinition[]> {
  const ids = [...new Set(defs.map((d) => d.dictionaryId).filter((id): id is string => id !== null))];
  if (!ids.length) return defs;
  const choices = await dictionaryChoices(db, ids);
  return defs.map((d) => (d.dictionaryId === null ? d : { ...d, options: choices.get(d.dictionaryId) ?? [] }));
}

/** Whether the outer hierarchy_nodes row has children (a node without any is of the last level); names spelled out, the alias must not capture them. */
const hasChildren = sql<boolean>`exists (select 1 from "hierarchy_nodes" c where c."hierarchy_id" = "hierarchy_nodes"."hierarchy_id" and c."parent_id" = "hierarchy_nodes"."id")`;

/** The children of a node of a hierarchy (null: its roots), as the tree picker shows them. */
export async function childNodes(db: Db, hierarchyId: string, parentId: string | null): Promise<HierarchyNode[]> {
  const rows = await db
    .select({ id: hierarchyNodes.id, text: hierarchyNodes.text, inner: hasChildren })
    .from(hierarchyNodes)
    .where(and(eq(hierarchyNodes.hierarchyId, hierarchyId), parentId === null ? isNull(hierarchyNodes.parentId) : eq(hierarchyNodes.parentId, parentId)))
    .orderBy(asc(hierarchyNodes.sequence), asc(hierarchyNodes.id));
  return rows.map((r) => ({ id: r.id, text: r.text, nodes: [], isSelected: false, last: !r.inner }));
}

/**
 * The tree down to a last-level value: the roots, each level's nodes loaded along the path to the
 * value and the value selected. Null when the value is not a node of the last level.
 */
export async function treeToValue(db: Db, hierarchyId: string, value: string): Promise<HierarchyNode[] | null> {
  if (!(await lastLevelNodes(db, [{ hierarchyId, value }])).has(`${hierarchyId}\u0000${value}`)) return null;
  // the path from the value up to its root (a hierarchy is shallow: one query per level)
  const path: string[] = [value];
  for (let depth = 0; depth < 50; depth++) {
    const [row] = await db.select({ parentId: hierarchyNodes.parentId }).from(hierarchyNodes).where(and(eq(hierarchyNodes.hierarchyId, hierarchyId), eq(hierarchyNodes.id, path[0])));
    if (!row?.parentId) break;
    path.unshift(row.parentId);
  }
  const roots = await childNodes(db, hierarchyId, null);
  let level = roots;
  for (const id of path) {
    const node = level.find((n) => n.id === id);
    if (!node) break;
    if (id === value) node.isSelected = true;
    else node.nodes = level = await childNodes(db, hierarchyId, id);
  }
  return roots;
}

/** The given (hierarchy, value) pairs that are last-level nodes, as `hierarchyId\0value` keys. */
async function lastLevelNodes(db: Db, pairs: { hierarchyId: string; value: string }[]): Promise<Set<string>> {
  if (!pairs.length) return new Set();
  const rows = await db
    .select({ hierarchyId: hierarchyNodes.hierarchyId, id: hierarchyNodes.id })
    .from(hierarchyNodes)
    .where(
      and(
        inArray(hierarchyNodes.hierarchyId, [...new Set(pairs.map((p) => p.hierarchyId))]),
        inArray(hierarchyNodes.id, [...new Set(pairs.map((p) => p.value))]),
        sql`not ${hasChildren}`,
      ),
    );
  return new Set(rows.map((r) => `${r.hierarchyId}\u0000${r.id}`));
}

/** The validator's lookups for these answers: the hierarchy nodes they name, read once. */
export async function sourcesFor(db: Db, defs: AttributeDefinition[], answers: AttributeAnswer[]): Promise<AttributeSources> {
  const byId = new Map(defs.map((d) => [d.id, d]));
  const pairs = answers.flatMap((a) => {
    const d = byId.get(a.attributeId);
    const v = a.value === null || a.value === undefined ? '' : String(a.value).trim();
    return d?.hierarchyId && v ? [{ hierarchyId: d.hierarchyId, value: v }] : [];
  });
  const leaves = await lastLevelNodes(db, pairs);
  return { isHierarchyLeaf: (hierarchyId, value) => leaves.has(`${hierarchyId}\u0000${value}`) };
}
