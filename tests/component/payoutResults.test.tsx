import { within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionOf, superAdminProfile } from '../unit/support/staffFixtures';
import { renderApp, screen } from './support/renderApp';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const amounts = (amount: number) => ({
  trips: 5,
  gross: amount,
  commission: 0,
  earnings: amount,
  cashCollected: 0,
  tripNet: amount,
  opening: 0,
  topups: 0,
  adjustments: 0,
  payouts: 0,
  closing: amount,
  amount,
});
const line = (id: number, driverName: string, amount: number) => ({
  id,
  driverId: id + 10,
  driverName,
  phone: '+254711000003',
  transactionId: null,
  payoutMethod: 'mobile_money',
  bankCode: null,
  bankAccountMasked: null,
  status: 'pending',
  reference: null,
  failureReason: null,
  ...amounts(amount),
});

/** An approved batch of three drivers, prepared by someone else than the signed-in staff member. */
const batch = {
  id: 8,
  periodStart: '2026-11-16',
  periodEnd: '2026-11-23',
  status: 'approved',
  total: 3500.5,
  lineCount: 3,
  createdBy: 99,
  createdByName: 'Amara Okafor',
  approvedBy: 2,
  approvedByName: 'Juma Mwangi',
  approvedAt: '2026-11-24T08:00:00Z',
  paidBy: null,
  paidByName: null,
  paidAt: null,
  reference: null,
  createdAt: '2026-11-24T07:00:00Z',
  updatedAt: '2026-11-24T08:00:00Z',
  lines: [line(1, 'Wanjiru Kamau', 2000.5), line(2, 'Otieno Ochieng', 1000), line(3, 'Achieng Atieno', 500)],
};
const api = {
  'GET /api/trip/payout-batches/8': { json: batch },
  'GET /api/trip/payout-batches/8/payment-files': {
    json: { mpesa: { lines: 3, total: 3500.5 }, bank: { lines: 0, total: 0 }, refused: [], total: 3500.5 },
  },
  'POST /api/trip/payout-batches/8/results': { json: { data: { ...batch, status: 'paid' }, message: 'Imported' } },
};
const file = (rows: string[]) =>
  new File([['Line,Amount,Status,Reference,Reason', ...rows].join('\n')], 'mpesa-results.csv', { type: 'text/csv' });

describe('importing a payout batch’s results file', () => {
  it('previews what will be paid and what fails back to the wallets, then sends the file', async () => {
    const { user, api: stub } = renderApp('/payout-batches/8', { session: sessionOf(superAdminProfile), api });
    await user.click(await screen.findByRole('button', { name: 'Import results' }));
    await user.upload(
      screen.getByTestId('results-file'),
      file([
        'PAYOUT-8-11,2000.50,paid,QK1001,',
        'PAYOUT-8-12,1000.00,paid,QK1002,',
        'PAYOUT-8-13,500.00,failed,,Number not registered',
      ]),
    );
    const preview = await screen.findByTestId('results-preview');
    expect(preview).toHaveTextContent('Paid: 2 lines, KES 3,000.50');
    expect(preview).toHaveTextContent('Failed: 1 line, KES 500.00, back to the driver’s wallet for the next batch');
    expect(within(preview).getByText('Achieng Atieno: KES 500.00 (Number not registered)')).toBeInTheDocument();
    expect(preview).toHaveTextContent('Every line will then be settled: the batch becomes paid.');
    expect(stub.to('POST /api/trip/payout-batches/8/results')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Import' }));
    await vi.waitFor(() => expect(stub.to('POST /api/trip/payout-batches/8/results')).toHaveLength(1));
    await screen.findByText('Results file imported: the lines show how each was settled.');
    expect(String((stub.to('POST /api/trip/payout-batches/8/results')[0].body as { csv: string }).csv)).toContain(
      'PAYOUT-8-13,500.00,failed,,Number not registered',
    );
  });

  it('lists each bad row and why, and does not let the file be sent', async () => {
    const { user, api: stub } = renderApp('/payout-batches/8', { session: sessionOf(superAdminProfile), api });
    await user.click(await screen.findByRole('button', { name: 'Import results' }));
    await user.upload(
      screen.getByTestId('results-file'),
      file(['PAYOUT-8-11,2000.00,paid,QK1001,', 'PAYOUT-8-99,10.00,paid,QK1,', 'PAYOUT-8-13,500.00,failed,,']),
    );
    const refused = await screen.findByTestId('results-refused');
    expect(within(refused).getByText('Row 2: amount 2000.00 is not the line’s 2000.50')).toBeInTheDocument();
    expect(within(refused).getByText('Row 3: no line PAYOUT-8-99 in this batch')).toBeInTheDocument();
    expect(within(refused).getByText('Row 4: a failed line needs its reason')).toBeInTheDocument();
    expect(screen.queryByTestId('results-preview')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(stub.to('POST /api/trip/payout-batches/8/results')).toHaveLength(0);
  });
});
