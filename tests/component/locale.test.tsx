import { waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { appStore, applyProfileLocale, LOCALE_FALLBACK_KEY, LOCALE_UNSAVED_KEY } from '../../src/i18n/localePreference';
import { sw } from '../../src/i18n/sw/index';
import { fr } from '../../src/i18n/fr/index';
import { clearSession } from '../../src/session';
import { sessionOf, superAdminProfile } from '../unit/support/staffFixtures';
import { renderApp, screen } from './support/renderApp';
import { catalogueAt } from '../unit/support/catalogueAt';

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // The provider is the panel's one instance: the next test starts in English (signed out, so nothing is saved).
  clearSession();
  await i18nProvider.changeLocale('en');
});

const text = (catalogue: unknown, path: string) => catalogueAt(catalogue, path) as string;

const lang = () => document.documentElement.lang;

async function choose(user: ReturnType<typeof renderApp>['user'], name: string) {
  const menus = await screen.findAllByTestId('locale-menu');
  await user.click(within(menus[0]).getByRole('button'));
  await user.click(await screen.findByRole('menuitem', { name }));
}

describe('the language choice', () => {
  it('switches the login page to Swahili, remembers it before sign-in, and saves it on a profile that had none', async () => {
    const { user, api } = renderApp('/login', {
      api: {
        'POST /api/user/auth/login': { json: { data: { accessToken: 'fresh-token' } } },
        'GET /api/user/auth/me': { json: { data: { ...superAdminProfile, locale: null } } },
        'PUT /api/user/auth/locale': { json: { data: { ...superAdminProfile, locale: 'sw' } } },
      },
    });
    await choose(user, 'Kiswahili');
    const submit = await screen.findByRole('button', { name: text(sw, 'app.auth.login.submit') });
    expect(lang()).toBe('sw');
    expect(localStorage.getItem(LOCALE_FALLBACK_KEY)).toBe('sw');
    // The shared write rules' messages, in Swahili.
    await user.click(submit);
    expect(await screen.findByText(text(sw, 'app.validation.fixed.emailRequired'))).toBeInTheDocument();

    await user.type(screen.getByLabelText(new RegExp(text(sw, 'app.auth.fields.email'))), 'admin@example.com');
    await user.type(screen.getByLabelText(new RegExp(`^${text(sw, 'app.auth.fields.password')}`)), 'Admin@1234');
    await user.click(submit);
    await waitFor(() =>
      expect(api.requests.some((r) => r.method === 'PUT' && r.path === '/api/user/auth/locale')).toBe(true),
    );
    expect(api.requests.find((r) => r.path === '/api/user/auth/locale')?.body).toEqual({ locale: 'sw' });
  });

  it('applies the profile’s language at sign-in, and keeps it for the next page load', async () => {
    const { user, api } = renderApp('/login', {
      api: {
        'POST /api/user/auth/login': {
          json: { data: { accessToken: 'fresh-token', profile: { ...superAdminProfile, locale: 'fr' } } },
        },
        '*': { status: 404, json: { message: 'Not Found' } },
      },
    });
    await user.type(await screen.findByLabelText(/Email/), 'admin@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Admin@1234');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(lang()).toBe('fr'));
    expect(
      await screen.findByText(text(fr, 'app.menu.dashboard'), { selector: '[data-testid="side-menu"] *' }),
    ).toBeInTheDocument();
    expect(appStore.getItem('locale')).toBe('fr');
    // The profile already says French: nothing to save.
    expect(api.requests.some((r) => r.path === '/api/user/auth/locale')).toBe(false);
  });

  it('starts a signed-out page in the language last chosen on this browser', async () => {
    renderApp('/login', {
      prepare: () => localStorage.setItem(LOCALE_FALLBACK_KEY, 'fr'),
    });
    // restoreLocale ran when the App module loaded; on a later load it reads the item again.
    const { restoreLocale } = await import('../../src/i18n/localePreference');
    restoreLocale();
    expect(await screen.findByRole('button', { name: text(fr, 'app.auth.login.submit') })).toBeInTheDocument();
    expect(lang()).toBe('fr');
  });

  it('switches a signed-in session from the top bar and saves the choice on the profile', async () => {
    const { user, api } = renderApp('/no-such-page', {
      session: sessionOf({ ...superAdminProfile, locale: 'en' }),
      api: { 'PUT /api/user/auth/locale': { json: { data: { ...superAdminProfile, locale: 'sw' } } } },
    });
    await choose(user, 'Kiswahili');
    await waitFor(() => expect(lang()).toBe('sw'));
    expect(await screen.findByText(text(sw, 'app.notFound.title'))).toBeInTheDocument();
    await waitFor(() => expect(api.to('PUT /api/user/auth/locale').map((r) => r.body)).toEqual([{ locale: 'sw' }]));
  });

  it('switches the language from the profile menu, which holds it at every width, and saves it on the profile', async () => {
    const { user, api } = renderApp('/no-such-page', {
      session: sessionOf({ ...superAdminProfile, locale: 'en' }),
      api: { 'PUT /api/user/auth/locale': { json: { data: { ...superAdminProfile, locale: 'fr' } } } },
    });
    await user.click(await screen.findByTestId('profile-button'));
    await user.click(await screen.findByRole('menuitem', { name: /^Language\s*English$/ }));
    const languages = await screen.findByRole('menu', { name: 'Language' });
    expect(within(languages).getByRole('menuitemradio', { name: 'English' })).toHaveAttribute('aria-checked', 'true');
    await user.click(within(languages).getByRole('menuitemradio', { name: 'Français' }));
    await waitFor(() => expect(lang()).toBe('fr'));
    expect(await screen.findByText(text(fr, 'app.notFound.title'))).toBeInTheDocument();
    await waitFor(() => expect(api.to('PUT /api/user/auth/locale').map((r) => r.body)).toEqual([{ locale: 'fr' }]));

    // The entry names the language in use, in that language.
    await user.click(screen.getByTestId('profile-button'));
    expect(
      await screen.findByRole('menuitem', { name: new RegExp(`^${text(fr, 'app.locale.menu')}\\s*Français$`) }),
    ).toBeInTheDocument();
  });

  it('keeps a choice the profile has not taken yet over the profile’s older language, and saves it again', async () => {
    // The first save never arrives (the page was left, or the network failed); the next one does.
    let saves = 0;
    const { user, api } = renderApp('/no-such-page', {
      session: sessionOf({ ...superAdminProfile, locale: 'en' }),
      api: {
        'PUT /api/user/auth/locale': () =>
          ++saves === 1 ? { networkError: true } : { json: { data: { ...superAdminProfile, locale: 'fr' } } },
      },
    });
    await choose(user, 'Français');
    await waitFor(() => expect(lang()).toBe('fr'));
    await waitFor(() => expect(saves).toBe(1));
    expect(JSON.parse(localStorage.getItem(LOCALE_UNSAVED_KEY)!)).toEqual({
      staffId: superAdminProfile.id,
      locale: 'fr',
    });

    // The next page load reads the profile, still in English: French stays, and is saved.
    applyProfileLocale({ ...superAdminProfile, locale: 'en' });
    await waitFor(() => expect(api.to('PUT /api/user/auth/locale').map((r) => r.body)).toHaveLength(2));
    expect(api.to('PUT /api/user/auth/locale')[1].body).toEqual({ locale: 'fr' });
    expect(lang()).toBe('fr');
    expect(appStore.getItem('locale')).toBe('fr');
    await waitFor(() => expect(localStorage.getItem(LOCALE_UNSAVED_KEY)).toBeNull());

    // Once saved, the profile wins again: a language chosen on another device applies here.
    applyProfileLocale({ ...superAdminProfile, locale: 'sw' });
    await waitFor(() => expect(lang()).toBe('sw'));
  });
});
