import { waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RecordedRequest, StubAnswer } from '../unit/support/fetchStub';
import { dispatcherProfile, sessionOf, superAdminProfile } from '../unit/support/staffFixtures';
import { shownDate, typeDate } from './support/dateFields';
import { listAnswer, renderApp, screen } from './support/renderApp';
import { windowWidth } from './support/windowWidth';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const admin = sessionOf(superAdminProfile);

const passenger = (id: number, firstName: string, lastName: string, extra: object = {}) => ({
  id,
  firstName,
  lastName,
  fullName: `${firstName} ${lastName}`,
  phone: `+25471200000${id}`,
  email: `${firstName.toLowerCase()}@example.com`,
  sex: 'female',
  status: 'active',
  rating: 4.57,
  tripsCount: 193,
  completedTrips: 165,
  passengerCancellations: 14,
  totalSpent: 96275.4,
  lastTripAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
  statusReason: null,
  statusChangedAt: null,
  statusChangedBy: null,
  statusChangedByName: null,
  cancellationRate: 0.0726,
  hasOpenIssue: false,
  createdAt: '2025-07-12T13:56:00Z',
  updatedAt: '2025-07-12T13:56:00Z',
  ...extra,
});

const riders = [passenger(9, 'Charlene', 'Ritchie'), passenger(4, 'Lee', 'Flatley', { status: 'blocked' })];
const filterOf = (request: RecordedRequest) =>
  JSON.parse(request.query.get('filter') ?? '{}') as Record<string, unknown>;

const trip = {
  id: 31662,
  passengerId: 9,
  driverId: 12,
  driverName: 'Rene Macejkovic',
  status: 'completed',
  pickupAddress: 'Thika Road Mall',
  dropoffAddress: 'Adams Arcade',
  requestedAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
  fareTotal: 1020.7,
};
const review = (id: number, direction: string, comment: string | null) => ({
  id,
  tripId: 31662,
  direction,
  driverId: 12,
  driverName: 'Rene Macejkovic',
  passengerId: 9,
  rating: 4,
  comment,
  createdAt: '2026-11-20T10:00:00Z',
});
const detailApi = (record: { id: number }) => ({
  'GET /api/user/audit-logs': listAnswer('audit-logs', [
    {
      id: 3,
      staffId: 1,
      staffName: 'Ada Admin',
      resource: 'passengers',
      recordId: String(record.id),
      action: 'unblock',
      before: { status: 'blocked' },
      after: { status: 'active', statusReason: 'Apologised by phone' },
      createdAt: '2026-11-22T10:00:00Z',
    },
  ]),
  [`GET /api/user/passengers/${record.id}`]: { json: record },
  'GET /api/trip/trips': listAnswer('trips', [trip]),
  'GET /api/trip/reviews': (request: RecordedRequest) =>
    (filterOf(request).direction === 'passenger_to_driver'
      ? listAnswer('reviews', [review(1, 'passenger_to_driver', 'Smooth ride')])
      : listAnswer('reviews', [])) as StubAnswer,
  'GET /api/trip/issues': listAnswer('issues', [
    {
      id: 77,
      tripId: 31662,
      reporterKind: 'passenger',
      reporterId: 9,
      category: 'fare_dispute',
      status: 'open',
      priority: 'high',
      createdAt: '2026-11-21T10:00:00Z',
    },
  ]),
  'GET /api/trip/passenger-transactions': listAnswer('passenger-transactions', []),
});

describe('the passenger list', () => {
  it('shows the statistics columns and filters by search, status, joined range and open issue', async () => {
    windowWidth(1920);
    const { user, api } = renderApp('/passenger-management/passengers', {
      session: admin,
      api: { 'GET /api/user/passengers': listAnswer('passengers', riders) },
    });
    expect(await screen.findByText('Charlene Ritchie')).toBeInTheDocument();
    const first = api.to('GET /api/user/passengers')[0];
    expect(JSON.parse(first.query.get('sort') ?? '')).toEqual(['createdAt', 'DESC']);
    const row = screen.getAllByRole('row').find((r) => r.textContent?.includes('Charlene Ritchie'))!;
    expect(row).toHaveTextContent('165');
    expect(row).toHaveTextContent('3 h ago');
    expect(within(row).getByRole('img', { name: '4.5 out of 5' })).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();

    const main = within(document.getElementById('main-content')!);
    await user.type(main.getByPlaceholderText('Search'), '0712');
    await waitFor(() => expect(filterOf(api.to('GET /api/user/passengers').at(-1)!)).toEqual({ q: '0712' }));

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Blocked' }));
    await waitFor(() =>
      expect(filterOf(api.to('GET /api/user/passengers').at(-1)!)).toEqual({ q: '0712', status: 'blocked' }),
    );

    await user.click(screen.getByRole('combobox', { name: 'Open issue' }));
    await user.click(await screen.findByRole('option', { name: 'Has an open issue' }));
    await waitFor(() =>
      expect(filterOf(api.to('GET /api/user/passengers').at(-1)!)).toMatchObject({ hasOpenIssue: 'true' }),
    );

    // A day in Nairobi (UTC+3), whatever the browser's zone: from its first moment to its last.
    await typeDate(user, 'Joined from', '03032026');
    await typeDate(user, 'Joined to', '04032026');
    await waitFor(() =>
      expect(filterOf(api.to('GET /api/user/passengers').at(-1)!)).toMatchObject({
        createdAt_gte: '2026-03-02T21:00:00.000Z',
        createdAt_lte: '2026-03-04T20:59:59.999Z',
      }),
    );
    expect(shownDate('Joined from')).toBe('03/03/2026');

    await user.click(screen.getByRole('button', { name: /Sort by trips completed/i }));
    await waitFor(() =>
      expect(JSON.parse(api.to('GET /api/user/passengers').at(-1)!.query.get('sort') ?? '')[0]).toBe('completedTrips'),
    );
  });
});

