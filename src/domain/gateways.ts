import type { GATEWAY_PROVIDERS } from './trip';

export type GatewayProvider = (typeof GATEWAY_PROVIDERS)[number];

/**
 * The settings each provider needs before it can take a payment: public ones (shown and edited in
 * clear) and secret ones (write-only). A gateway is "configured" when every one holds a value; the
 * trip service computes it in SQL from key presence, never sending a secret anywhere.
 */
export const GATEWAY_REQUIREMENTS: Record<GatewayProvider, { public: readonly string[]; secret: readonly string[] }> = {
  mpesa: { public: ['shortcode', 'callbackUrl'], secret: ['consumerKey', 'consumerSecret', 'passkey'] },
  stripe: { public: ['publishableKey'], secret: ['secretKey', 'webhookSecret'] },
  flutterwave: { public: ['publicKey'], secret: ['secretKey', 'encryptionKey'] },
  paystack: { public: ['publicKey'], secret: ['secretKey'] },
  pesapal: { public: ['ipnUrl'], secret: ['consumerKey', 'consumerSecret'] },
  cellulant: { public: ['serviceCode'], secret: ['accessKey', 'secretKey'] },
  other: { public: [], secret: [] },
};

/** What a gateway still lacks, as "secret: passkey" / "shortcode"; empty when configured. */
export function missingGatewaySettings(
  provider: string,
  publicSettings: Readonly<Record<string, unknown>> | null,
  secretPresent: (key: string) => boolean,
): string[] {
  const needs = GATEWAY_REQUIREMENTS[provider as GatewayProvider] ?? GATEWAY_REQUIREMENTS.other;
  const filled = (v: unknown) => v !== undefined && v !== null && String(v).trim() !== '';
  return [
    ...needs.public.filter((k) => !filled(publicSettings?.[k])),
    ...needs.secret.filter((k) => !secretPresent(k)),
  ];
}

const ACRONYMS: Record<string, string> = { url: 'URL', ipn: 'IPN', id: 'ID', api: 'API' };

/** A setting's key as people read it: "callbackUrl" → "Callback URL", "ipnUrl" → "IPN URL". */
export function settingLabel(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s._-]+/)
    .filter(Boolean)
    .map((w) => ACRONYMS[w.toLowerCase()] ?? w.toLowerCase());
  if (!words.length) return key;
  const [first, ...rest] = words;
  return [first === first.toUpperCase() ? first : first[0].toUpperCase() + first.slice(1), ...rest].join(' ');
}
