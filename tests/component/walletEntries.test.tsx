import { waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { clearSession } from '../../src/session';
import { sessionOf, superAdminProfile } from '../unit/support/staffFixtures';
import { listAnswer, renderApp, screen } from './support/renderApp';

/** A driver's wallet names each entry by what it is: a card trip credits earnings, a cash trip debits commission. */
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearSession();
  await i18nProvider.changeLocale('en');
});

const entry = (id: number, kind: string, amount: number, note: string) => ({
  id,
  driverId: 3,
  kind,
  amount,
  balanceAfter: 400,
  tripId: kind === 'commission' ? 31500 + id : null,
  staffId: null,
  staffName: null,
  note,
  noteCode: null,
  noteParams: null,
  createdAt: '2026-11-23T09:00:00Z',
});

const api = {
  'GET /api/user/drivers/3': { json: { id: 3, firstName: 'Achieng', lastName: 'Odhiambo', creditBalance: 400 } },
  'GET /api/trip/driver-transactions': listAnswer('driver-transactions', [
    entry(25, 'commission', 603.96, 'card trip'),
    entry(24, 'commission', -38.25, 'cash trip'),
    entry(23, 'credit_topup', 500, 'top-up'),
    entry(22, 'payout', -1200, 'payout'),
    entry(21, 'adjustment', 150, 'goodwill'),
  ]),
};

/** The wallet in a language, once its entries' chips read `expected` (the catalogue loads on demand). */
const expectKinds = async (locale: 'en' | 'sw', expected: string[]) => {
  // The catalogue in place before the panel renders: the table's rows are not drawn again for it.
  await i18nProvider.changeLocale(locale);
  renderApp('/driver-management/transactions/3', { session: sessionOf({ ...superAdminProfile, locale }), api });
  await screen.findByTestId('wallet-balance');
  await waitFor(() =>
    expect(
      ['card trip', 'cash trip', 'top-up', 'payout', 'goodwill'].map(
        (note) => within(screen.getByText(note).closest('tr')!).getByTestId('status-chip').textContent,
      ),
    ).toEqual(expected),
  );
};

describe("a driver's wallet entries", () => {
  it("are labelled by what they are: a card trip's earnings, a cash trip's commission, a top-up, a payout, an adjustment", async () => {
    await expectKinds('en', ['Trip earnings', 'Commission', 'Credit top-up', 'Payout', 'Adjustment']);
  });

  it('are labelled so in Swahili too', async () => {
    await expectKinds('sw', ['Mapato ya safari', 'Kamisheni', 'Kuongeza salio', 'Malipo kwa dereva', 'Marekebisho']);
  });
});
