import { waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { P } from '../../src/domain/permissions';
import { sessionOf, superAdminProfile } from '../unit/support/staffFixtures';
import { listAnswer, renderApp, screen } from './support/renderApp';
import type { RecordedRequest } from '../unit/support/fetchStub';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const admin = sessionOf(superAdminProfile);
const viewer = sessionOf({
  ...superAdminProfile,
  id: 9,
  role: { id: 9, name: 'Driver desk', permissions: [{ name: P.viewDriver }] },
});

const driver = (extra: object = {}) => ({
  id: 3,
  firstName: 'Achieng',
  lastName: 'Odhiambo',
  phone: '+254711000003',
  email: null,
  sex: 'female',
  photo: null,
  approvalStatus: 'approved',
  suspendedAt: null,
  rating: 4.8,
  onlineState: 'online',
  creditBalance: 250,
  documents: [],
  payoutMethod: 'bank',
  bankCode: '68',
  bankBranchCode: '045',
  bankAccountHolder: 'ACHIENG ODHIAMBO',
  bankAccountMasked: '••••5432',
  payoutDetailsUpdatedAt: '2026-11-20T07:00:00Z',
  createdAt: '2026-01-10T08:00:00Z',
  updatedAt: '2026-01-10T08:00:00Z',
  ...extra,
});
/** Pastes into an input: typing key by key is slow and tests nothing more here. */
async function typeIn(
  user: { click(e: Element): Promise<void>; paste(t: string): Promise<void> },
  input: Element,
  text: string,
) {
  await user.click(input);
  await user.paste(text);
}

const driverPage = (record = driver()) => ({
  'GET /api/user/drivers/3': { json: record },
  'GET /api/trip/drivers/statistics': { status: 500, json: { message: 'Internal Server Error' } },
  'GET /api/trip/driver-transactions': listAnswer('driver-transactions'),
});

describe("the driver page's payout details", () => {
  it('shows the bank and only the masked account number, and saves a new number only when one is typed', async () => {
    const { user, api } = renderApp('/driver-management/drivers/3', {
      session: admin,
      api: {
        ...driverPage(),
        'PUT /api/user/drivers/3': (request: RecordedRequest) =>
          !(request.body as Record<string, unknown>).bankAccountHolder
            ? {
                status: 400,
                json: {
                  message: 'Please correct the highlighted fields',
                  errors: { bankAccountHolder: 'Account holder is required to pay by bank' },
                },
              }
            : { json: driver(request.body as object) },
      },
    });
    const card = (await screen.findByText('Payout details')).closest('.MuiCard-root') as HTMLElement;
    expect(within(card).getByText('Equity Bank Kenya (68)')).toBeInTheDocument();
    expect(within(card).getByTestId('bank-account-masked')).toHaveTextContent('••••5432');
    expect(within(card).getByText('ACHIENG ODHIAMBO')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Edit payout details' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('On file: ••••5432. Leave empty to keep it.')).toBeInTheDocument();
    // The form refuses letters in the account number before asking the server.
    await typeIn(user, within(dialog).getByLabelText('Account number'), '12AB');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Account number must be 8 to 16 digits, nothing else')).toBeInTheDocument();
    expect(api.to('PUT /api/user/drivers/3')).toHaveLength(0);
    // Left empty, the number on file is kept: the request does not send one. The server's refusal
    // (a bank payout needs the holder) shows under its input.
    await user.clear(within(dialog).getByLabelText('Account number'));
    const holder = within(dialog).getByLabelText('Account holder');
    await user.clear(holder);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Account holder is required to pay by bank')).toBeInTheDocument();
    expect(api.to('PUT /api/user/drivers/3')[0].body).not.toHaveProperty('bankAccountNumber');
    await typeIn(user, holder, 'ACHIENG A. ODHIAMBO');
    const branch = within(dialog).getByLabelText('Branch code');
    await user.clear(branch);
    await typeIn(user, branch, '046');
    await typeIn(user, within(dialog).getByLabelText('Account number'), '0460 1234 56789');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('PUT /api/user/drivers/3')).toHaveLength(2));
    expect(api.to('PUT /api/user/drivers/3')[1].body).toMatchObject({
      payoutMethod: 'bank',
      bankBranchCode: '046',
      bankAccountHolder: 'ACHIENG A. ODHIAMBO',
      bankAccountNumber: '0460123456789',
    });
    expect(await screen.findByText('Payout details saved')).toBeInTheDocument();
  });

  it('puts the focus in the first field (the chosen payout method) once the dialog is in, unless the user is already typing in another', async () => {
    const { user } = renderApp('/driver-management/drivers/3', { session: admin, api: driverPage() });
    const edit = await screen.findByRole('button', { name: 'Edit payout details' });
    await user.click(edit);
    let dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByRole('radio', { name: 'Bank transfer' })).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Straight into the account number while the dialog slides in: what is typed lands there.
    await user.click(edit);
    dialog = await screen.findByRole('dialog');
    const number = within(dialog).getByLabelText('Account number');
    await user.click(number);
    await new Promise((r) => setTimeout(r, 500));
    await user.keyboard('12345678');
    expect(number).toHaveFocus();
    expect(number).toHaveValue('12345678');
  });

  it('shows an M-Pesa driver’s phone, and offers no edit to a role that may only view drivers', async () => {
    renderApp('/driver-management/drivers/3', {
      session: viewer,
      api: driverPage(driver({ payoutMethod: 'mobile_money', bankCode: null, bankAccountMasked: null })),
    });
    expect(await screen.findByText('M-Pesa to +254711000003')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit payout details' })).toBeNull();
    expect(screen.queryByTestId('bank-account-masked')).toBeNull();
  });
});

