import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useLocation } from 'react-router';
import { focusHeading, isInField, pageHeading } from './pageHeadingFocus';

/** How long a new page may take to show its heading (a slow record); after that focus stays where it is. */
const HEADING_WAIT_MS = 10_000;
/** The page is taken as shown once its heading has not changed for this long (a record's page says "Staff" until the record has loaded). */
const SETTLED_MS = 300;

/**
 * The main layout's answer to a page change (opening a record, saving a form, following a link or
 * the menu): once the new page shows its heading, focus moves to it, and a polite live region says
 * which page opened (again if the heading still changes, the record's name arriving). Not on the
 * layout's first page (just signed in, or a reload: the browser's own page load is announced), not
 * when only the query changes (a list's filters), and never while the user is in a field or once
 * they have moved focus themselves.
 */
export function RouteFocus() {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const first = useRef(true);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (isInField(document.activeElement)) return;
    const focusedBefore = document.activeElement;
    let focused: HTMLElement | null = null;
    let said = '';
    let settle: number | undefined;
    const userMoved = () => {
      const active = document.activeElement;
      return (
        !!active && active.isConnected && active !== document.body && active !== focusedBefore && active !== focused
      );
    };
    const land = () => {
      if (userMoved()) return stop();
      const heading = pageHeading(document);
      if (!heading) return;
      if (!focused) {
        focusHeading(heading);
        focused = heading;
      }
      const title = heading.textContent?.trim() ?? '';
      if (title !== said) {
        said = title;
        setAnnouncement(translate('app.topBar.pageOpened', { title }));
      }
    };
    const observer = new MutationObserver(() => {
      window.clearTimeout(settle);
      settle = window.setTimeout(land, SETTLED_MS);
    });
    // A page that never stops changing (a live list) gets focus on its heading all the same.
    const giveUp = window.setTimeout(() => {
      land();
      stop();
    }, HEADING_WAIT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(settle);
      window.clearTimeout(giveUp);
    }
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    settle = window.setTimeout(land, SETTLED_MS);
    return stop;
    // The translation changes with the language, which is not a page change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);

  return (
    <div className="visually-hidden" role="status" aria-live="polite" data-testid="route-announcement">
      {announcement}
    </div>
  );
}
