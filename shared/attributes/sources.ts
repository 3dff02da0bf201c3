import type { AttributeChoice, AttributeDefinition } from './definition';

/** A dictionary entry (spec 2 §3.2: id, label): a choice of a reference or set attribute naming the dictionary. */
export type DictionaryEntry = AttributeChoice;

/** A node of a hierarchy as the tree picker shows it (spec 2 §3.2: id, text, nodes, isSelected, last). */
export interface HierarchyNode {
  id: string;
  text: string;
  /** the children loaded so far (the tree call fills the path down to the selected value) */
  nodes: HierarchyNode[];
  isSelected: boolean;
  /** a node of the last level: the only kind a hierarchy attribute's answer may name */
  last: boolean;
}

/**
 * What the validator may look up beyond the attribute itself: whether a value is a last-level node
 * of a hierarchy. The server passes it (from the hierarchy's rows); the browser's picker offers
 * only such nodes, so it passes none.
 */
export interface AttributeSources {
  isHierarchyLeaf?: (hierarchyId: string, value: string) => boolean;
}

/**
 * The membership rule of dictionary and hierarchy attributes: a reference or set answer names
 * entries of the attribute's choices (for a dictionary attribute, its dictionary's entries, even
 * when the dictionary is empty); a hierarchy answer names a last-level node of its hierarchy when
 * the hierarchy can be looked up. `ids`: the ids the answer names.
 */
export function belongsToSource(d: AttributeDefinition, ids: readonly string[], sources: AttributeSources = {}): boolean {
  if (d.hierarchyId !== null && sources.isHierarchyLeaf) {
    const hierarchyId = d.hierarchyId;
    return ids.every((id) => sources.isHierarchyLeaf!(hierarchyId, id));
  }
  if (d.dictionaryId !== null || d.options.length) return ids.every((id) => d.options.some((o) => String(o.id) === id));
  return true;
}
