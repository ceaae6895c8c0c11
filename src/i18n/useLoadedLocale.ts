import { useSyncExternalStore } from 'react';
import { i18nProvider, onLocaleChange } from './i18nProvider';

const subscribe = (onChange: () => void) => onLocaleChange(onChange);
const current = () => i18nProvider.getLocale();

/**
 * The language whose catalogue is in place, updated when it changes (react-admin's own locale
 * does not re-render everything that reads it, e.g. a table's rows).
 */
export const useLoadedLocale = (): string => useSyncExternalStore(subscribe, current, current);
