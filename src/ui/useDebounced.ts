import { useEffect, useState } from 'react';

/** The value, once it has not changed for `ms` (search debounce 500 ms, spec 3 §9). */
export function useDebounced<T>(value: T, ms = 500): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}
