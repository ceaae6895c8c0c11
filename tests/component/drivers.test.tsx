import { waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authProvider } from '../../src/providers';
import { P } from '../../src/domain/permissions';
import { sessionOf, superAdminProfile } from '../unit/support/staffFixtures';
import { fakeSockets } from './support/fakeSocket';
import type { StubRoute } from '../unit/support/fetchStub';
import { listAnswer, renderApp, screen } from './support/renderApp';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const admin = sessionOf(superAdminProfile);

const driver = (id: number, firstName: string, lastName: string, extra: object = {}) => ({
  id,
  firstName,
  lastName,
  phone: `+25471100000${id}`,
  email: null,
  sex: 'female',
  photo: null,
  licenceNumber: `DL-${id}`,
  licenceExpiry: '2029-01-31',
  approvalStatus: 'approved',
  suspendedAt: null,
  suspensionReason: null,
  vehicleTypeId: 1,
  vehicleTypeName: 'Economy',
  vehicleMake: 'Toyota',
  vehicleModel: 'Axio',
  vehiclePlate: `KDA ${id}00A`,
  vehicleColour: 'Silver',
  vehicleYear: 2018,
  rating: 4.8,
  online: true,
  onlineState: 'online',
  tripsCompleted: 120,
  creditBalance: -250,
  documents: [],
  lastLat: null,
  lastLng: null,
  lastSeenAt: null,
  createdAt: '2026-01-10T08:00:00Z',
  updatedAt: '2026-01-10T08:00:00Z',
  ...extra,
});

/** The approved list, its drivers read from `rows` at each request (a test changes what the server says). */
function renderApprovedDrivers(rows: () => ReturnType<typeof driver>[], more: Record<string, StubRoute> = {}) {
  const sockets = fakeSockets();
  const { api, user } = renderApp('/driver-management/approved-drivers', {
    session: admin,
    sockets,
    api: {
      'GET /api/user/drivers': () => listAnswer('drivers', rows()) as never,
      'GET /api/trip/vehicle-types': listAnswer('vehicle-types', [{ id: 1, name: 'Economy' }]),
      ...more,
    },
  });
  return { api, sockets, user };
}

describe('the approved drivers list', () => {
  it('shows a driver as on a trip, without a reload, once a trip is assigned to them', async () => {
    let assigned = false;
    const { api, sockets } = renderApprovedDrivers(() => [
      driver(3, 'Achieng', 'Odhiambo', assigned ? { onlineState: 'on_trip' } : {}),
      driver(4, 'Baraka', 'Mwangi'),
    ]);
    const row = (await screen.findByText('Achieng Odhiambo')).closest('tr')!;
    expect(within(row).getByText('Online')).toBeInTheDocument();
    await waitFor(() => expect(sockets.latest().listening('tripUpdated')).toBe(true));
    const before = api.to('GET /api/user/drivers').length;

    // A trip of a driver who is not on the page changes nothing.
    sockets
      .latest()
      .serverSends('tripUpdated', { id: 90, status: 'accepted', previousStatus: 'requested', driverId: 77 });
    await new Promise((r) => setTimeout(r, 700));
    expect(api.to('GET /api/user/drivers').length).toBe(before);

    // The dispatcher assigns a trip to Achieng: the server now says on_trip, and the list shows it.
    assigned = true;
    sockets.latest().serverSends('tripUpdated', {
      id: 91,
      status: 'accepted',
      previousStatus: 'requested',
      driverId: 3,
      passengerId: 5,
      vehicleTypeId: 1,
      at: new Date().toISOString(),
    });
    await waitFor(() => expect(api.to('GET /api/user/drivers').length).toBe(before + 1));
    const updated = (await screen.findByText('Achieng Odhiambo')).closest('tr')!;
    await waitFor(() => expect(within(updated).getByText('On a trip')).toBeInTheDocument());
    const other = screen.getByText('Baraka Mwangi').closest('tr')!;
    expect(within(other).getByText('Online')).toBeInTheDocument();
  });
});

