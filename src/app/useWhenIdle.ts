import { useEffect, useState } from 'react';

/**
 * False until the page has loaded and the browser is idle (at most `timeout` ms after the load
 * event): for work a page does not need to show itself — opening a live connection, say — so
 * that it does not compete with the page's first render on a slow phone.
 */
export function useWhenIdle(timeout = 2000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let cancel = () => {};
    const whenIdle = () => {
      if (typeof window.requestIdleCallback === 'function') {
        const id = window.requestIdleCallback(() => setIdle(true), { timeout });
        cancel = () => window.cancelIdleCallback(id);
      } else {
        const id = window.setTimeout(() => setIdle(true), 1);
        cancel = () => window.clearTimeout(id);
      }
    };
    if (document.readyState === 'complete') whenIdle();
    else {
      window.addEventListener('load', whenIdle, { once: true });
      cancel = () => window.removeEventListener('load', whenIdle);
    }
    return () => cancel();
  }, [timeout]);
  return idle;
}
