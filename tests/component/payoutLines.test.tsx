import { within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionOf, superAdminProfile } from '../unit/support/staffFixtures';
import { renderApp, screen } from './support/renderApp';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const admin = sessionOf(superAdminProfile);

const line = (id: number, driverName: string, amounts: object) => ({
  id,
  driverId: id + 10,
  driverName,
  phone: '+254711000003',
  transactionId: null,
  payoutMethod: 'mobile_money',
  bankCode: null,
  bankAccountMasked: null,
  ...amounts,
});

/** The week of the issue (a card driver who carried 4,237.01 in), and a cash driver who ends owing. */
const batch = {
  id: 7,
  periodStart: '2026-11-16',
  periodEnd: '2026-11-23',
  status: 'review',
  total: 12990.83,
  lineCount: 1,
  createdBy: 99,
  createdByName: 'Amara Okafor',
  approvedBy: null,
  approvedByName: null,
  approvedAt: null,
  paidBy: null,
  paidByName: null,
  paidAt: null,
  reference: null,
  createdAt: '2026-11-24T07:00:00Z',
  updatedAt: '2026-11-24T07:00:00Z',
  lines: [
    line(1, 'Wanjiru Kamau', {
      trips: 41,
      gross: 12646.29,
      commission: 3892.47,
      earnings: 8753.82,
      cashCollected: 0,
      tripNet: 8753.82,
      opening: 4237.01,
      topups: 0,
      adjustments: 0,
      payouts: 0,
      closing: 12990.83,
      amount: 12990.83,
    }),
    line(2, 'Otieno Ochieng', {
      trips: 3,
      gross: 1000,
      commission: 200,
      earnings: 800,
      cashCollected: 600,
      tripNet: 200,
      opening: -300,
      topups: 50,
      adjustments: -10.1,
      payouts: -100,
      closing: -160.1,
      amount: 0,
    }),
  ],
};

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .slice(1, 12)
    .map((c) => c.textContent);

describe("a payout batch's lines", () => {
  it('show every term of each row’s sum, opening balance included, with what is taken away signed, and a totals row', async () => {
    renderApp('/payout-batches/7', {
      session: admin,
      api: {
        'GET /api/trip/payout-batches/7': { json: batch },
        'GET /api/trip/payout-batches/7/payment-files': {
          json: { mpesa: { lines: 1, total: 12990.83 }, bank: { lines: 0, total: 0 }, refused: [], total: 12990.83 },
        },
      },
    });
    const table = await screen.findByTestId('payout-lines');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers.slice(0, 12)).toEqual([
      'Driver',
      'Trips',
      'Fares',
      'Commission',
      'Earnings',
      'Cash collected',
      'Opening balance',
      'Top-ups',
      'Adjustments',
      'Paid out in the week',
      'Closing balance',
      'To pay',
    ]);
    // 12,646.29 − 3,892.47 = 8,753.82; 8,753.82 − 0 + 4,237.01 + 0 + 0 + 0 = 12,990.83.
    expect(cells(within(table).getByText('Wanjiru Kamau').closest('tr')!)).toEqual([
      '41',
      '12,646.29',
      '-3,892.47',
      '8,753.82',
      '0.00',
      '4,237.01',
      '0.00',
      '0.00',
      '0.00',
      '12,990.83',
      '12,990.83',
    ]);
    // 800 − 600 − 300 + 50 − 10.10 − 100 = −160.10: the driver owes, nothing is paid.
    expect(cells(within(table).getByText('Otieno Ochieng').closest('tr')!)).toEqual([
      '3',
      '1,000.00',
      '-200.00',
      '800.00',
      '-600.00',
      '-300.00',
      '50.00',
      '-10.10',
      '-100.00',
      '-160.10',
      '0.00',
    ]);
    const totals = screen.getByTestId('payout-totals');
    expect(within(totals).getAllByRole('cell')[0]).toHaveTextContent('Total');
    expect(cells(within(totals).getByRole('row'))).toEqual([
      '44',
      '13,646.29',
      '-4,092.47',
      '9,553.82',
      '-600.00',
      '3,937.01',
      '50.00',
      '-10.10',
      '-100.00',
      '12,830.73',
      '12,990.83',
    ]);
    expect(screen.getByText(/Each row adds up: Fares − Commission = Earnings/)).toBeInTheDocument();
  });
});