describe('bulk suspension from the approved drivers list', () => {
  const names = [
    'Achieng Odhiambo',
    'Baraka Mwangi',
    'Chebet Korir',
    'Daudi Kamau',
    'Esther Njeri',
    'Faith Wambui',
    'Gitau Mugo',
    'Halima Said',
  ];
  const rows = () => names.map((name, i) => driver(i + 3, ...(name.split(' ') as [string, string])));
  const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;
  const heldTrips = [
    { id: 91, driverId: 3, status: 'accepted', driverName: 'Achieng Odhiambo' },
    { id: 92, driverId: 5, status: 'in_progress', driverName: 'Chebet Korir' },
  ];

  it('names who is selected, warns of the live trips and what happens to them, and clears the selection once applied', async () => {
    const { api, user } = renderApprovedDrivers(rows, {
      'GET /api/trip/trips': () => listAnswer('trips', heldTrips) as never,
      'POST /api/user/drivers/bulk/suspend': (request) => ({
        json: {
          data: {
            outcomes: (request.body as { ids: number[] }).ids.map((id, i) => ({
              id,
              status: 'done',
              message: 'Driver suspended.',
              auditId: 500 + i,
            })),
            undo: 'reinstate',
            undoSeconds: 9,
          },
          message: '3 done, 0 refused',
        },
      }),
      'POST /api/user/drivers/bulk/reinstate': (request) => ({
        json: {
          data: {
            outcomes: (request.body as { ids: number[] }).ids.map((id) => ({
              id,
              status: 'done',
              message: 'Driver reinstated.',
            })),
          },
          message: '3 done, 0 refused',
        },
      }),
    });
    for (const name of names.slice(0, 3)) await user.click(within(await rowOf(name)).getByRole('checkbox'));
    expect(await screen.findByText('3 items selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog');
    const selected = within(dialog).getByRole('list', { name: 'Selected' });
    expect(
      within(selected)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(names.slice(0, 3));

    // Only the selected drivers' held trips are asked for.
    const warning = await within(dialog).findByTestId('live-trip-warning');
    const tripsAsked = api.to('GET /api/trip/trips').at(-1)!;
    expect(JSON.parse(tripsAsked.query.get('filter')!)).toEqual({
      driverId: [3, 4, 5],
      status: ['accepted', 'arrived', 'in_progress'],
    });
    expect(within(warning).getByText('2 selected drivers are on a live trip')).toBeInTheDocument();
    const lines = within(warning)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(lines).toEqual([
      'Achieng Odhiambo, Trip #91 (Accepted): the trip is taken from the driver and waits on the dispatcher for another driver; it is not offered to drivers by itself. Undo does not give it back.',
      'Chebet Korir, Trip #92 (In progress): the passenger is aboard, so the trip stays with the driver; the driver app is disconnected and the dispatcher is asked to follow the trip up.',
    ]);
    expect(within(warning).getByRole('link', { name: 'Trip #91' })).toHaveAttribute(
      'href',
      '/trip-management/trips/91',
    );

    await user.type(within(dialog).getByLabelText('Reason'), 'Test: document audit pending');
    await user.click(within(dialog).getByRole('button', { name: 'Apply to 3 records' }));
    expect(await within(dialog).findByText('3 suspended, 0 refused')).toBeInTheDocument();
    // The bar no longer counts the rows as selected (the page behind the dialog is hidden from roles
    // while it is open), and the title still says what was done.
    expect(screen.queryByText('3 items selected')).toBeNull();
    for (const name of names.slice(0, 3))
      expect(within(await rowOf(name)).getByRole('checkbox', { hidden: true })).not.toBeChecked();
    expect(within(dialog).getByText('Suspend: 3 selected records')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: /^Undo \(\d+ s\)$/ }));
    expect(await within(dialog).findByText('Undone: 3 reinstated, 0 refused')).toBeInTheDocument();
    expect(api.to('POST /api/user/drivers/bulk/reinstate')[0].body).toEqual({
      ids: [3, 4, 5],
      reason: 'Test: document audit pending',
      undoOf: [500, 501, 502],
    });
  });

  it('names the first five of a long selection and says how many more', async () => {
    const { user } = renderApprovedDrivers(rows, {
      'GET /api/trip/trips': listAnswer('trips', []),
    });
    await rowOf(names[7]);
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await user.click(screen.getByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog');
    const selected = within(dialog).getByRole('list', { name: 'Selected' });
    expect(
      within(selected)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([...names.slice(0, 5), 'and 3 more']);
    expect(within(dialog).queryByTestId('live-trip-warning')).toBeNull();
  });
});

describe('the approved drivers list, live shifts', () => {
  it('shows a driver going offline and back online without a reload; other drivers change nothing', async () => {
    let online = true;
    const { api, sockets } = renderApprovedDrivers(() => [
      driver(3, 'Achieng', 'Odhiambo', online ? {} : { online: false, onlineState: 'offline' }),
    ]);
    const row = async () => (await screen.findByText('Achieng Odhiambo')).closest('tr')!;
    expect(within(await row()).getByText('Online')).toBeInTheDocument();
    await waitFor(() => expect(sockets.latest().listening('driverShiftChanged')).toBe(true));
    const before = api.to('GET /api/user/drivers').length;

    sockets.latest().serverSends('driverShiftChanged', { driverId: 77, online: false, at: new Date().toISOString() });
    await new Promise((r) => setTimeout(r, 700));
    expect(api.to('GET /api/user/drivers').length).toBe(before);

    online = false;
    sockets.latest().serverSends('driverShiftChanged', { driverId: 3, online: false, at: new Date().toISOString() });
    await waitFor(async () => expect(within(await row()).getByText('Offline')).toBeInTheDocument());
    online = true;
    sockets.latest().serverSends('driverShiftChanged', { driverId: 3, online: true, at: new Date().toISOString() });
    await waitFor(async () => expect(within(await row()).getByText('Online')).toBeInTheDocument());
  });
});

describe("the driver's page", () => {
  const statistics = (earnedThisWeek: number) => ({
    json: {
      data: {
        driverId: 3,
        timeZone: 'Africa/Nairobi',
        currency: 'KES',
        week: { from: '2026-11-23', to: '2026-11-24', trips: 9, completed: 8, earnings: earnedThisWeek },
        month: { from: '2026-11-01', to: '2026-11-24', trips: 60, completed: 52, earnings: 31250.5 },
        last30Days: {
          from: '2026-10-26',
          to: '2026-11-24',
          given: 40,
          cancelledByDriver: 3,
          cancellationRate: 0.075,
          offersAccepted: 36,
          offersDeclined: 3,
          offersTimedOut: 1,
          acceptanceRate: 0.9,
        },
      },
    },
  });

  it("shows this week's and this month's earnings, the cancellation and acceptance rates, and refreshes them when the driver's trip changes", async () => {
    const sockets = fakeSockets();
    let earned = 1149.48;
    const { api } = renderApp('/driver-management/drivers/3', {
      session: admin,
      sockets,
      api: {
        'GET /api/user/drivers/3': { json: driver(3, 'Achieng', 'Odhiambo') },
        'GET /api/trip/drivers/statistics': () => statistics(earned),
      },
    });
    expect(await screen.findByText('KES 1,149.48')).toBeInTheDocument();
    expect(screen.getByText('Earned this week')).toBeInTheDocument();
    expect(screen.getByText('KES 31,250.50')).toBeInTheDocument();
    expect(screen.getByText('7.5 %')).toBeInTheDocument();
    expect(screen.getByText('Offers accepted (30 days)')).toBeInTheDocument();
    expect(screen.getByText('90 %')).toBeInTheDocument();
    expect(screen.getByLabelText('36 of 40 offers answered or expired in the last 30 days')).toHaveTextContent('90 %');
    expect(api.to('GET /api/trip/drivers/statistics')[0].query.get('driverId')).toBe('3');

    await waitFor(() => expect(sockets.latest().listening('tripUpdated')).toBe(true));
    earned = 1549.48;
    sockets
      .latest()
      .serverSends('tripUpdated', { id: 92, status: 'completed', previousStatus: 'in_progress', driverId: 3 });
    expect(await screen.findByText('KES 1,549.48')).toBeInTheDocument();
  });

  it('says in its history who decided what, when and why', async () => {
    const audit = (id: number, action: string, staffName: string | null, before: object, after: object) => ({
      id,
      staffId: staffName ? 1 : null,
      staffName,
      resource: 'drivers',
      recordId: '3',
      action,
      before,
      after,
      createdAt: `2026-11-2${id}T07:00:00Z`,
    });
    const { user, api } = renderApp('/driver-management/drivers/3', {
      session: admin,
      api: {
        'GET /api/user/drivers/3': { json: driver(3, 'Achieng', 'Odhiambo') },
        'GET /api/trip/drivers/statistics': statistics(100),
        'GET /api/user/audit-logs': listAnswer('audit-logs', [
          audit(
            5,
            'reinstate',
            'Amara Okafor',
            { approvalStatus: 'suspended' },
            {
              approvalStatus: 'approved',
              reason: 'Investigation closed.',
            },
          ),
          audit(
            4,
            'documents-expired',
            null,
            { approvalStatus: 'approved' },
            {
              approvalStatus: 'pending',
              expired: ['insurance'],
            },
          ),
          audit(
            3,
            'reject-document',
            'Amara Okafor',
            { approvalStatus: 'pending' },
            {
              approvalStatus: 'rejected',
              document: 'vehicle_registration',
              reason: 'unreadable',
              note: 'The plate is cut off.',
            },
          ),
          audit(2, 'approve-document', 'Amara Okafor', {}, { document: 'licence', documentId: 9 }),
          audit(1, 'update', 'Amara Okafor', { vehicleColour: 'Red' }, { vehicleColour: 'Green' }),
        ]),
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'History' }));
    const row = async (text: string) => (await screen.findByText(text, { exact: false })).closest('tr')!;
    const reinstated = await row('Reason: Investigation closed.');
    expect(reinstated).toHaveTextContent('Driver status: Approved.');
    expect(within(reinstated).getByText('Amara Okafor')).toBeInTheDocument();
    const expired = await row('Expired: Insurance.');
    expect(within(expired).getByText('System')).toBeInTheDocument();
    expect(await row('Vehicle registration rejected: Unreadable — The plate is cut off.')).toHaveTextContent(
      'Driver status: Rejected.',
    );
    expect((await row('Driving licence approved.')).textContent).not.toContain('Driver status');
    // An edit names the fields it changed, as a person would.
    expect(await row('Vehicle colour')).toBeInTheDocument();
    expect(api.to('GET /api/user/audit-logs')[0].query.get('filter')).toContain('"resource":"drivers"');
  });

  it('says the figures could not be loaded rather than showing zeros', async () => {
    const { user } = renderApp('/driver-management/drivers/3', {
      session: admin,
      api: {
        'GET /api/user/drivers/3': { json: driver(3, 'Achieng', 'Odhiambo') },
        'GET /api/trip/drivers/statistics': { status: 500, json: { message: 'Internal Server Error' } },
      },
    });
    const label = await screen.findByText('Earned this week');
    const card = label.closest('.MuiCard-root') as HTMLElement;
    await waitFor(() => expect(within(card).getByText('—')).toBeInTheDocument());
    await user.hover(within(card).getByText('—'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('The figures could not be loaded');
    expect(screen.queryByText('KES 0.00')).toBeNull();
  });
});

describe("the driver's wallet", () => {
  const entry = (id: number, extra: object) => ({
    id,
    driverId: 3,
    kind: 'commission',
    amount: -80,
    balanceAfter: -250,
    tripId: null,
    staffId: null,
    staffName: null,
    note: null,
    createdAt: '2026-11-23T09:00:00Z',
    ...extra,
  });

  it('shows the balance owed and the ledger: signed amounts, the balance after, the trip and the staff member', async () => {
    const { api, user } = renderApp('/driver-management/transactions/3', {
      session: admin,
      api: {
        'GET /api/user/drivers/3': { json: driver(3, 'Achieng', 'Odhiambo') },
        'GET /api/trip/driver-transactions': listAnswer('driver-transactions', [
          entry(21, { tripId: 31662, note: 'Commission, trip #31662' }),
          entry(20, {
            kind: 'credit_topup',
            amount: 1500,
            balanceAfter: -170,
            staffId: 3,
            staffName: 'Julia Bartell',
            note: 'M-Pesa QK7H2',
          }),
        ]),
      },
    });
    expect((await screen.findByTestId('wallet-balance')).textContent?.replace(/\s/g, ' ')).toBe('-KES 250.00');
    expect(screen.getByText('The driver owes commission on cash trips.')).toBeInTheDocument();
    const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;
    const hrefIn = async (row: HTMLElement, name: string) =>
      (await within(row).findByRole('link', { name })).getAttribute('href');
    const commission = await rowOf('Commission, trip #31662');
    expect(within(commission).getByText('Commission')).toBeInTheDocument();
    expect(commission.textContent?.replace(/\s/g, ' ')).toContain('−KES 80.00');
    expect(await hrefIn(commission, '#31662')).toBe('/trip-management/trips/31662');
    const topUp = await rowOf('M-Pesa QK7H2');
    expect(within(topUp).getByText('Credit top-up')).toBeInTheDocument();
    expect(topUp.textContent?.replace(/\s/g, ' ')).toContain('+KES 1,500.00');
    expect(await hrefIn(topUp, 'Julia Bartell')).toBe('/staff-management/staffs/3');
    const first = api.to('GET /api/trip/driver-transactions')[0].query;
    expect(JSON.parse(first.get('filter') ?? '{}')).toEqual({ driverId: 3 });

    // The amount sorts (a full list, unlike the passenger's wallet card).
    expect(screen.queryByRole('button', { name: /^Sort by balance after/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: /^Sort by amount/ }));
    await waitFor(() =>
      expect(api.to('GET /api/trip/driver-transactions').at(-1)!.query.get('sort')).toBe('["amount","ASC"]'),
    );
  });

  it("shows the balance and the latest entries on the driver page's Wallet tab, with a way to the full wallet", async () => {
    const { api, user } = renderApp('/driver-management/drivers/3', {
      session: admin,
      api: {
        'GET /api/user/drivers/3': { json: driver(3, 'Achieng', 'Odhiambo') },
        'GET /api/trip/drivers/statistics': { status: 500, json: { message: 'Internal Server Error' } },
        'GET /api/trip/driver-transactions': listAnswer('driver-transactions', [
          entry(22, { tripId: 31663, amount: 603.96, note: 'Trip #31663 paid by card' }),
          entry(21, { tripId: 31662, note: 'Commission, trip #31662' }),
        ]),
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Wallet' }));
    const card = await screen.findByTestId('driver-page-wallet');
    expect((await within(card).findByTestId('driver-page-balance')).textContent?.replace(/\s/g, ' ')).toBe(
      'Balance: -KES 250.00',
    );
    const row = (await within(card).findByText('Commission, trip #31662')).closest('tr')!;
    expect(row.textContent?.replace(/\s/g, ' ')).toContain('−KES 80.00');
    expect(within(row).getByTestId('status-chip')).toHaveTextContent('Commission');
    // A card trip credits the driver's earnings: named so, not "Commission".
    const earnings = within(card).getByText('Trip #31663 paid by card').closest('tr')!;
    expect(within(earnings).getByTestId('status-chip')).toHaveTextContent('Trip earnings');
    expect(within(card).getByRole('link', { name: 'Open the wallet' })).toHaveAttribute(
      'href',
      '/driver-management/transactions/3',
    );
    const query = api.to('GET /api/trip/driver-transactions')[0].query;
    expect(JSON.parse(query.get('filter') ?? '{}')).toEqual({ driverId: 3 });
  });
});

describe("the driver page's Wallet button", () => {
  const page = () => ({
    'GET /api/user/drivers/3': { json: driver(3, 'Achieng', 'Odhiambo') },
    'GET /api/trip/drivers/statistics': { status: 500, json: { message: 'Internal Server Error' } },
    'GET /api/trip/driver-transactions': listAnswer('driver-transactions'),
  });
  const deskClerk = sessionOf({
    ...superAdminProfile,
    id: 9,
    role: { id: 9, name: 'Driver desk', permissions: [{ name: P.viewDriver }] },
  });

  it('opens the wallet for staff who may list the transactions', async () => {
    renderApp('/driver-management/drivers/3', { session: admin, api: page() });
    expect(await screen.findByRole('link', { name: 'Wallet' })).toHaveAttribute(
      'href',
      '/driver-management/transactions/3',
    );
    expect(screen.getByRole('button', { name: 'Suspend' })).toBeInTheDocument();
  });

  it('opens it for a role that may only view drivers (the ledger is read with view-Driver)', async () => {
    renderApp('/driver-management/drivers/3', { session: deskClerk, api: page() });
    expect(await screen.findByRole('link', { name: 'Wallet' })).toHaveAttribute(
      'href',
      '/driver-management/transactions/3',
    );
    expect(screen.queryByRole('button', { name: 'Suspend' })).toBeNull();
  });

  it('is not offered to staff who may not list the transactions, and the Wallet tab says so without asking', async () => {
    // No seeded role sees a driver without the transactions (both are view-Driver today), so canAccess
    // refuses the ledger alone, as the server would for such a role.
    const real = authProvider.canAccess;
    vi.spyOn(authProvider, 'canAccess').mockImplementation(async (params) =>
      params.resource === 'driver-transactions' ? false : real(params),
    );
    const { api, user } = renderApp('/driver-management/drivers/3', { session: admin, api: page() });
    expect(await screen.findByRole('link', { name: 'Review' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Suspend' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Wallet' })).toBeNull();
    await waitFor(() =>
      expect(authProvider.canAccess).toHaveBeenCalledWith(expect.objectContaining({ resource: 'driver-transactions' })),
    );
    expect(screen.queryByRole('link', { name: 'Wallet' })).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Wallet' }));
    expect(await screen.findByText(/not authorized/i)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open the wallet' })).toBeNull();
    expect(api.to('GET /api/trip/driver-transactions')).toHaveLength(0);
  });
});

describe('helping a driver sign in', () => {
  it('texts the driver a new code with "Resend code" (drivers/resend_otp), for staff who may update drivers', async () => {
    const { user, api } = renderApp('/driver-management/drivers/3', {
      session: admin,
      api: {
        'GET /api/user/drivers/3': { json: driver(3, 'Achieng', 'Odhiambo') },
        'GET /api/trip/drivers/statistics': { status: 500, json: { message: 'Internal Server Error' } },
        'GET /api/trip/driver-transactions': listAnswer('driver-transactions'),
        'POST /api/user/drivers/resend_otp': {
          json: { data: null, message: 'Verification code sent to +254711000003 successfully' },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('Verification code sent to +254711000003 successfully')).toBeInTheDocument();
    expect(api.to('POST /api/user/drivers/resend_otp')[0].body).toEqual({ phoneNumber: '+254711000003' });
  });

  it('is not offered to a role that may only view drivers', async () => {
    const viewer = sessionOf({
      ...superAdminProfile,
      id: 9,
      role: { id: 9, name: 'Driver desk', permissions: [{ name: P.viewDriver }] },
    });
    renderApp('/driver-management/drivers/3', {
      session: viewer,
      api: {
        'GET /api/user/drivers/3': { json: driver(3, 'Achieng', 'Odhiambo') },
        'GET /api/trip/drivers/statistics': { status: 500, json: { message: 'Internal Server Error' } },
        'GET /api/trip/driver-transactions': listAnswer('driver-transactions'),
      },
    });
    await screen.findByTestId('driver-page');
    expect(screen.queryByRole('button', { name: 'Resend code' })).toBeNull();
  });
});
