import { describe, expect, it } from 'vitest';
import { missingGatewaySettings, settingLabel } from '../../src/domain/gateways';

describe('settingLabel', () => {
  it('reads a provider’s setting key as words, acronyms in capitals', () => {
    expect(settingLabel('publishableKey')).toBe('Publishable key');
    expect(settingLabel('callbackUrl')).toBe('Callback URL');
    expect(settingLabel('ipnUrl')).toBe('IPN URL');
    expect(settingLabel('passkey')).toBe('Passkey');
    expect(settingLabel('consumerSecret')).toBe('Consumer secret');
    expect(settingLabel('statement-descriptor')).toBe('Statement descriptor');
  });
});

describe('missingGatewaySettings', () => {
  it('lists the provider’s required keys without a value, public by value and secret by presence', () => {
    expect(missingGatewaySettings('stripe', { publishableKey: ' ' }, (k) => k === 'secretKey')).toEqual([
      'publishableKey',
      'webhookSecret',
    ]);
    expect(missingGatewaySettings('unknown', null, () => false)).toEqual([]);
  });
});
