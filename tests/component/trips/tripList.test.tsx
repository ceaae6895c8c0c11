import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import TripList from '../../../src/resources/trips/TripList';
import { presetRange } from '../../../src/resources/trips/tripListState';
import { formatDateTime } from '../../../src/kit/format';
import { sessionOf, superAdminProfile } from '../../unit/support/staffFixtures';
import { listAnswer } from '../support/renderApp';
import { tripListAnswer } from './tripAnswers';
import { renderKit } from '../kit/renderKit';
import { shownDate, typeDate } from '../support/dateFields';
import { fakeSockets } from '../support/fakeSocket';
import { RealtimeProvider, SocketFactoryContext } from '../../../src/realtime/RealtimeProvider';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

const rows = [
  {
    id: 41,
    requestedAt: minutesAgo(5),
    passengerId: 7,
    passengerName: 'Amina Otieno',
    driverId: null,
    driverName: null,
    vehicleTypeName: 'Economy',
    pickupPlace: 'Sarit Centre',
    dropoffPlace: 'Yaya Centre',
    status: 'requested',
    fareTotal: 169.8,
    paymentMethod: 'cash',
    distanceKm: 5.1,
    durationMin: 14,
  },
  {
    id: 40,
    requestedAt: minutesAgo(30),
    passengerId: 8,
    passengerName: 'Brian Mwangi',
    driverId: 4,
    driverName: 'Otieno Kamau',
    vehicleTypeName: 'XL',
    pickupPlace: 'KICC',
    dropoffPlace: 'Westgate Mall',
    status: 'cancelled_by_passenger',
    fareTotal: 420,
    paymentMethod: 'card',
    distanceKm: 9,
    durationMin: 25,
  },
];

function renderList(sockets = fakeSockets(), answered: readonly object[] = rows) {
  return renderKit(
    <SocketFactoryContext.Provider value={sockets.factory}>
      <RealtimeProvider>
        <TripList />
      </RealtimeProvider>
    </SocketFactoryContext.Provider>,
    {
      resource: 'trip-management/trips',
      session: sessionOf(superAdminProfile),
      api: {
        'GET /api/trip/trips': tripListAnswer(answered),
        'GET /api/trip/trips/41': {
          json: { ...rows[0], pickupAddress: 'Sarit Centre, Westlands', dropoffAddress: 'Yaya Centre, Kilimani' },
        },
        'GET /api/trip/vehicle-types': listAnswer('vehicle-types', [{ id: 1, name: 'Economy' }]),
        'GET /api/user/drivers': listAnswer('drivers', []),
        'GET /api/user/passengers': listAnswer('passengers', []),
      },
    },
  );
}

const lastFilter = (api: ReturnType<typeof renderList>['api']) => {
  const calls = api.to('GET /api/trip/trips');
  return JSON.parse(calls[calls.length - 1].query.get('filter') ?? '{}') as Record<string, unknown>;
};

