/**
 * `npm run i18n:missing`: the generated resources' words (src/domain/resources/declared/: name,
 * field labels, declared actions' label and confirmation) that Swahili and French still lack,
 * with their English and the file to write them in. tests/unit/i18nParity.test.ts names the same.
 */
import { DECLARED } from '../src/domain/resources/declared/index.js';
import { missingWords } from '../src/i18n/declaredWords.js';
import { declaredWords as fr } from '../src/i18n/fr/declared.js';
import { declaredWords as sw } from '../src/i18n/sw/declared.js';

let count = 0;
for (const [locale, words] of [
  ['sw', sw],
  ['fr', fr],
] as const) {
  const missing = missingWords(DECLARED, words);
  count += missing.length;
  if (!missing.length) continue;
  console.log(`${locale}: ${missing.length} to write in src/i18n/${locale}/declared.ts`);
  for (const { key, english } of missing) console.log(`  ${key}  (English: ${english})`);
}
console.log(count ? `${count} words to translate.` : 'Every generated resource has its Swahili and French words.');
