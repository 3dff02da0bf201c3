import { useEffect, useState } from 'react';
import type { BreadcrumbItem } from './breadcrumbTrail';

/** The breadcrumbs call (spec 3 §7.1): body { inputModels }, answer [{ itemId, label }]. */
export const BREADCRUMBS_PATH = '/api/breadcrumbs';

const cache = new Map<string, string>();
const keyOf = (item: BreadcrumbItem) => `${item.itemType}:${item.itemId}`;
const fromCache = (items: BreadcrumbItem[]) =>
  Object.fromEntries(items.filter((i) => cache.has(keyOf(i))).map((i) => [keyOf(i), cache.get(keyOf(i))!]));

/**
 * Labels for the ids of a path, keyed `${itemType}:${itemId}`. A failed call is silent: the
 * crumbs keep showing ids.
 */
export function useBreadcrumbLabels(items: BreadcrumbItem[]): Record<string, string> {
  const signature = items.map(keyOf).join(',');
  const [labels, setLabels] = useState<Record<string, string>>(() => fromCache(items));

  useEffect(() => {
    const missing = items.filter((i) => !cache.has(keyOf(i)));
    setLabels(fromCache(items));
    if (missing.length === 0) return;
    const controller = new AbortController();
    const inputModels = missing.map((i) => ({
      itemId: /^\d+$/.test(i.itemId) ? Number(i.itemId) : i.itemId,
      itemType: i.itemType,
    }));
    fetch(BREADCRUMBS_PATH, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ inputModels }),
      signal: controller.signal,
    })
      .then((response) => (response.ok ? response.json() : []))
      .then((answer: unknown) => {
        if (!Array.isArray(answer)) return;
        for (const item of missing) {
          const found = answer.find(
            (a) =>
              String(a?.itemId) === item.itemId &&
              (a?.itemType === undefined || a.itemType === item.itemType) &&
              typeof a?.label === 'string',
          );
          if (found) cache.set(keyOf(item), found.label);
        }
        setLabels(fromCache(items));
      })
      .catch(() => undefined);
    return () => controller.abort();
    // items are described completely by their signature
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature]);

  return labels;
}