describe('the trips list', () => {
  it('asks only for its columns and shows names, places, money and the waiting time in red past 2 minutes', async () => {
    const { api } = renderList();
    expect(await screen.findByText('Amina Otieno')).toBeInTheDocument();
    const request = api.to('GET /api/trip/trips')[0];
    expect(request.query.get('fields')?.split(',')).toEqual(
      expect.arrayContaining(['passengerName', 'driverName', 'pickupPlace', 'fareTotal', 'status']),
    );
    expect(request.query.get('fields')).not.toContain('routePolyline');
    expect(request.query.get('shape')).toBe('rows');
    expect(request.query.get('sort')).toBe('["requestedAt","DESC"]');
    // Narrow (jsdom has no width): the vehicle type under the number, the route left to wider screens.
    expect(screen.getByText('#41')).toBeInTheDocument();
    expect(screen.getByText('Economy')).toBeInTheDocument();
    expect(screen.getByText('KES 169.80')).toBeInTheDocument();
    const waiting = screen.getByTestId('waiting-time');
    expect(waiting).toHaveTextContent('waiting 5 min');
    expect(waiting).toHaveAttribute('data-late', 'true');
    expect(await screen.findByRole('link', { name: 'Otieno Kamau' })).toHaveAttribute(
      'href',
      '/driver-management/drivers/4',
    );
  });

  it('puts each quick tab in the filter: waiting oldest first, cancelled both ways', async () => {
    const { api } = renderList();
    await screen.findByText('Amina Otieno');
    fireEvent.click(screen.getByTestId('trip-tab-waiting'));
    await waitFor(() => expect(lastFilter(api)).toEqual({ status: ['requested'] }));
    const calls = api.to('GET /api/trip/trips');
    expect(calls[calls.length - 1].query.get('sort')).toBe('["requestedAt","ASC"]');
    expect(screen.getByTestId('trip-tab-waiting')).toHaveAttribute('aria-selected', 'true');

    fireEvent.click(screen.getByTestId('trip-tab-cancelled'));
    await waitFor(() => expect(lastFilter(api)).toEqual({ status: ['cancelled_by_passenger', 'cancelled_by_driver'] }));
    fireEvent.click(screen.getByTestId('trip-tab-active'));
    await waitFor(() => expect(lastFilter(api)).toEqual({ active: true }));
  });

  it('shows the pickup time of a ride booked for later under its request, and the Scheduled tab asks for the soonest pickup first', async () => {
    // Booked a minute ago for 07:30 tomorrow, Nairobi time (04:30 UTC).
    const pickup = new Date(Date.now() + 86_400_000);
    pickup.setUTCHours(4, 30, 0, 0);
    const booked = {
      ...rows[0],
      id: 42,
      status: 'scheduled',
      requestedAt: minutesAgo(1),
      scheduledAt: pickup.toISOString(),
    };
    const { api } = renderList(fakeSockets(), [booked, rows[1]]);
    const row = (await screen.findByText('#42')).closest('tr')!;
    expect(within(row).getByTestId('trip-pickup-at')).toHaveTextContent(
      `pickup ${formatDateTime(pickup.toISOString())!.replace(/\s/g, ' ')}`,
    );
    expect(within(row).getByTestId('trip-pickup-at')).toHaveTextContent(/07:30$/);
    // A ride asked for now has no pickup line.
    expect(within(screen.getByText('#40').closest('tr')!).queryByTestId('trip-pickup-at')).toBeNull();

    fireEvent.click(screen.getByTestId('trip-tab-scheduled'));
    await waitFor(() => expect(lastFilter(api)).toEqual({ status: ['scheduled'] }));
    const calls = api.to('GET /api/trip/trips');
    expect(calls[calls.length - 1].query.get('sort')).toBe('["scheduledAt","ASC"]');
    expect(calls[calls.length - 1].query.get('fields')?.split(',')).toContain('scheduledAt');
  });

  it("filters by today's range in the city's calendar, keeping the tab", async () => {
    const { api } = renderList();
    await screen.findByText('Amina Otieno');
    fireEvent.click(screen.getByTestId('trip-tab-completed'));
    await waitFor(() => expect(lastFilter(api)).toEqual({ status: ['completed'] }));
    fireEvent.mouseDown(within(screen.getByTestId('trip-range').parentElement!).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'Today' }));
    const today = presetRange('today');
    await waitFor(() => expect(lastFilter(api)).toEqual({ status: ['completed'], ...today }));
    // Midnight to midnight in Nairobi (UTC+3): 21:00 UTC the day before, 24 h long less a millisecond.
    expect(today.requestedAt_gte).toMatch(/T21:00:00\.000Z$/);
    expect(new Date(today.requestedAt_lte!).getTime() - new Date(today.requestedAt_gte!).getTime()).toBe(
      86_400_000 - 1,
    );
  });

  it("takes a custom range typed day first, in the panel's format, as days in the city", async () => {
    const { api } = renderList();
    const user = userEvent.setup();
    await screen.findByText('Amina Otieno');
    fireEvent.mouseDown(within(screen.getByTestId('trip-range').parentElement!).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'Custom…' }));
    await typeDate(user, 'From', '03032026');
    expect(shownDate('From')).toBe('03/03/2026');
    // 3 March from midnight in Nairobi (UTC+3).
    await waitFor(() => expect(lastFilter(api)).toEqual({ requestedAt_gte: '2026-03-02T21:00:00.000Z' }));
    await typeDate(user, 'To', '04032026');
    await waitFor(() =>
      expect(lastFilter(api)).toEqual({
        requestedAt_gte: '2026-03-02T21:00:00.000Z',
        requestedAt_lte: '2026-03-04T20:59:59.999Z',
      }),
    );
    expect(shownDate('To')).toBe('04/03/2026');
  });

  it('takes a trip change from the socket at once, in place, and refetches unless someone is reading', async () => {
    const sockets = fakeSockets();
    const { api } = renderList(sockets);
    await screen.findByText('Amina Otieno');
    await waitFor(() => expect(sockets.opened.length).toBe(1));
    const socket = sockets.latest();
    await waitFor(() => expect(socket.listening('tripUpdated')).toBe(true));
    const before = api.to('GET /api/trip/trips').length;
    const event = { id: 41, previousStatus: 'requested', driverId: null, passengerId: 7, vehicleTypeId: 1 };

    // Someone is reading the table: the row changes in place, the refetch waits.
    fireEvent.mouseEnter(screen.getByRole('table').parentElement!);
    socket.serverSends('tripUpdated', { ...event, status: 'cancelled_by_passenger', at: new Date().toISOString() });
    const row = screen.getByText('#41').closest('tr')!;
    await waitFor(() => expect(within(row).getByTestId('status-chip')).toHaveTextContent('Cancelled by passenger'));
    expect(await screen.findByTestId('trips-pending')).toHaveTextContent('1 trip changed');
    await new Promise((r) => setTimeout(r, 500));
    expect(api.to('GET /api/trip/trips').length).toBe(before);

    // The pointer leaves: the page is refetched once.
    fireEvent.mouseLeave(screen.getByRole('table').parentElement!);
    await waitFor(() => expect(api.to('GET /api/trip/trips').length).toBe(before + 1));
    expect(screen.queryByTestId('trips-pending')).toBeNull();
  });

  it("opens a trip's route preview in a drawer from its map button where no panel fits beside the table", async () => {
    renderList();
    await screen.findByText('Amina Otieno');
    // Narrow (jsdom): no side panel, and pointing at a row previews nothing.
    expect(screen.queryByText('Route preview')).not.toBeInTheDocument();
    fireEvent.mouseOver(screen.getByText('Amina Otieno'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByTestId('trip-preview')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Show the route of trip #41' }));
    const drawer = await screen.findByRole('presentation');
    expect(within(drawer).getByText('Route preview')).toBeInTheDocument();
    expect(await within(drawer).findByText('Sarit Centre, Westlands')).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'Open trip' })).toHaveAttribute(
      'href',
      '/trip-management/trips/41',
    );

    fireEvent.keyDown(drawer, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByText('Route preview')).not.toBeInTheDocument());
  });
});
