import { waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionOf, superAdminProfile } from '../unit/support/staffFixtures';
import { fakeSockets } from './support/fakeSocket';
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

describe('the approved drivers list', () => {
  it('shows a driver as on a trip, without a reload, once a trip is assigned to them', async () => {
    const sockets = fakeSockets();
    let assigned = false;
    const { api } = renderApp('/driver-management/approved-drivers', {
      session: admin,
      sockets,
      api: {
        'GET /api/user/drivers': () =>
          listAnswer('drivers', [
            driver(3, 'Achieng', 'Odhiambo', assigned ? { onlineState: 'on_trip' } : {}),
            driver(4, 'Baraka', 'Mwangi'),
          ]) as never,
        'GET /api/trip/vehicle-types': listAnswer('vehicle-types', [{ id: 1, name: 'Economy' }]),
      },
    });
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
