import { useEffect, useRef, useState } from 'react';
import { UNBLOCKED, useGuardedHistory, type Blocker, type BlockerPredicate } from './AppRouter';

/**
 * Holds in-app navigations (links, navigate(), back and forward) while `shouldBlock` says so,
 * with react-router's useBlocker contract: the blocker turns 'blocked' and the page calls
 * proceed() or reset(). Outside AppRouter nothing is blocked.
 */
export function useNavigationBlocker(shouldBlock: boolean | BlockerPredicate): Blocker {
  const history = useGuardedHistory();
  const [blocker, setBlocker] = useState<Blocker>(UNBLOCKED);
  // the newest predicate: it reads the page's current state (a form's dirtiness)
  const latest = useRef(shouldBlock);
  useEffect(() => {
    latest.current = shouldBlock;
  });

  useEffect(() => {
    if (!history) return;
    return history.register({
      shouldBlock: (args) => (typeof latest.current === 'function' ? latest.current(args) : latest.current),
      block: (location, go) =>
        setBlocker({
          state: 'blocked',
          location,
          proceed: () => {
            setBlocker(UNBLOCKED);
            go();
          },
          reset: () => setBlocker(UNBLOCKED),
        }),
    });
  }, [history]);

  return blocker;
}
