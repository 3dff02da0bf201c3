import { useEffect } from 'react';
import { useTranslate } from '../app';
import { useBlocker } from 'react-router-dom';

/**
 * Asks before leaving a page with unsaved changes, and lets the browser warn on tab close
 * (spec 1 §2.4). react-admin forms get the same with `<SimpleForm warnWhenUnsavedChanges>`;
 * this hook is for other editors: pass whether there is something unsaved.
 */
export function useUnsavedChangesGuard(dirty: boolean): void {
  const translate = useTranslate();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(translate('ra.message.unsaved_changes'))) blocker.proceed();
    else blocker.reset();
    // once per block: the blocker object changes identity on every render
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [blocker.state]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
