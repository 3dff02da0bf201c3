import { Suspense, useState, type ReactNode } from 'react';

/**
 * Renders its children (typically lazy: a menu, a dialog, a drawer) from the first time `when`
 * holds, and keeps them mounted afterwards so they can animate closed. Until then nothing is
 * loaded: the first paint does not carry pop-ups nobody opened.
 */
export function Deferred({ when, children }: { when: boolean; children: ReactNode }) {
  const [used, setUsed] = useState(when);
  if (when && !used) setUsed(true);
  return used || when ? <Suspense fallback={null}>{children}</Suspense> : null;
}
