/**
 * jsdom computes a style by matching the element, and for inherited properties each ancestor, against
 * every rule of every sheet: a role query or a user-event pointer check asks again for the same
 * ancestors dozens of times between two changes of the document (in the dispatcher's file, 12,000
 * calls took a third of its time). This keeps each answer until the document changes: any mutation
 * (a node, an attribute, a class, an inline style, a style sheet's text) empties the memo before the
 * next answer: the observer's callback empties it, and so does a change still queued for the callback
 * (read synchronously with takeRecords()), so an answer is never older than the document.
 */
export function memoizeComputedStyle(win: Window & typeof globalThis): void {
  const compute = win.getComputedStyle.bind(win);
  let memo = new WeakMap<Element, Map<string, CSSStyleDeclaration>>();
  const forget = () => {
    memo = new WeakMap();
  };
  const changes = new win.MutationObserver(forget);
  changes.observe(win.document, { subtree: true, childList: true, attributes: true, characterData: true });
  let width = win.innerWidth;
  win.getComputedStyle = (element: Element, pseudo?: string | null) => {
    if (changes.takeRecords().length > 0 || win.innerWidth !== width) {
      forget();
      width = win.innerWidth;
    }
    let forElement = memo.get(element);
    if (!forElement) memo.set(element, (forElement = new Map()));
    const key = pseudo ?? '';
    let style = forElement.get(key);
    if (!style) forElement.set(key, (style = compute(element, pseudo)));
    return style;
  };
}
