/**
 * Page titles (WCAG 2.4.2) and one level-1 heading per page (issue 27), for every route at once:
 * the browser tab reads "Trips · Ride Admin", from the title react-admin shows in the top bar or,
 * on a page without one (sign-in, the dispatcher), from the page's own <h1> (or its
 * data-document-title, where the heading's words are not a page's name: the spec's 'login').
 */

const TITLE_PORTAL = 'react-admin-title';

/** "Trips · Ride Admin"; the product alone when the page has no name. */
export function documentTitleFor(pageName: string | null | undefined, appTitle: string): string {
  const name = pageName?.replace(/\s+/g, ' ').trim();
  return name && name !== appTitle ? `${name} · ${appTitle}` : appTitle;
}

/**
 * Keeps document.title in step with the page, and makes the top bar's page title the page's
 * level-1 heading whenever the page has no <h1> of its own (most lists and forms). Returns the
 * function that stops it.
 */
export function watchDocumentTitle(doc: Document, appTitle: string): () => void {
  const update = () => {
    const portal = doc.getElementById(TITLE_PORTAL);
    const ownHeading = doc.querySelector('h1');
    if (portal) {
      const heading = !ownHeading && portal.textContent?.trim() !== '';
      if (heading && portal.getAttribute('role') !== 'heading') {
        portal.setAttribute('role', 'heading');
        portal.setAttribute('aria-level', '1');
      } else if (!heading && portal.hasAttribute('role')) {
        portal.removeAttribute('role');
        portal.removeAttribute('aria-level');
      }
    }
    const ownName = ownHeading?.getAttribute('data-document-title') || ownHeading?.textContent;
    const title = documentTitleFor(portal?.textContent || ownName, appTitle);
    if (doc.title !== title) doc.title = title;
  };
  let scheduled = false;
  // Batched to one update a frame: the dispatcher's live pages change many times a second.
  const observer = new MutationObserver(() => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(() => {
      scheduled = false;
      update();
    });
  });
  observer.observe(doc.body, { subtree: true, childList: true, characterData: true });
  update();
  return () => observer.disconnect();
}
