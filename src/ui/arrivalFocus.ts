import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Where focus goes after the app moves to another screen (WCAG 2.4.3): a click or Enter on a link
 * removes the element that had focus with the old screen, and a keyboard or screen-reader user
 * would start again from the top of the page. Each screen's heading takes focus when the screen
 * arrives (PageFrame), or — when the move was to show something new («Урок создан») — that new
 * thing does: the navigation names it in its state, `{ focus: '<id>' }` (see `focusState`).
 *
 * Only once per visit of a location: a screen that re-renders its frame on a refetch does not
 * pull focus back. The first screen of a page load keeps the browser's own start (location key
 * `default`), and focus already inside the new screen (an autofocused field) stays.
 */
const handled = new Set<string>();

/** A focused heading or label shows a ring when the keyboard brought it there, not on a click. */
export const focusRing = { '&:focus': { outline: 'none' }, '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 } } as const;

/** The navigation state that gives focus to the new thing with this id (`navigate(path, focusState('lesson-3'))`). */
export const focusState = (id: string) => ({ state: { focus: id } });

const wantedOf = (state: unknown) => (state && typeof state === 'object' && typeof (state as { focus?: unknown }).focus === 'string' ? (state as { focus: string }).focus : null);

function take(key: string): boolean {
  if (key === 'default' || handled.has(key)) return false;
  handled.add(key);
  return true;
}

/** Focuses the screen's heading (`tabIndex={-1}`) when the screen arrives, unless the new thing takes it. */
export function useArrivalFocus<T extends HTMLElement>(): RefObject<T | null> {
  const ref = useRef<T>(null);
  const location = useLocation();
  useEffect(() => {
    const el = ref.current;
    if (!el || wantedOf(location.state)) return;
    const frame = el.closest('[data-page-frame]');
    if (frame && document.activeElement && document.activeElement !== document.body && frame.contains(document.activeElement)) return;
    if (take(location.key)) el.focus();
    // once, when the screen's frame mounts (a change of the query alone, e.g. a tab, keeps focus)
  }, []);
  return ref;
}

/** Focuses this element (`tabIndex={-1}`) when the screen arrived to show it: the navigation's state names `id`. */
export function useFocusWhenNew<T extends HTMLElement>(id: string): RefObject<T | null> {
  const ref = useRef<T>(null);
  const location = useLocation();
  const wanted = wantedOf(location.state) === id;
  useEffect(() => {
    if (wanted && ref.current && take(`${location.key}#${id}`)) {
      ref.current.focus();
      ref.current.scrollIntoView?.({ block: 'nearest' });
    }
  }, [wanted, location.key, id]);
  return ref;
}
