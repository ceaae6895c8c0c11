/**
 * Where focus goes when the page changes (WCAG 2.4.3): to the new page's level-1 heading, which is
 * the page's own <h1> in the content, or else the top bar's title (a heading by its role, see
 * documentTitle.ts). Framework-free, so that the rules are tested on a plain document.
 */

/** The id of react-admin's content area, the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';
const TITLE_PORTAL = 'react-admin-title';

const hasText = (element: Element | null): element is HTMLElement => !!element && element.textContent?.trim() !== '';

/** The page's heading once it shows its text (a record's page names its record once loaded); null before. */
export function pageHeading(doc: Document): HTMLElement | null {
  const own = doc.getElementById(MAIN_CONTENT_ID)?.querySelector('h1') ?? null;
  if (hasText(own)) return own;
  const portal = doc.getElementById(TITLE_PORTAL);
  return hasText(portal) ? portal : null;
}

/** Whether the user is in a field (typing, choosing): a page change must not take focus from there. */
export function isInField(element: Element | null): boolean {
  if (!element || !element.isConnected) return false;
  if (element instanceof HTMLElement && element.isContentEditable) return true;
  return element.matches(
    'input:not([type=checkbox]):not([type=radio]):not([type=button]):not([type=submit]), textarea, select, [role=combobox]',
  );
}

/** Moves focus to the heading without scrolling past the sticky top bar, and without a tab stop of its own. */
export function focusHeading(heading: HTMLElement): void {
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
}

/**
 * After an action removed the focused control (the banner's Acknowledge leaves with its alarm),
 * focus would fall to the page's body: it goes to the page's heading instead.
 */
export function refocusIfLost(doc: Document): void {
  const active = doc.activeElement;
  if (active && active !== doc.body && active.isConnected) return;
  const heading = pageHeading(doc);
  if (heading) focusHeading(heading);
}
