import { useSyncExternalStore } from 'react';
import { i18nProvider, onLocaleChange } from './i18nProvider';

const subscribe = (onChange: () => void) => onLocaleChange(onChange);

/**
 * The language whose catalogue is in place, updated when it changes (react-admin's own locale
 * does not re-render everything that reads it, e.g. a table's rows). With `select`, what the
 * caller needs of it (a string or another plain value): the caller re-renders only when that changes.
 */
export function useLoadedLocale(): string;
export function useLoadedLocale<T extends string | number | boolean>(select: (locale: string) => T): T;
export function useLoadedLocale(select: (locale: string) => unknown = (locale) => locale): unknown {
  const current = () => select(i18nProvider.getLocale());
  return useSyncExternalStore(subscribe, current, current);
}
