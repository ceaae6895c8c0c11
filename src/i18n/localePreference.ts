import { localStorageStore } from 'react-admin';
import { authApi } from '../auth/authApi';
import { isAppLocale } from '../domain/locales';
import { getSession, setSession, type StaffProfile } from '../session';
import { i18nProvider, onLocaleChange } from './i18nProvider';

/**
 * Where the panel's language is remembered:
 * - react-admin's store (`locale`), which the language menu sets and which survives a reload;
 * - the staff member's profile on the server (PUT auth/locale), so the choice follows them to
 *   another device and is applied at sign-in;
 * - a localStorage item of its own, for the screens before sign-in: signing out resets
 *   react-admin's store, and the login page should still speak the last language chosen here.
 */
export const appStore = localStorageStore();
const STORE_KEY = 'locale';
export const LOCALE_FALLBACK_KEY = 'panelLocale';
/**
 * A language chosen on this browser that the profile has not taken yet, `{ staffId, locale }`:
 * written before the save is sent and removed when it succeeded. A page left or reloaded while
 * the save was on its way (or a save that failed) would otherwise get the profile's older
 * language back at the next profile read.
 */
export const LOCALE_UNSAVED_KEY = 'panelLocaleUnsaved';

function storage(): Storage | undefined {
  return typeof globalThis.localStorage === 'undefined' ? undefined : globalThis.localStorage;
}

/** Before the first render: the last language chosen on this browser, when the store lost it. */
export function restoreLocale(): void {
  const remembered = storage()?.getItem(LOCALE_FALLBACK_KEY);
  if (appStore.getItem(STORE_KEY) === undefined && isAppLocale(remembered)) appStore.setItem(STORE_KEY, remembered);
}

/** The language this staff member chose on this browser that their profile has not taken yet. */
function unsavedLocale(staffId: number): string | undefined {
  try {
    const unsaved = JSON.parse(storage()?.getItem(LOCALE_UNSAVED_KEY) ?? 'null') as {
      staffId?: unknown;
      locale?: unknown;
    } | null;
    return unsaved?.staffId === staffId && isAppLocale(unsaved.locale) ? unsaved.locale : undefined;
  } catch {
    return undefined;
  }
}

function forgetUnsaved(staffId: number, locale: string): void {
  if (unsavedLocale(staffId) === locale) storage()?.removeItem(LOCALE_UNSAVED_KEY);
}

/** Saves a language on the signed-in staff member's profile, unless it is already theirs. */
async function saveOnProfile(locale: string): Promise<void> {
  const session = getSession();
  if (!session) return;
  const staffId = session.userInfo.id;
  if (session.userInfo.locale === locale) {
    forgetUnsaved(staffId, locale);
    return;
  }
  storage()?.setItem(LOCALE_UNSAVED_KEY, JSON.stringify({ staffId, locale }));
  try {
    await authApi.saveLocale(locale, session.accessToken);
    forgetUnsaved(staffId, locale);
    const now = getSession();
    // Only the language changes here: the rest of the profile stays as the sign-in gave it.
    if (now?.accessToken === session.accessToken) setSession({ ...now, userInfo: { ...now.userInfo, locale } });
  } catch {
    // The choice still holds on this browser (store, fallback and LOCALE_UNSAVED_KEY): the next
    // profile read or change tries again.
  }
}

/**
 * At sign-in (and when the profile is read again): the profile's language wins, so the choice
 * follows the staff member; a profile without one takes the language in use now. A language
 * chosen here that the profile has not taken yet (LOCALE_UNSAVED_KEY) is newer: it stays, and is
 * saved again.
 */
export function applyProfileLocale(profile: Pick<StaffProfile, 'id' | 'locale'>): void {
  const unsaved = unsavedLocale(profile.id);
  const locale = unsaved ?? (isAppLocale(profile.locale) ? profile.locale : undefined);
  if (locale === undefined) {
    if (isAppLocale(i18nProvider.getLocale())) void saveOnProfile(i18nProvider.getLocale());
    return;
  }
  if (appStore.getItem(STORE_KEY) !== locale || i18nProvider.getLocale() !== locale)
    appStore.setItem(STORE_KEY, locale);
  storage()?.setItem(LOCALE_FALLBACK_KEY, locale);
  if (locale === profile.locale) forgetUnsaved(profile.id, locale);
  else void saveOnProfile(locale);
}

onLocaleChange((locale) => {
  if (!isAppLocale(locale)) return; // the pseudo-locale is for tests, never remembered
  storage()?.setItem(LOCALE_FALLBACK_KEY, locale);
  void saveOnProfile(locale);
});
