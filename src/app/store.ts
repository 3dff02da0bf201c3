import { useCallback, useContext, useEffect, useState } from 'react';
import { StoreContext } from 'ra-core';

/**
 * A value of the app's browser store (react-admin's Store: localStorage under `RaStore.elp.*`),
 * kept in sync with every other reader of the key — react-admin's own useStore in the admin
 * area included, as both subscribe to the same store. A light hook: react-admin's compares
 * values with lodash, which a first load does not need for strings and flags.
 */
export function useStore<T>(key: string, defaultValue?: T): [T, (value: T | ((previous: T) => T)) => void] {
  const store = useContext(StoreContext);
  const read = () => store.getItem(key, defaultValue) as T;
  const [value, setValue] = useState<T>(read);
  useEffect(() => {
    setValue(read());
    return store.subscribe(key, (next: T | undefined) => setValue(next === undefined ? (defaultValue as T) : next));
    // the default is read when the key or the store changes, as react-admin's useStore does
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, store]);
  const set = useCallback(
    (next: T | ((previous: T) => T)) => {
      const resolved = typeof next === 'function' ? (next as (previous: T) => T)(read()) : next;
      if (resolved === undefined) store.removeItem(key);
      else store.setItem(key, resolved);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key, store],
  );
  return [value, set];
}
