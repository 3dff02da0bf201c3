import { useEffect, useState } from 'react';
import { breadcrumbCalls } from '../../shared/calls/breadcrumbs';
import { callApi } from '../http/client';
import type { BreadcrumbItem } from './breadcrumbTrail';

const cache = new Map<string, string>();
const keyOf = (item: BreadcrumbItem) => `${item.itemType}:${item.itemId}`;
const fromCache = (items: BreadcrumbItem[]) =>
  Object.fromEntries(items.filter((i) => cache.has(keyOf(i))).map((i) => [keyOf(i), cache.get(keyOf(i))!]));

/**
 * Labels for the ids of a path (the breadcrumbs call), keyed `${itemType}:${itemId}`. A failed
 * call is silent: the crumbs keep showing ids.
 */
export function useBreadcrumbLabels(items: BreadcrumbItem[]): Record<string, string> {
  const signature = items.map(keyOf).join(',');
  const [labels, setLabels] = useState<Record<string, string>>(() => fromCache(items));

  useEffect(() => {
    const missing = items.filter((i) => !cache.has(keyOf(i)));
    setLabels(fromCache(items));
    if (missing.length === 0) return;
    let live = true;
    const inputModels = missing.map((i) => ({
      itemId: /^\d+$/.test(i.itemId) ? Number(i.itemId) : i.itemId,
      itemType: i.itemType,
    }));
    callApi(breadcrumbCalls.labels, { body: { inputModels } })
      .then((answer) => {
        if (!Array.isArray(answer)) return;
        for (const item of missing) {
          const found = answer.find(
            (a) => String(a?.itemId) === item.itemId && (a?.itemType === undefined || a.itemType === item.itemType) && typeof a?.label === 'string',
          );
          if (found) cache.set(keyOf(item), found.label);
        }
        if (live) setLabels(fromCache(items));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // items are described completely by their signature
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature]);

  return labels;
}
