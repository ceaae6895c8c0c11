import type { DeclaredWords } from '../declaredWords';

/**
 * The generated resources' words in this locale, by resource path (their English is in their
 * declarations): `npm run i18n:missing` lists those still to write, e.g.
 * `vehicles: { name: '…', fields: { plate: '…' }, actions: { retire: { label: '…', confirm: '…' } } }`.
 */
export const declaredWords: DeclaredWords = {};
