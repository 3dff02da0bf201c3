import { z } from 'zod';
import type { DictionaryEntry, HierarchyNode } from '../attributes/sources';
import { defineCalls, returns } from '../http/call';

/** A dictionary or hierarchy id (attributes.dictionary_id / hierarchy_id: text ids, spec 2 §4 "fixed id strings"). */
export const sourceId = z.string().trim().min(1).max(100);

/**
 * Dictionaries and hierarchies of reference, set and hierarchy attributes (spec 3 §7.2): read by
 * every signed-in user (they are the choices of the forms they fill).
 */
export const dictionaryCalls = defineCalls('Dictionaries', {
  dictionary: {
    method: 'GET',
    path: '/api/dictionaries/{id}',
    rule: 'signedIn',
    params: z.object({ id: sourceId }),
    response: returns<DictionaryEntry[]>(),
    summary: 'The entries of a dictionary (id, label)',
  },
  children: {
    method: 'GET',
    path: '/api/hierarchies/{id}/nodes/children',
    rule: 'signedIn',
    params: z.object({ id: sourceId }),
    query: z.object({ node: sourceId.optional() }),
    response: returns<HierarchyNode[]>(),
    summary: 'The children of a node of a hierarchy (without node: its roots)',
  },
  tree: {
    method: 'GET',
    path: '/api/hierarchies/{id}/last-level-value/{value}/tree',
    rule: 'signedIn',
    params: z.object({ id: sourceId, value: sourceId }),
    response: returns<HierarchyNode[]>(),
    summary: 'The tree from the roots down to a last-level value, the value selected',
  },
});
