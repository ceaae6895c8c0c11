import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Every page the side menu links to, as the signed-in role sees it (each group opened in turn).
 * The a11y and keyboard suites walk these.
 */
export async function menuPaths(page: Page): Promise<string[]> {
  const menu = page.getByTestId('side-menu');
  const paths = new Set<string>();
  await menu.locator('a[href]').first().waitFor();
  const collect = async () => {
    for (const href of await menu.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href'))))
      if (href) paths.add(href);
  };
  await collect();
  const groups = menu.locator('[aria-expanded]');
  for (let i = 0; i < (await groups.count()); i++) {
    if ((await groups.nth(i).getAttribute('aria-expanded')) !== 'true') await groups.nth(i).click();
    // Its entries are in the document as soon as it says it is expanded (they mount as it opens).
    await expect.poll(() => groups.nth(i).getAttribute('aria-expanded')).toBe('true');
    await collect();
  }
  return [...paths];
}
