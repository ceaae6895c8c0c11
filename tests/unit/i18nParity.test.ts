import englishMessages from 'ra-language-english';
import frenchMessages from 'ra-language-french';
import { describe, expect, it } from 'vitest';
import { appMessages as englishApp } from '../../src/i18n/en';
import { appMessages as frenchApp } from '../../src/i18n/fr/app';
import { raFrenchAdditions } from '../../src/i18n/fr/index';
import { appMessages as swahiliApp } from '../../src/i18n/sw/app';
import { raSwahili } from '../../src/i18n/sw/raSwahili';
import { DECLARED } from '../../src/domain/resources/declared';
import { missingWords } from '../../src/i18n/declaredWords';
import { declaredWords as frenchDeclared } from '../../src/i18n/fr/declared';
import { declaredWords as swahiliDeclared } from '../../src/i18n/sw/declared';

type Tree = { [key: string]: unknown };

/** Every message of a catalogue by its dotted key. */
function flatten(tree: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree as Tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else if (value && typeof value === 'object') flatten(value, path, out);
  }
  return out;
}

/** The %{parameters} a message uses, in any of its plural forms. */
const parameters = (message: string) => [...new Set([...message.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]))].sort();

/** What differs between the English catalogue and a translation: missing, extra, other parameters. */
function differences(english: Map<string, string>, translated: Map<string, string>): string[] {
  const problems: string[] = [];
  for (const [key, message] of english) {
    const other = translated.get(key);
    if (other === undefined) problems.push(`missing ${key}`);
    else if (parameters(other).join() !== parameters(message).join())
      problems.push(`${key}: %{${parameters(other).join(', ')}} instead of %{${parameters(message).join(', ')}}`);
    else if (message.includes('||||') !== other.includes('||||') && message.includes('smart_count'))
      problems.push(`${key}: plural forms differ`);
  }
  for (const key of translated.keys()) if (!english.has(key)) problems.push(`extra ${key}`);
  return problems;
}

const english = flatten({ ...englishMessages, ...englishApp });

describe('the catalogues', () => {
  it('give Swahili every English key with the same parameters, and no other', () => {
    expect(differences(english, flatten({ ...raSwahili, ...swahiliApp }))).toEqual([]);
  });

  it('give French every English key with the same parameters, and no other', () => {
    const french = flatten({ ...frenchMessages, ...frenchApp });
    for (const [key, message] of flatten(raFrenchAdditions)) french.set(key, message);
    expect(differences(english, french)).toEqual([]);
  });

  // A generated resource's English is in its declaration; `npm run i18n:missing` lists these too.
  it('give every generated resource its Swahili and French words (src/i18n/<locale>/declared.ts)', () => {
    const named = (words: typeof swahiliDeclared) => missingWords(DECLARED, words).map(({ key }) => `missing ${key}`);
    expect({ sw: named(swahiliDeclared), fr: named(frenchDeclared) }).toEqual({ sw: [], fr: [] });
  });
});
