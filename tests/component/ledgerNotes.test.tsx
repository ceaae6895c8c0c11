import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { clearSession } from '../../src/session';
import { sessionOf, superAdminProfile } from '../unit/support/staffFixtures';
import { listAnswer, renderApp, screen } from './support/renderApp';

/**
 * A driver's wallet shows the notes the system wrote (a trip's settlement, a payout) in the staff
 * member's language, from the code and parameters the API answers beside the English note; a typed
 * note, and English, show the stored text.
 */
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearSession();
  await i18nProvider.changeLocale('en');
});

const entry = (id: number, extra: object) => ({
  id,
  driverId: 3,
  kind: 'commission',
  amount: 216.75,
  balanceAfter: 400,
  tripId: 31526,
  staffId: null,
  staffName: null,
  noteCode: null,
  noteParams: null,
  createdAt: '2026-11-23T09:00:00Z',
  ...extra,
});

const api = {
  'GET /api/user/drivers/3': { json: { id: 3, firstName: 'Achieng', lastName: 'Odhiambo', creditBalance: 400 } },
  'GET /api/trip/driver-transactions': listAnswer('driver-transactions', [
    entry(22, {
      note: 'Trip #31526 paid by wallet: 255.00 less commission 38.25',
      noteCode: 'tripPaidBy',
      noteParams: { trip: '31526', method: 'wallet', charged: '255.00', commission: '38.25' },
    }),
    entry(21, {
      amount: -38.25,
      tripId: 31527,
      note: 'Trip #31527 paid in cash: commission 38.25 due',
      noteCode: 'tripPaidInCash',
      noteParams: { trip: '31527', commission: '38.25' },
    }),
    entry(20, { kind: 'credit_topup', amount: 500, tripId: null, staffId: 3, note: 'M-Pesa QK7H2' }),
    // Written before the codes, or by an older service: shown as stored.
    entry(19, { tripId: 31500, note: 'Trip #31500 paid by card: 100.00 less commission 18.00' }),
  ]),
};

/** The wallet in a language: its notes, once they read `expected` (the catalogue loads on demand). */
const expectNotes = async (locale: 'en' | 'fr' | 'sw', expected: string[]) => {
  renderApp('/driver-management/transactions/3', {
    session: sessionOf({ ...superAdminProfile, locale }),
    api,
    prepare: () => void i18nProvider.changeLocale(locale),
  });
  await screen.findByTestId('wallet-balance');
  await waitFor(() =>
    expect(screen.getAllByTestId('ledger-note').map((note) => note.textContent?.replace(/\s/g, ' '))).toEqual(expected),
  );
};

describe("the wallet's system-written notes", () => {
  it('show the stored English text in English', async () => {
    await expectNotes('en', [
      'Trip #31526 paid by wallet: 255.00 less commission 38.25',
      'Trip #31527 paid in cash: commission 38.25 due',
      'M-Pesa QK7H2',
      'Trip #31500 paid by card: 100.00 less commission 18.00',
    ]);
  });

  it('show them in French, money as French writes it; a typed or uncoded note as stored', async () => {
    await expectNotes('fr', [
      'Course n° 31526 payée par portefeuille : 255,00 KES moins la commission de 38,25 KES',
      'Course n° 31527 payée en espèces : commission de 38,25 KES due',
      'M-Pesa QK7H2',
      'Trip #31500 paid by card: 100.00 less commission 18.00',
    ]);
  });

  it('show them in Swahili', async () => {
    await expectNotes('sw', [
      'Safari #31526 imelipwa kwa pochi: KES 255.00 ukiondoa kamisheni KES 38.25',
      'Safari #31527 imelipwa kwa pesa taslimu: kamisheni KES 38.25 inadaiwa',
      'M-Pesa QK7H2',
      'Trip #31500 paid by card: 100.00 less commission 18.00',
    ]);
  });
});