describe('the passenger page', () => {
  it('shows the profile, statistics, trip history linking to the trip, reviews and issues', async () => {
    const { api } = renderApp('/passenger-management/passengers/9', {
      session: admin,
      api: detailApi(riders[0]),
    });
    const summary = await screen.findByTestId('passenger-summary');
    expect(within(summary).getByRole('heading', { name: 'Charlene Ritchie' })).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: '+254712000009' })).toHaveAttribute('href', 'tel:+254712000009');
    const stats = screen.getByTestId('passenger-statistics');
    expect(stats).toHaveTextContent('Trips193');
    expect(stats).toHaveTextContent('Completed165');
    expect(stats).toHaveTextContent('Cancellations147.3% of trips');
    expect(stats).toHaveTextContent('KES 96,275.40');
    expect(stats).toHaveTextContent('4.57');

    const history = await screen.findByTestId('trip-history');
    expect(await within(history).findByText('#31662')).toBeInTheDocument();
    expect(within(history).getByText('Thika Road Mall → Adams Arcade')).toBeInTheDocument();
    expect(within(history).getByText('KES 1,020.70')).toBeInTheDocument();
    const tripRequest = api.to('GET /api/trip/trips')[0];
    expect(filterOf(tripRequest)).toEqual({ passengerId: 9 });
    expect(JSON.parse(tripRequest.query.get('sort') ?? '')).toEqual(['requestedAt', 'DESC']);

    const given = await screen.findByTestId('reviews-given');
    expect(await within(given).findByText('Smooth ride')).toBeInTheDocument();
    const received = screen.getByTestId('reviews-received');
    expect(await within(received).findByText('No reviews received')).toBeInTheDocument();
    const issues = screen.getByTestId('issues-raised');
    expect(await within(issues).findByText('Fare dispute')).toBeInTheDocument();
    expect(filterOf(api.to('GET /api/trip/issues')[0])).toEqual({ reporterKind: 'passenger', reporterId: 9 });
    const trail = screen.getByTestId('passenger-history');
    expect(await within(trail).findByText('Apologised by phone')).toBeInTheDocument();
    expect(within(trail).getByText('Ada Admin')).toBeInTheDocument();
    expect(filterOf(api.to('GET /api/user/audit-logs')[0])).toEqual({ resource: 'passengers', recordId: 9 });
  });

  it('shows the wallet balance and its ledger of refunds, and a refund in the history', async () => {
    const { api } = renderApp('/passenger-management/passengers/9', {
      session: admin,
      api: {
        ...detailApi(passenger(9, 'Charlene', 'Ritchie', { creditBalance: 350.5 })),
        'GET /api/trip/passenger-transactions': listAnswer('passenger-transactions', [
          {
            id: 12,
            passengerId: 9,
            kind: 'refund',
            amount: 200,
            balanceAfter: 350.5,
            tripId: 31662,
            issueId: 77,
            staffId: 3,
            staffName: 'Julia Bartell',
            note: 'Refund, issue #77',
            createdAt: '2026-11-23T09:00:00Z',
          },
        ]),
        'GET /api/user/audit-logs': listAnswer('audit-logs', [
          {
            id: 4,
            staffId: 3,
            staffName: 'Julia Bartell',
            resource: 'passengers',
            recordId: '9',
            action: 'refund',
            before: { creditBalance: 150.5 },
            after: { creditBalance: 350.5, refund: 200, tripId: 31662, issueId: 77, transactionId: 12 },
            createdAt: '2026-11-23T09:00:00Z',
          },
        ]),
      },
    });
    const wallet = await screen.findByTestId('passenger-wallet');
    expect(within(wallet).getByTestId('passenger-balance').textContent?.replace(/\s/g, ' ')).toBe('Balance KES 350.50');
    expect(await within(wallet).findByText('Refund')).toBeInTheDocument();
    const row = within(wallet)
      .getAllByRole('row')
      .find((r) => r.textContent?.includes('Refund, issue #77'))!;
    expect(row.textContent?.replace(/\s/g, ' ')).toContain('+KES 200.00');
    expect(within(row).getByRole('link', { name: '#77' })).toHaveAttribute('href', '/issues/77');
    expect(within(row).getByText('Julia Bartell')).toBeInTheDocument();
    expect(filterOf(api.to('GET /api/trip/passenger-transactions')[0])).toEqual({ passengerId: 9 });
    const trail = screen.getByTestId('passenger-history');
    expect((await within(trail).findByText(/^Refund KES/)).textContent?.replace(/\s/g, ' ')).toBe(
      'Refund KES 200.00 (issue #77, trip #31662)',
    );
  });

  it('shows an empty wallet at KES 0.00', async () => {
    renderApp('/passenger-management/passengers/9', {
      session: admin,
      api: detailApi(passenger(9, 'Charlene', 'Ritchie', { creditBalance: 0 })),
    });
    const wallet = await screen.findByTestId('passenger-wallet');
    expect(await within(wallet).findByText('No wallet entries yet')).toBeInTheDocument();
    expect(within(wallet).getByTestId('passenger-balance').textContent?.replace(/\s/g, ' ')).toBe('Balance KES 0.00');
  });

  it('shows the pickup time of a ride booked for later in the trip history', async () => {
    const booked = {
      ...trip,
      id: 31900,
      driverId: null,
      driverName: null,
      status: 'scheduled',
      requestedAt: new Date(Date.now() - 60_000).toISOString(),
      scheduledAt: '2026-12-08T04:30:00.000Z',
    };
    renderApp('/passenger-management/passengers/9', {
      session: admin,
      api: { ...detailApi(riders[0]), 'GET /api/trip/trips': listAnswer('trips', [booked, trip]) },
    });
    await screen.findByTestId('passenger-summary');
    const history = await screen.findByTestId('trip-history');
    const row = (await within(history).findByText('#31900')).closest('tr')!;
    // 04:30 UTC is 07:30 in Nairobi.
    expect(within(row).getByTestId('trip-pickup-at')).toHaveTextContent('pickup 8 Dec 2026, 07:30');
    expect(within(within(history).getByText('#31662').closest('tr')!).queryByTestId('trip-pickup-at')).toBeNull();
  });

  it('opens a trip of the history at its detail page', async () => {
    const { user, router } = renderApp('/passenger-management/passengers/5', {
      session: admin,
      api: detailApi(passenger(5, 'Brian', 'Otieno')),
    });
    await screen.findByTestId('passenger-summary');
    await user.click(await screen.findByText('#31662'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/trip-management/trips/31662'));
  });

  it('blocks with a required reason through the dialog', async () => {
    const blocked = {
      ...riders[0],
      status: 'blocked',
      statusReason: 'Abusive to drivers',
      statusChangedAt: '2026-11-24T13:37:00Z',
      statusChangedByName: 'Ada Admin',
    };
    let current: object = riders[0];
    const { user, api } = renderApp('/passenger-management/passengers/9', {
      session: admin,
      api: {
        ...detailApi(riders[0]),
        'GET /api/user/passengers/9': () => ({ json: current }),
        'POST /api/user/passengers/9/block': (request) => {
          if ((request.body as { reason: string }).reason.includes('nope'))
            return {
              status: 400,
              json: { message: 'Invalid', errors: { reason: 'This passenger is already blocked' } },
            };
          current = blocked;
          return { json: { data: blocked, message: 'Charlene Ritchie is blocked' } };
        },
      },
    });
    await screen.findByTestId('passenger-summary');
    await user.click(await screen.findByRole('button', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block Charlene Ritchie' });
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await within(dialog).findByText('Give the reason')).toBeInTheDocument();
    expect(api.to('POST /api/user/passengers/9/block')).toHaveLength(0);

    // The server's field message shows under the input.
    await user.type(within(dialog).getByLabelText(/Reason/), 'nope nope');
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await within(dialog).findByText('This passenger is already blocked')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText(/Reason/));
    await user.type(within(dialog).getByLabelText(/Reason/), 'Abusive to drivers');
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('Charlene Ritchie is blocked')).toBeInTheDocument();
    expect(api.to('POST /api/user/passengers/9/block').at(-1)!.body).toEqual({ reason: 'Abusive to drivers' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByTestId('blocked-reason')).toHaveTextContent('by Ada Admin: Abusive to drivers');
    expect(within(screen.getByTestId('passenger-summary')).getByText('Blocked')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Unblock' })).toBeInTheDocument();
  });

  it('offers no Block, Edit, reviews or issues to a role without those permissions', async () => {
    const { api } = renderApp('/passenger-management/passengers/9', {
      session: sessionOf(dispatcherProfile),
      api: detailApi(riders[0]),
    });
    await screen.findByTestId('passenger-summary');
    expect(await screen.findByTestId('trip-history')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Block' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('issues-raised')).not.toBeInTheDocument();
    expect(api.to('GET /api/trip/issues')).toHaveLength(0);
  });
});
