import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { fr } from '../../src/i18n/fr/index';
import { sw } from '../../src/i18n/sw/index';
import { clearSession } from '../../src/session';
import { sessionOf, superAdminProfile } from '../unit/support/staffFixtures';
import { listAnswer, renderApp, screen } from './support/renderApp';
import { catalogueAt } from '../unit/support/catalogueAt';

/**
 * Driver transactions, passenger transactions and reviews have no screens of their own: the panel
 * generates them from their declarations, whose enum fields name their words in the catalogues
 * (`enumLabels`). A list shows "Credit top-up", never the stored `credit_topup`.
 */
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearSession();
  await i18nProvider.changeLocale('en');
});

const text = (catalogue: unknown, path: string) => catalogueAt(catalogue, path) as string;

const entry = {
  id: 31,
  driverId: 4,
  kind: 'credit_topup',
  amount: 500,
  balanceAfter: 750,
  tripId: null,
  staffId: 1,
  note: 'M-Pesa QX12',
  createdAt: '2026-11-20T08:00:00Z',
};

const api = {
  'GET /api/trip/driver-transactions': listAnswer('driver-transactions', [entry]),
  'GET /api/user/drivers': listAnswer('drivers', [{ id: 4, firstName: 'Amina', lastName: 'Otieno' }]),
  'GET /api/trip/passenger-transactions': listAnswer('passenger-transactions', [
    { ...entry, id: 9, driverId: undefined, passengerId: 2, kind: 'refund', issueId: null },
  ]),
  'GET /api/user/passengers': listAnswer('passengers', [{ id: 2, firstName: 'Juma', lastName: 'Kamau' }]),
  'GET /api/trip/reviews': listAnswer('reviews', [
    {
      id: 5,
      tripId: 12,
      direction: 'passenger_to_driver',
      driverId: 4,
      passengerId: 2,
      rating: 4,
      comment: 'Smooth ride',
      createdAt: '2026-11-20T08:00:00Z',
    },
  ]),
  'GET /api/trip/trips': listAnswer('trips', [{ id: 12 }]),
};

describe('the generated ledger and review lists', () => {
  it('show a driver transaction’s kind in words, with translated column headers', async () => {
    renderApp('/driver-transactions', { session: sessionOf(superAdminProfile), api });
    expect(await screen.findByText('Credit top-up')).toBeInTheDocument();
    expect(screen.queryByText('credit_topup')).not.toBeInTheDocument();
    for (const header of ['Driver', 'Kind', 'Amount', 'Balance after'])
      expect(screen.getByRole('columnheader', { name: new RegExp(header) })).toBeInTheDocument();
    expect(await screen.findByText('Amina Otieno')).toBeInTheDocument();
    // A read-only ledger: no Create button.
    expect(screen.queryByRole('link', { name: 'Create' })).not.toBeInTheDocument();
  });

  it('show a passenger transaction’s kind and a review’s direction in words', async () => {
    renderApp('/passenger-transactions', { session: sessionOf(superAdminProfile), api });
    expect(await screen.findByText('Refund')).toBeInTheDocument();
    expect(screen.queryByText('refund')).not.toBeInTheDocument();
    clearSession();
    renderApp('/reviews', { session: sessionOf(superAdminProfile), api });
    expect(await screen.findByText('Passenger about driver')).toBeInTheDocument();
    expect(screen.queryByText('passenger_to_driver')).not.toBeInTheDocument();
  });

  it.each([
    ['sw', sw],
    ['fr', fr],
  ] as const)('show the words of the %s catalogue', async (locale, catalogue) => {
    renderApp('/driver-transactions', {
      session: sessionOf({ ...superAdminProfile, locale }),
      api,
      prepare: () => void i18nProvider.changeLocale(locale),
    });
    expect(await screen.findByText(text(catalogue, 'app.enums.transactionKind.credit_topup'))).toBeInTheDocument();
    expect(
      screen.getByRole('columnheader', {
        name: new RegExp(text(catalogue, 'resources.driver-transactions.fields.amount')),
      }),
    ).toBeInTheDocument();
  });
});
