import { lazy, type ComponentType } from 'react';

/** A page loaded on demand that can also be asked for before it renders. */
export type LazyPage = ComponentType & { preload(): Promise<unknown> };

/**
 * React.lazy with a `preload`: the page a visit starts at is fetched while the frame's own
 * scripts, texts and account state load (src/main.tsx), not after the frame has rendered.
 * A failed load is forgotten, so the next render tries again (and the error page can say so).
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let pending: Promise<{ default: ComponentType }> | undefined;
  const once = () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
  return Object.assign(lazy(once), { preload: once });
}

export const canPreload = (page: ComponentType): page is LazyPage => typeof (page as Partial<LazyPage>).preload === 'function';
