import { readStored, writeStored } from '../../ui/storage';

/**
 * Items waiting to be sent over a hub, kept in localStorage so that what was recorded while
 * offline survives a reload and goes out later, oldest first (spec 3 §8.11).
 */
export interface PendingQueue<T> {
  peek(): T | undefined;
  push(item: T): void;
  /** drops the oldest item (after the server acknowledged it) */
  drop(): void;
  size(): number;
}

/** Past this many items the oldest are let go: storage is small and shared with the app. */
export const PENDING_LIMIT = 2000;

export function pendingQueue<T>(key: string, limit = PENDING_LIMIT): PendingQueue<T> {
  const read = (): T[] => {
    try {
      const parsed: unknown = JSON.parse(readStored('local', key) ?? '[]');
      return Array.isArray(parsed) ? (parsed as T[]) : [];
    } catch {
      return [];
    }
  };
  const write = (items: T[]) => writeStored('local', key, JSON.stringify(items));
  return {
    peek: () => read()[0],
    push(item) {
      write([...read(), item].slice(-limit));
    },
    drop() {
      write(read().slice(1));
    },
    size: () => read().length,
  };
}
