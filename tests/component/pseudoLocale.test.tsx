import { afterEach, describe, expect, it, vi } from 'vitest';
import { config } from '../../src/config';
import { PSEUDO_LOCALE, PSEUDO_RTL_LOCALE } from '../../src/domain/locales';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { appStore } from '../../src/i18n/localePreference';
import { pseudoText } from '../../src/i18n/pseudo';
import { clearSession } from '../../src/session';
import { sessionOf, superAdminProfile } from '../unit/support/staffFixtures';
import { renderApp, screen } from './support/renderApp';

/**
 * The pseudo-locale (accented and about 30 % longer, between ⟦ ⟧) finds text that does not go
 * through the catalogue: any visible text with plain English letters outside ⟦ ⟧ is such text.
 */

afterEach(async () => {
  vi.restoreAllMocks();
  clearSession();
  await i18nProvider.changeLocale('en');
});

/** Text the catalogue does not own: the product's name, people's names, codes and numbers. */
const DATA = new Set([config.appTitle, 'Ada', 'Admin', 'Ada Admin', 'Super Admin', 'SOS', '404']);

/** The visible texts with a Latin letter that is neither inside ⟦ ⟧ nor data. */
function untranslated(root: HTMLElement): string[] {
  const found: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const value = node.textContent?.trim() ?? '';
    if (!/[A-Za-z]/.test(value) || DATA.has(value)) continue;
    if (node.parentElement?.closest('[aria-hidden="true"], svg, style, script')) continue;
    const outside = value.replace(/⟦[^⟧]*⟧/g, '');
    if (/[A-Za-z]{2,}/.test(outside)) found.push(value);
  }
  return found;
}

const inPseudo = () => appStore.setItem('locale', PSEUDO_LOCALE);

describe('the pseudo-locale', () => {
  it('accents and lengthens text, keeping parameters and plural forms', () => {
    const text = pseudoText('Used %{smart_count} time |||| Used %{smart_count} times');
    expect(text).toMatch(/^⟦Úšéď %\{smart_count\} ťíɱé~+⟧ \|\|\|\| ⟦Úšéď %\{smart_count\} ťíɱéš~+⟧$/);
    expect(pseudoText('Trips').length).toBeGreaterThanOrEqual(Math.ceil('Trips'.length * 1.3));
  });

  it('leaves no untranslated text on the login page', async () => {
    renderApp('/login', { prepare: inPseudo });
    await screen.findByRole('button', { name: /⟦Ĺóĝíñ/ });
    expect(untranslated(document.body)).toEqual([]);
  });

  it('leaves no untranslated text in the menu, the top bar and the not-found page', async () => {
    renderApp('/no-such-page', { session: sessionOf(superAdminProfile), prepare: inPseudo });
    await screen.findByTestId('side-menu');
    await screen.findByText(/⟦Þáĝé Ñóť Ƒóúñď/);
    expect(untranslated(document.body)).toEqual([]);
  });

  it('has a right-to-left variant: the page is laid out right to left, with nothing left untranslated', async () => {
    renderApp('/no-such-page', {
      session: sessionOf(superAdminProfile),
      prepare: () => appStore.setItem('locale', PSEUDO_RTL_LOCALE),
    });
    await screen.findByTestId('side-menu');
    await screen.findByText(/⟦Þáĝé Ñóť Ƒóúñď/);
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe(PSEUDO_RTL_LOCALE);
    expect(untranslated(document.body)).toEqual([]);
  });
});
