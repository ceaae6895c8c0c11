import type { TranslationMessages } from 'ra-core';

const ACCENTED: Record<string, string> = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ď',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'í',
  j: 'ĵ',
  k: 'ķ',
  l: 'ĺ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ó',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ť',
  u: 'ú',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Á',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ď',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Í',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ĺ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ó',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ť',
  U: 'Ú',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};

/** %{name} parameters stay as they are; the text between them is accented. */
const PARAMETER = /(%\{[^}]+\})/;
/** polyglot's plural separator: each form is marked on its own. */
const PLURAL = /\s*\|\|\|\|\s*/;

function accentForm(form: string): string {
  const parts = form
    .split(PARAMETER)
    .map((part, i) => (i % 2 === 1 ? part : [...part].map((ch) => ACCENTED[ch] ?? ch).join('')));
  const letters = form.replace(PARAMETER, '').replace(/[^A-Za-z]/g, '').length;
  return `⟦${parts.join('')}${'~'.repeat(Math.ceil(letters * 0.3))}⟧`;
}

/**
 * One message in the pseudo-locale: every letter accented, about 30 % longer and between
 * brackets, so that untranslated text (plain ASCII) and clipped text (a missing bracket) show.
 */
export function pseudoText(text: string): string {
  return text.split(PLURAL).map(accentForm).join(' |||| ');
}

function walk(value: unknown): unknown {
  if (typeof value === 'string') return value === '' ? value : pseudoText(value);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, walk(inner)]));
  return value;
}

/** The whole English catalogue in the pseudo-locale (development and tests only). */
export const pseudoMessages = (english: TranslationMessages): TranslationMessages =>
  walk(english) as TranslationMessages;
