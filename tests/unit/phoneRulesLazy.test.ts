import { beforeEach, describe, expect, it, vi } from 'vitest';

/*
 * libphonenumber-js is loaded on first need (so /login does not fetch it): until then the phone
 * rule must still judge national numbers right, by waiting for it. A fresh copy of the module per
 * test, so the rules start unloaded.
 */
const fresh = async () => {
  vi.resetModules();
  return import('../../src/domain/fieldRules');
};

describe('phone rules before libphonenumber-js is loaded', () => {
  beforeEach(() => vi.resetModules());

  it('start unloaded, and the yup rule waits for them to accept a national number', async () => {
    const rules = await fresh();
    expect(rules.phoneRulesLoaded()).toBe(false);
    await expect(rules.phone().isValid('0712 345 678')).resolves.toBe(true);
    expect(rules.phoneRulesLoaded()).toBe(true);
    await expect(rules.phone().validate('0712 345 678')).resolves.toBe('+254712345678');
  });

  it('refuse a national number that is not a Kenyan one, after loading them', async () => {
    const rules = await fresh();
    await expect(rules.phone().validate('071234567890')).rejects.toThrow(rules.PHONE_MESSAGE);
    await expect(rules.phone().validate('0712')).rejects.toThrow(rules.PHONE_MESSAGE);
  });

  it('read numbers with a country code without them; a national number starts the loading', async () => {
    const rules = await fresh();
    expect(rules.toE164('+254 712 345 678')).toBe('+254712345678');
    expect(rules.phoneRulesLoaded()).toBe(false);
    expect(rules.toE164('0712 345 678')).toBeUndefined();
    await rules.loadPhoneRules();
    expect(rules.toE164('0712 345 678')).toBe('+254712345678');
  });
});
