import { describe, expect, it } from 'vitest';
import { walletEntryOf } from '../../src/domain/walletEntries';

describe('what a driver wallet entry is', () => {
  it('is trip earnings when a trip credits the wallet, commission when it debits it', () => {
    expect(walletEntryOf('commission', 603.96)).toBe('trip_earnings');
    expect(walletEntryOf('commission', -38.25)).toBe('commission');
  });

  it('is what the other kinds say, whatever the sign', () => {
    expect(walletEntryOf('credit_topup', 500)).toBe('top_up');
    expect(walletEntryOf('payout', -1200)).toBe('payout');
    expect(walletEntryOf('adjustment', 150)).toBe('adjustment');
    expect(walletEntryOf('adjustment', -150)).toBe('adjustment');
  });

  it('is unknown for a kind the panel does not know (the chip then shows the kind as words)', () => {
    expect(walletEntryOf('refund', 10)).toBeUndefined();
    expect(walletEntryOf('toString', 10)).toBeUndefined();
  });
});
