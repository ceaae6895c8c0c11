import { validationMessages } from '../i18n/validation';

/**
 * The stable code of a message the write rules or the services give in English: the key of its
 * template in src/i18n/validation.ts and the values of its %{parameters}. The services answer it
 * beside the message (server/errors.ts); the panel renders the key in the staff member's language.
 */
export interface MessageCode {
  code: string;
  params: Record<string, string>;
}

type Group = 'fixed' | 'templates' | 'notifications';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Compiled {
  code: string;
  group: Group;
  pattern: RegExp;
  names: string[];
  literal: number;
}

function compile(group: Group, code: string, template: string): Compiled {
  const names: string[] = [];
  const source = template
    .split(/(%\{[A-Za-z]+\})/)
    .map((part, i) => (i % 2 === 1 ? (names.push(part.slice(2, -1)), '(.+?)') : escape(part)))
    .join('');
  return {
    code,
    group,
    pattern: new RegExp(`^${source}$`),
    names,
    literal: template.replace(/%\{[^}]+\}/g, '').length,
  };
}

const FIXED = new Map(Object.entries(validationMessages.fixed).map(([code, text]) => [text, code]));
// The most specific template first: "Choose a vehicle type: …" before "Choose a %{label}".
const TEMPLATES: Compiled[] = [
  ...Object.entries(validationMessages.templates).map(([code, text]) => compile('templates', code, text)),
  ...Object.entries(validationMessages.notifications).map(([code, text]) => compile('notifications', code, text)),
].sort((a, b) => b.literal - a.literal);

const GROUP_OF = new Map<string, Group>([
  ...Object.keys(validationMessages.fixed).map((code) => [code, 'fixed'] as const),
  ...TEMPLATES.map((t) => [t.code, t.group] as const),
]);

/** The code and parameters of an English message, or undefined for one no template describes. */
export function messageCode(message: string): MessageCode | undefined {
  const fixed = FIXED.get(message);
  if (fixed) return { code: fixed, params: {} };
  for (const template of TEMPLATES) {
    const match = template.pattern.exec(message);
    if (match)
      return { code: template.code, params: Object.fromEntries(template.names.map((n, i) => [n, match[i + 1]])) };
  }
  return undefined;
}

/** The catalogue key of a code: `app.validation.<group>.<code>`. */
export function messageKey(code: string): string | undefined {
  const group = GROUP_OF.get(code);
  return group && `app.validation.${group}.${code}`;
}

/** "vehicle type" → "vehicleType", "Per-passenger limit" → "perPassengerLimit": a label's key. */
export const labelKey = (label: string): string =>
  label
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map((word, i) => (i === 0 ? word : word[0].toUpperCase() + word.slice(1)))
    .join('');
