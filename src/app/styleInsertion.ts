import { useInsertionEffect } from 'react';

/**
 * Stands in for @emotion/use-insertion-effect-with-fallbacks in the build
 * (scripts/emotion-insertion.mjs). Emotion compiles and inserts a styled component's rules in an
 * insertion effect, that is inside React's commit, which never yields: on a phone the first
 * commit of a page was mostly that (stylis and insertRule, 60 % of a 180 ms task at 4× CPU
 * throttling). Inserted while rendering, the same work runs in the render phase, which React
 * slices in a transition (every page's first render is one, src/main.tsx), with the browser
 * running in between. Each rule is inserted once (emotion's cache) and only adds a class that no
 * element has yet, so a render React throws away leaves an unused rule, nothing else; this is
 * what emotion itself does where React has no insertion effects.
 */
export function useInsertionEffectAlwaysWithSyncFallback(create: () => unknown): void {
  create();
}

/** Global styles keep the insertion effect: they are removed again on unmount. */
export const useInsertionEffectWithLayoutFallback = useInsertionEffect;
