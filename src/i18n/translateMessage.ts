import { codeOf, isDayParam, labelKey, messageKey, MONEY_PARAMS, type MessageCode } from '../domain/messageCodes';
import { formatCalendarDay, formatMoney } from '../kit/format';
import { i18nProvider } from './i18nProvider';

/** Parameters that name a field or a person's role: translated through app.validation.labels. */
const LABEL_PARAMS = new Set(['label', 'caller']);

/**
 * A message of the write rules or of the services in the chosen language: recognised by its code
 * (the one the server answered, or the one the rules said it with), rendered from the catalogue
 * with its parameters. English, and a message no template describes, stay as they came.
 */
export function translateMessage(message: string, known?: MessageCode): string {
  const locale = i18nProvider.getLocale();
  if (locale === 'en') return message;
  const found = known ?? codeOf(message);
  const key = found && messageKey(found.code);
  if (!found || !key) return message;
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(found.params)) {
    params[name] = LABEL_PARAMS.has(name)
      ? i18nProvider.translate(`app.validation.labels.${labelKey(value)}`, { _: value })
      : MONEY_PARAMS.has(name)
        ? (formatMoney(value) ?? value)
        : isDayParam(value)
          ? (formatCalendarDay(value) ?? value)
          : value;
  }
  const text = i18nProvider.translate(key, { ...params, _: message });
  // A label may start the sentence ("Jina linahitajika"): capitalise as the English message is.
  return /^[A-Z]/.test(message) ? text.charAt(0).toLocaleUpperCase(locale) + text.slice(1) : text;
}

/** An error body ({message, errors, code, codes}) with its messages in the chosen language. */
export function translateErrorBody(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const { message, errors, codes, code, params } = body as {
    message?: unknown;
    errors?: unknown;
    codes?: Record<string, MessageCode>;
    code?: unknown;
    params?: Record<string, string>;
  };
  const out: Record<string, unknown> = { ...body };
  if (typeof message === 'string')
    out.message = translateMessage(message, typeof code === 'string' ? { code, params: params ?? {} } : undefined);
  if (typeof errors === 'object' && errors !== null) {
    out.errors = Object.fromEntries(
      Object.entries(errors).map(([field, text]) => [
        field,
        typeof text === 'string' ? translateMessage(text, codes?.[field]) : text,
      ]),
    );
  }
  return out;
}
