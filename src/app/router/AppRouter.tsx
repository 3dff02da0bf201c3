import { createContext, startTransition, useContext, useLayoutEffect, useState, type ReactNode } from 'react';
import { Router, UNSAFE_createBrowserHistory as createBrowserHistory, parsePath, type Location, type NavigationType, type Navigator, type To } from 'react-router-dom';

/**
 * The app's router: react-router in its declarative mode over the browser's history, plus
 * navigation blocking (a page with unsaved changes asks before it is left, spec 1 §2.4).
 * react-router offers blocking only in its data router, whose loaders, actions and fetchers the
 * app does not use and which weighs ~18 KB gzip of every page's first load (issue 15); the
 * blocking it needs is this file.
 */

export interface BlockerArgs {
  currentLocation: Location;
  nextLocation: Location;
  historyAction: NavigationType;
}
export type BlockerPredicate = (args: BlockerArgs) => boolean;

/** What a blocked navigation offers the page, the shape of react-router's Blocker. */
export type Blocker =
  | { state: 'unblocked'; location: undefined; proceed: undefined; reset: undefined }
  | { state: 'blocked'; location: Location; proceed(): void; reset(): void };

export const UNBLOCKED: Blocker = { state: 'unblocked', location: undefined, proceed: undefined, reset: undefined };

interface BlockerRegistration {
  shouldBlock: BlockerPredicate;
  /** Holds the navigation to `location`; `go` carries it out. */
  block(location: Location, go: () => void): void;
}

/** The browser history with a guard in front of it: navigations ask the registered blockers first. */
export class GuardedHistory {
  private readonly history = createBrowserHistory({ v5Compat: true });
  private readonly blockers = new Set<BlockerRegistration>();
  /** The location the app shows (a blocked back/forward has already moved the browser's). */
  private shown: Location = this.history.location;
  private ignoreNextPop = false;
  private passNextPop = false;
  /** a proceed that came before the browser's step back to the page had landed: run once it has */
  private afterStepBack: (() => void) | null = null;

  readonly navigator: Navigator = {
    createHref: (to) => this.history.createHref(to),
    encodeLocation: (to) => this.history.encodeLocation(to),
    go: (delta) => this.history.go(delta),
    push: (to, state) => this.guard('PUSH' as NavigationType, to, state, () => this.history.push(to, state)),
    replace: (to, state) => this.guard('REPLACE' as NavigationType, to, state, () => this.history.replace(to, state)),
  };

  get location(): Location {
    return this.shown;
  }

  get action(): NavigationType {
    return this.history.action as NavigationType;
  }

  register(registration: BlockerRegistration): () => void {
    this.blockers.add(registration);
    return () => this.blockers.delete(registration);
  }

  /** Calls `onChange` with each location the app is to show. */
  listen(onChange: (action: NavigationType, location: Location) => void): () => void {
    return this.history.listen(({ action, location, delta }) => {
      if (action === 'POP') {
        if (this.ignoreNextPop) {
          this.ignoreNextPop = false;
          const proceed = this.afterStepBack;
          this.afterStepBack = null;
          proceed?.();
          return;
        }
        const blocker = this.passNextPop || !delta ? null : this.blockerFor(location, action as NavigationType);
        this.passNextPop = false;
        if (blocker) {
          // back/forward has already moved the browser: step back to where the page is, ask, and
          // step again if the reader leaves (react-router's data router does the same)
          this.ignoreNextPop = true;
          this.history.go(-delta!);
          blocker.block(location, () => {
            const proceed = () => {
              this.passNextPop = true;
              this.history.go(delta!);
            };
            // a page may let go at once (react-admin's form does once its save has succeeded):
            // a second step started before the first has landed is lost or lands elsewhere, so it
            // waits for the step back
            if (this.ignoreNextPop) this.afterStepBack = proceed;
            else proceed();
          });
          return;
        }
      }
      this.shown = location;
      onChange(action as NavigationType, location);
    });
  }

  private guard(action: NavigationType, to: To, state: unknown, go: () => void): void {
    const path = typeof to === 'string' ? parsePath(to) : to;
    const next: Location = {
      pathname: path.pathname ?? this.shown.pathname,
      search: path.search ?? '',
      hash: path.hash ?? '',
      state: state ?? null,
      key: 'next',
    };
    const blocker = this.blockerFor(next, action);
    if (blocker) blocker.block(next, go);
    else go();
  }

  private blockerFor(nextLocation: Location, historyAction: NavigationType): BlockerRegistration | null {
    for (const blocker of this.blockers) {
      if (blocker.shouldBlock({ currentLocation: this.shown, nextLocation, historyAction })) return blocker;
    }
    return null;
  }
}

const GuardedHistoryContext = createContext<GuardedHistory | null>(null);

/** The history whose navigations a page can block; null outside AppRouter (e.g. a test's memory router). */
export const useGuardedHistory = (): GuardedHistory | null => useContext(GuardedHistoryContext);

export function AppRouter({ children }: { children: ReactNode }) {
  const [history] = useState(() => new GuardedHistory());
  const [state, setState] = useState(() => ({ action: history.action, location: history.location }));
  // a navigation renders in a transition, as react-router's own routers do: a page still loading
  // its code keeps the previous one on screen instead of a blank fallback
  useLayoutEffect(() => history.listen((action, location) => startTransition(() => setState({ action, location }))), [history]);
  return (
    <GuardedHistoryContext.Provider value={history}>
      <Router location={state.location} navigationType={state.action} navigator={history.navigator}>
        {children}
      </Router>
    </GuardedHistoryContext.Provider>
  );
}