const batch = (status: string) => ({
  id: 7,
  periodStart: '2026-11-16',
  periodEnd: '2026-11-23',
  status,
  total: 1500.5,
  lineCount: 3,
  createdBy: 99,
  createdByName: 'Amara Okafor',
  approvedBy: status === 'review' ? null : 98,
  approvedByName: status === 'review' ? null : 'Juma Kamau',
  approvedAt: status === 'review' ? null : '2026-11-24T08:00:00Z',
  paidBy: null,
  paidByName: null,
  paidAt: null,
  reference: null,
  createdAt: '2026-11-24T07:00:00Z',
  updatedAt: '2026-11-24T07:00:00Z',
  lines: [line(1, 'Wanjiru Kamau', 'bank', '••••5432'), line(2, 'Otieno Ochieng', 'mobile_money', null)],
});
function line(id: number, driverName: string, payoutMethod: string, bankAccountMasked: string | null) {
  const zero = { trips: 3, gross: 0, commission: 0, earnings: 0, cashCollected: 0, tripNet: 0, opening: 0 };
  return {
    ...zero,
    id,
    driverId: id + 10,
    driverName,
    phone: '+254711000003',
    topups: 0,
    adjustments: 0,
    payouts: 0,
    closing: 500.25,
    amount: 500.25,
    transactionId: null,
    payoutMethod,
    bankCode: payoutMethod === 'bank' ? '68' : null,
    bankAccountMasked,
  };
}
const files = (refused: object[] = []) => ({
  mpesa: { lines: 2, total: 1000.25 },
  bank: { lines: 1, total: 500.25 },
  refused,
  total: 1500.5,
});

describe("the payout batch's payment files", () => {
  it('offers the M-Pesa and the bank files of an approved batch, with what each pays, and each line’s destination masked', async () => {
    renderApp('/payout-batches/7', {
      session: admin,
      api: {
        'GET /api/trip/payout-batches/7': { json: batch('approved') },
        'GET /api/trip/payout-batches/7/payment-files': { json: files() },
      },
    });
    const section = await screen.findByTestId('payment-files');
    expect(within(section).getByText(/M-Pesa: 2 drivers, KES\s1,000\.25/)).toBeInTheDocument();
    expect(within(section).getByText(/Bank transfer: 1 drivers, KES\s500\.25/)).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Export M-Pesa file' })).toBeEnabled();
    expect(within(section).getByRole('button', { name: 'Export bank file' })).toBeEnabled();
    // Each line says where its money goes; a bank account only by its last 4 digits.
    const lines = screen.getByTestId('payout-lines');
    expect(within(lines).getByText('Wanjiru Kamau').closest('tr')).toHaveTextContent('Equity Bank Kenya ••••5432');
    expect(within(lines).getByText('Otieno Ochieng').closest('tr')).toHaveTextContent('M-Pesa');
  });

  it('downloads each file from its named route, as CSV, under a name with the week', async () => {
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: () => 'blob:file', revokeObjectURL: () => {} });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { user, api } = renderApp('/payout-batches/7', {
      session: admin,
      api: {
        'GET /api/trip/payout-batches/7': { json: batch('approved') },
        'GET /api/trip/payout-batches/7/payment-files': { json: files() },
        'GET /api/trip/payout-batches/7/mpesa.csv': { blob: new Blob(['a,b'], { type: 'text/csv' }) },
        'GET /api/trip/payout-batches/7/bank.csv': { blob: new Blob(['a,b'], { type: 'text/csv' }) },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Export M-Pesa file' }));
    await user.click(screen.getByRole('button', { name: 'Export bank file' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(api.to('GET /api/trip/payout-batches/7/mpesa.csv')[0].headers.get('Accept')).toBe('text/csv');
    expect(api.to('GET /api/trip/payout-batches/7/bank.csv')).toHaveLength(1);
    expect(saved.sort()).toEqual(['payouts-2026-11-16-bank.csv', 'payouts-2026-11-16-mpesa.csv']);
  });

  it('lists the drivers neither file can pay, with why, and holds both downloads', async () => {
    renderApp('/payout-batches/7', {
      session: admin,
      api: {
        'GET /api/trip/payout-batches/7': { json: batch('approved') },
        'GET /api/trip/payout-batches/7/payment-files': {
          json: files([
            {
              driverId: 12,
              driverName: 'Wanjiru Kamau',
              amount: 320,
              payoutMethod: 'bank',
              field: 'bankAccountNumber',
              reason: 'Account number is required to pay by bank',
            },
          ]),
        },
      },
    });
    const refused = await screen.findByTestId('payment-refused');
    expect(within(refused).getByText('Cannot be paid yet')).toBeInTheDocument();
    const row = within(refused).getByRole('link', { name: 'Wanjiru Kamau' }).closest('tr')!;
    expect(row).toHaveTextContent('Bank transfer');
    expect(row).toHaveTextContent('Account number is required to pay by bank');
    expect(screen.getByRole('button', { name: 'Export M-Pesa file' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Export bank file' })).toBeDisabled();
  });

  it('says the files come once approved, before the second staff member approves', async () => {
    renderApp('/payout-batches/7', {
      session: admin,
      api: {
        'GET /api/trip/payout-batches/7': { json: batch('review') },
        'GET /api/trip/payout-batches/7/payment-files': { json: files() },
      },
    });
    expect(await screen.findByText('The files can be exported once the batch is approved.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export bank file' })).toBeNull();
  });
});
