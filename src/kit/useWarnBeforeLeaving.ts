import { useEffect } from 'react';
import { useTranslate } from 'react-admin';
import { useBlocker } from 'react-router';

/**
 * For a page that keeps its own draft (not a react-admin form, which EditorForm covers): while
 * `dirty`, leaving for another page asks first (react-admin's own "unsaved changes" question), and
 * closing or reloading the tab asks the browser's.
 */
export function useWarnBeforeLeaving(dirty: boolean): void {
  const translate = useTranslate();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(translate('ra.message.unsaved_changes'))) blocker.proceed();
    else blocker.reset();
  }, [blocker, translate]);
  useEffect(() => {
    if (!dirty) return;
    const beforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', beforeUnload);
    return () => window.removeEventListener('beforeunload', beforeUnload);
  }, [dirty]);
}
