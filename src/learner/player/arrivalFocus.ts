import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Focus moves to a step's heading when the step arrives (WCAG 2.4.3): after Continue, Start or
 * a menu link the content that had the focus is gone, and a keyboard or screen-reader user would
 * start again from the top of the page. The heading (tabIndex -1) takes it, not the first control,
 * so the step is read from its name. `step` names the step: a new one focuses again. Not on the
 * page's first load (the router's first location): there the page starts at its top, as any page.
 */
export function useArrivalFocus<T extends HTMLElement>(step: unknown) {
  const ref = useRef<T>(null);
  const { key } = useLocation();
  const navigated = key !== 'default';
  useEffect(() => {
    if (navigated) ref.current?.focus();
  }, [step, navigated]);
  return ref;
}
