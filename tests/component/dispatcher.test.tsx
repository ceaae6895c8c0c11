import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { P } from '../../src/domain/permissions';
import type { StaffProfile } from '../../src/session';
import { dispatcherProfile, sessionOf } from '../unit/support/staffFixtures';
import type { StubAnswer, StubRoute } from '../unit/support/fetchStub';
import { listAnswer, renderApp } from './support/renderApp';
import { formatMoney } from '../../src/kit/format';
import { addDays, localDay } from '../../src/domain/dateRange';
import { CITY } from '../../src/domain/city';
import { shownDate, typeDate } from './support/dateFields';

/** An amount as the screen shows it, its non-breaking space read as a space (as the queries do). */
const money = (amount: number) => formatMoney(amount)!.replace(/\s/g, ' ');

/**
 * MapLibre needs WebGL, which jsdom lacks (the real map only says it cannot draw here): the live map
 * is a list of its points as buttons (a click is a click on the driver's marker) and tells where it
 * is centred. The page around it is real.
 */
vi.mock('../../src/kit/map', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/kit/map')>();
  const { createElement } = await import('react');
  function FakeLiveMap({
    points,
    label,
    focus,
    onPointClick,
    onMapClick,
  }: {
    points: readonly { id: number | string; flagged?: boolean }[];
    label: string;
    focus?: { lat: number; lng: number } | null;
    onPointClick?: (id: number | string) => void;
    onMapClick?: (point: { lat: number; lng: number }) => void;
  }) {
    return createElement(
      'div',
      { 'data-testid': 'fake-live-map', 'aria-label': label, 'data-focus': focus ? `${focus.lat},${focus.lng}` : '' },
      createElement(
        'button',
        { type: 'button', onClick: () => onMapClick?.({ lat: -1.29301, lng: 36.78839 }) },
        'the map near Yaya Centre',
      ),
      points.map((p) =>
        createElement(
          'button',
          {
            key: p.id,
            type: 'button',
            'data-flagged': String(p.flagged === true),
            onClick: () => onPointClick?.(p.id),
          },
          `driver ${p.id}`,
        ),
      ),
    );
  }
  return { ...actual, LiveMap: FakeLiveMap };
});

/** The seeded Dispatcher role since issue 16: it books and assigns. */
const booker: StaffProfile = {
  ...dispatcherProfile,
  role: {
    ...dispatcherProfile.role,
    permissions: [
      P.viewTrip,
      'create-Trip',
      'update-Trip',
      P.viewPassenger,
      'create-Passenger',
      P.viewDispatcherPage,
    ].map((name) => ({ name })),
  },
};

const amina = {
  id: 7,
  firstName: 'Amina',
  lastName: 'Njeri',
  fullName: 'Amina Njeri',
  phone: '+254712345678',
  status: 'active',
  statusReason: null,
  tripsCount: 12,
  lastTripAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
};
const blocked = {
  ...amina,
  id: 8,
  fullName: 'Brian Otieno',
  firstName: 'Brian',
  lastName: 'Otieno',
  phone: '+254700000001',
  status: 'blocked',
  statusReason: 'Abusive to drivers',
};

const PLACES = {
  yaya: [{ address: 'Yaya Centre, Kilimani', name: 'Yaya Centre', lat: -1.2926, lng: 36.7878, uses: 40 }],
  sarit: [{ address: 'Sarit Centre, Westlands', name: 'Sarit Centre', lat: -1.2612, lng: 36.8026, uses: 50 }],
};
const fare = (vehicleTypeId: number, vehicleTypeName: string, total: number, discount = 0) => ({
  vehicleTypeId,
  vehicleTypeName,
  total,
  discount,
  distanceKm: 5,
  durationMin: 14,
  surgeMultiplier: 1,
});
const now = new Date().toISOString();
const liveDriver = (id: number, state: string, at = now) => ({
  id,
  lat: -1.29,
  lng: 36.8,
  heading: 45,
  speed: 30,
  state,
  vehicleTypeId: 3,
  tripId: null,
  at,
});
const activeTrip = (id: number, status: string, minutesAgo: number) => ({
  id,
  status,
  driverId: status === 'requested' ? null : 40,
  driverName: status === 'requested' ? null : 'Otieno Kamau',
  passengerId: 7,
  passengerName: 'Amina Njeri',
  pickupAddress: 'Yaya Centre, Kilimani',
  dropoffAddress: 'Sarit Centre, Westlands',
  pickupLat: -1.2926,
  pickupLng: 36.7878,
  requestedAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
});

const nearDriver = (id: number, name: string, distanceKm: number) => ({
  id,
  name,
  phone: `+2547000000${id}`,
  vehiclePlate: `KDA ${id}0A`,
  vehicle: 'Toyota Axio · white',
  rating: 4.75,
  distanceKm,
  etaSeconds: Math.round(distanceKm * 170),
  lastSeenAt: now,
});
const CARDS: Record<string, object> = {
  1: {
    id: 1,
    name: 'Kamau Mwangi',
    phone: '+254711000001',
    vehiclePlate: 'KDB 101X',
    vehicle: 'Toyota Fielder · silver',
    vehicleTypeName: 'Economy',
    rating: 4.6,
  },
  40: {
    id: 40,
    name: 'Otieno Kamau',
    phone: '+254700000040',
    vehiclePlate: 'KDA 400A',
    vehicle: 'Toyota Axio · white',
    vehicleTypeName: 'Economy',
    rating: 4.75,
  },
};

function server(overrides: Record<string, StubRoute> = {}): Record<string, StubRoute> {
  return {
    'GET /api/user/passengers': (request) => {
      const q = JSON.parse(request.query.get('filter') ?? '{}').q as string;
      const found = [amina, blocked].filter((p) => p.phone.replace(/\D/g, '').includes(q));
      return listAnswer('passengers', found) as StubAnswer;
    },
    'GET /api/trip/dispatcher/places': (request) => {
      const q = request.query.get('q') ?? '';
      return { json: { data: q.startsWith('ya') ? PLACES.yaya : q.startsWith('sa') ? PLACES.sarit : [] } };
    },
    'POST /api/trip/fare-estimates': (request) => {
      const code = (request.body as { discountCode?: string }).discountCode;
      if (code === 'OLD')
        return {
          status: 400,
          json: {
            message: 'Please correct the highlighted fields',
            errors: { discountCode: 'This discount code has expired' },
          },
        };
      if (code === 'KARIBU')
        return {
          json: { data: [fare(1, 'Boda', 225, 25), fare(3, 'Economy', 648, 72), fare(4, 'Comfort', 855, 95)] },
        };
      // Amina's last trip was an Economy one: the server suggests it.
      const suggestedVehicleTypeId = (request.body as { passengerId?: number }).passengerId === 7 ? 3 : null;
      return {
        json: {
          data: [fare(1, 'Boda', 250), fare(3, 'Economy', 720), fare(4, 'Comfort', 950)],
          suggestedVehicleTypeId,
        },
      };
    },
    'GET /api/trip/dispatcher/availability': {
      json: { data: [{ vehicleTypeId: 3, available: 4, nearestDistanceKm: 1.2, nearestEtaSeconds: 240 }] },
    },
    'GET /api/trip/dispatcher/drivers': { json: { data: [liveDriver(1, 'available'), liveDriver(2, 'on_trip')] } },
    'GET /api/trip/trips': listAnswer('trips', [
      activeTrip(31, 'requested', 3),
      activeTrip(32, 'requested', 1),
      activeTrip(33, 'in_progress', 20),
    ]),
    'POST /api/trip/trips': { status: 201, json: activeTrip(901, 'requested', 0) },
    'GET /api/trip/dispatcher/nearest-drivers': (request) => ({
      json: {
        data:
          request.query.get('vehicleTypeId') === '3'
            ? [nearDriver(40, 'Otieno Kamau', 0.8), nearDriver(41, 'Wairimu Achieng', 1.6)]
            : [],
      },
    }),
    'GET /api/trip/dispatcher/driver-cards': (request) => ({
      json: { data: (request.query.get('ids') ?? '').split(',').flatMap((id) => (CARDS[id] ? [CARDS[id]] : [])) },
    }),
    'GET /api/trip/dispatcher/route': {
      json: {
        data: {
          coordinates: [
            [36.7878, -1.2926],
            [36.79, -1.28],
            [36.8026, -1.2612],
          ],
          polyline: 'x',
        },
      },
    },
    ...overrides,
  };
}

const phoneInput = () => screen.findByRole('combobox', { name: 'Passenger phone' });

async function pickPlace(user: ReturnType<typeof renderApp>['user'], label: string, typed: string, option: string) {
  const input = screen.getByRole('combobox', { name: label });
  await user.click(input);
  await user.type(input, typed);
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('dispatcher booking', () => {
  it('books an existing passenger from the keyboard: autocomplete, places, arrow keys, Ctrl+Enter', async () => {
    const { user, api } = renderApp('/dispatcher', { session: sessionOf(booker), api: server() });
    expect(await screen.findByText('F2 phone · ↑↓ choose · Ctrl+Enter book · Esc clear')).toBeInTheDocument();
    const phone = await phoneInput();
    await user.type(phone, '0712345');
    // Busy until the answer for the whole number is in (an earlier answer's options may show meanwhile).
    await waitFor(() => expect(phone).toHaveAttribute('aria-busy', 'false'));
    const option = await screen.findByRole('option', { name: /Amina Njeri/ });
    expect(option).toHaveTextContent('+254712345678 · 12 trips, last 3 d ago');
    // Not a new caller while a known one may be meant.
    expect(screen.queryByRole('textbox', { name: 'First name' })).not.toBeInTheDocument();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(await screen.findByText(/Amina Njeri · 12 trips/)).toBeInTheDocument();
    // The search asked with the stored form's digits.
    expect(JSON.parse(api.to('GET /api/user/passengers').at(-1)!.query.get('filter')!)).toEqual({ q: '254712345' });

    await pickPlace(user, 'Pickup', 'yaya', 'Yaya Centre, Kilimani');
    await pickPlace(user, 'Drop-off', 'sarit', 'Sarit Centre, Westlands');
    const list = await screen.findByRole('listbox', { name: /Vehicle type/ });
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(3));
    // The caller's last type is chosen (not the first by name, a motorbike); the arrow keys move;
    // availability shows where the feed has it.
    await waitFor(() => expect(within(list).getByRole('option', { selected: true })).toHaveTextContent('Economy'));
    expect(within(list).getByRole('option', { name: /Economy/ })).toHaveTextContent('Nearest 4 min · 4 available');
    list.focus();
    await user.keyboard('{ArrowUp}');
    expect(within(list).getByRole('option', { selected: true })).toHaveTextContent('Boda');
    await user.keyboard('{ArrowDown}');
    expect(within(list).getByRole('option', { selected: true })).toHaveTextContent('Economy');
    expect(api.to('POST /api/trip/fare-estimates')[0].body).toEqual({
      pickup: { lat: -1.2926, lng: 36.7878 },
      dropoff: { lat: -1.2612, lng: 36.8026 },
      passengerId: 7,
    });

    await user.type(screen.getByRole('textbox', { name: 'Note for the driver' }), 'Gate B');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(await screen.findByText('Trip #901 booked; offers go to the nearest drivers.')).toBeInTheDocument();
    expect(api.to('POST /api/trip/trips')[0].body).toEqual({
      passengerId: 7,
      vehicleTypeId: 3,
      pickupAddress: 'Yaya Centre, Kilimani',
      pickupLat: -1.2926,
      pickupLng: 36.7878,
      dropoffAddress: 'Sarit Centre, Westlands',
      dropoffLat: -1.2612,
      dropoffLng: 36.8026,
      paymentMethod: 'cash',
      discountCode: null,
      driverNote: 'Gate B',
      // Booked for now, not for later (issue 32).
      scheduledAt: null,
    });
    // Cleared for the next caller.
    await waitFor(() => expect(phone).toHaveValue(''));
  });

  it("books for later with a pickup time typed day first on the city's clock", async () => {
    const { user, api } = renderApp('/dispatcher', { session: sessionOf(booker), api: server() });
    const phone = await phoneInput();
    await user.type(phone, '0712345');
    await screen.findByRole('option', { name: /Amina Njeri/ });
    await user.keyboard('{ArrowDown}{Enter}');
    await pickPlace(user, 'Pickup', 'yaya', 'Yaya Centre, Kilimani');
    await pickPlace(user, 'Drop-off', 'sarit', 'Sarit Centre, Westlands');
    const list = await screen.findByRole('listbox', { name: /Vehicle type/ });
    await waitFor(() => expect(within(list).getByRole('option', { selected: true })).toHaveTextContent('Economy'));
    const tomorrow = addDays(localDay(new Date(), CITY.timeZone), 1);
    const [year, month, day] = tomorrow.split('-');
    await typeDate(user, 'Pickup time', `${day}${month}${year}0830`);
    expect(shownDate('Pickup time')).toBe(`${day}/${month}/${year}, 08:30`);
    expect(
      await screen.findByText('Booked for later: offers go out shortly before pickup; the fares are at that time.'),
    ).toBeInTheDocument();
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(api.to('POST /api/trip/trips')).toHaveLength(1));
    // 08:30 in Nairobi (UTC+3), whatever the browser's zone.
    expect(api.to('POST /api/trip/trips')[0].body).toMatchObject({ scheduledAt: `${tomorrow}T05:30:00.000Z` });
  });

  it('for a later pickup shows each type’s fare at that time with its surge, and no live ETA', async () => {
    const { user, api } = renderApp('/dispatcher', {
      session: sessionOf(booker),
      api: server({
        'POST /api/trip/fare-estimates': (request) => {
          const later = Boolean((request.body as { at?: string }).at);
          const surge = later ? 1.3 : 1;
          return {
            json: {
              data: [fare(1, 'Boda', 250 * surge), fare(3, 'Economy', 720 * surge)].map((f) => ({
                ...f,
                surgeMultiplier: surge,
              })),
            },
          };
        },
      }),
    });
    const phone = await phoneInput();
    await user.type(phone, '0712345');
    await screen.findByRole('option', { name: /Amina Njeri/ });
    await user.keyboard('{ArrowDown}{Enter}');
    await pickPlace(user, 'Pickup', 'yaya', 'Yaya Centre, Kilimani');
    await pickPlace(user, 'Drop-off', 'sarit', 'Sarit Centre, Westlands');
    // The list is drawn again once the fares at the pickup time are quoted: looked up each time.
    const list = () => screen.getByRole('listbox', { name: /Vehicle type/ });
    const economy = () => within(list()).getByRole('option', { name: /^Economy/ });
    await waitFor(() => expect(economy()).toHaveTextContent('Nearest 4 min · 4 available'));
    const asked = api.to('GET /api/trip/dispatcher/availability').length;

    const tomorrow = addDays(localDay(new Date(), CITY.timeZone), 1);
    const [year, month, day] = tomorrow.split('-');
    await typeDate(user, 'Pickup time', `${day}${month}${year}0830`);
    await waitFor(() => expect(economy()).toHaveTextContent(money(936)));
    expect(economy()).toHaveTextContent('Fare at 08:30 · surge ×1.3');
    expect(within(list()).getByRole('option', { name: /^Boda/ })).toHaveTextContent('Fare at 08:30 · surge ×1.3');
    expect(list()).not.toHaveTextContent(/Nearest|available/);
    // Who is near now is not asked for again while the booking is for later.
    expect(api.to('GET /api/trip/dispatcher/availability')).toHaveLength(asked);
  });

  it('asks a new caller for the name and sends them with the booking; shows the server’s field errors', async () => {
    const { user, api } = renderApp('/dispatcher', {
      session: sessionOf(booker),
      api: server({
        'POST /api/trip/trips': {
          status: 400,
          json: {
            message: 'Please correct the highlighted fields',
            errors: { pickupLat: 'The pickup is outside the service area' },
          },
        },
      }),
    });
    // The caller's number as Kenyans say it: the national format, sent in E.164.
    await user.type(await phoneInput(), '0799 123 456');
    expect(
      await screen.findByText('New caller: enter the name, the passenger is created with the booking.'),
    ).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Wanjiru');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Kamau');
    await pickPlace(user, 'Pickup', 'yaya', 'Yaya Centre, Kilimani');
    await pickPlace(user, 'Drop-off', 'sarit', 'Sarit Centre, Westlands');
    await screen.findByRole('listbox', { name: /Vehicle type/ });
    await user.click(screen.getByRole('button', { name: 'Book (Ctrl+Enter)' }));
    // The error sits under the wrong field, which takes the focus.
    const pickup = screen.getByRole('combobox', { name: 'Pickup' });
    expect(await screen.findByText('The pickup is outside the service area')).toBeInTheDocument();
    expect(pickup).toHaveAccessibleDescription('The pickup is outside the service area');
    await waitFor(() => expect(pickup).toHaveFocus());
    expect(api.to('POST /api/trip/trips')[0].body).toMatchObject({
      passenger: { firstName: 'Wanjiru', lastName: 'Kamau', phone: '+254799123456' },
    });
  });

  it('puts each field the server refuses under it, by the name the server gives (the new caller’s number, the pickup time)', async () => {
    let refusals = 0;
    const { user, api } = renderApp('/dispatcher', {
      session: sessionOf(booker),
      api: server({
        // The number is refused the first time only.
        'POST /api/trip/trips': () => ({
          status: 400,
          json: {
            message: 'Please correct the highlighted fields',
            errors: {
              ...(refusals++ === 0 ? { 'passenger.phone': 'Another passenger has this phone number' } : {}),
              scheduledAt: 'The pickup time must be in the future',
            },
          },
        }),
      }),
    });
    const phone = await phoneInput();
    await user.type(phone, '0799 123 456');
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Wanjiru');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Kamau');
    await pickPlace(user, 'Pickup', 'yaya', 'Yaya Centre, Kilimani');
    await pickPlace(user, 'Drop-off', 'sarit', 'Sarit Centre, Westlands');
    await screen.findByRole('listbox', { name: /Vehicle type/ });
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(phone).toHaveAccessibleDescription('Another passenger has this phone number'));
    expect(screen.getByText('The pickup time must be in the future')).toBeInTheDocument();
    // The first refused field takes the focus; nothing was cleared.
    await waitFor(() => expect(phone).toHaveFocus());
    expect(screen.getByRole('combobox', { name: 'Pickup' })).toHaveValue('Yaya Centre, Kilimani');
    expect(api.to('POST /api/trip/trips')).toHaveLength(1);
    // A new number takes the phone's message away; the pickup time's stays until it changes.
    await user.type(phone, '{Backspace}7');
    await waitFor(() => expect(screen.queryByText('Another passenger has this phone number')).not.toBeInTheDocument());
    expect(screen.getByText('The pickup time must be in the future')).toBeInTheDocument();
    // Refused again for the pickup time alone: that field takes the focus.
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(api.to('POST /api/trip/trips')).toHaveLength(2));
    await waitFor(() =>
      expect(screen.getByTestId('booking-pickup-time')).toContainElement(document.activeElement as HTMLElement),
    );
  });

  it('Ctrl+Enter on an unfinished booking says what is missing under that field and focuses it', async () => {
    const { user } = renderApp('/dispatcher', { session: sessionOf(booker), api: server() });
    const phone = await phoneInput();
    await user.type(phone, '0712 55');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(phone).toHaveAccessibleDescription('Enter a phone number, such as 0712 345 678 or +254 712 345 678');
    await user.type(phone, '5019');
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Wanjiru');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Kamau');
    await user.keyboard('{Control>}{Enter}{/Control}');
    const pickup = screen.getByRole('combobox', { name: 'Pickup' });
    await waitFor(() => expect(pickup).toHaveFocus());
    expect(pickup).toHaveAccessibleDescription('Choose the pickup');
  });

  it('refuses a blocked passenger with the reason, and an expired code as typed', async () => {
    const { user, api } = renderApp('/dispatcher', { session: sessionOf(booker), api: server() });
    await user.type(await phoneInput(), '0700000001');
    await user.click(await screen.findByRole('option', { name: /Brian Otieno/ }));
    expect(
      await screen.findByText('This passenger is blocked and cannot be booked: Abusive to drivers'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Book (Ctrl+Enter)' })).toBeDisabled();
    await pickPlace(user, 'Pickup', 'yaya', 'Yaya Centre, Kilimani');
    await pickPlace(user, 'Drop-off', 'sarit', 'Sarit Centre, Westlands');
    await user.type(screen.getByRole('textbox', { name: 'Discount code' }), 'old');
    expect(await screen.findByText('This discount code has expired')).toBeInTheDocument();
    // The plain fares stay.
    expect(within(screen.getByRole('listbox', { name: /Vehicle type/ })).getAllByRole('option')).toHaveLength(3);
    // Ctrl+Enter sends nothing and says why.
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(await screen.findByTestId('booking-error')).toHaveTextContent(
      'Complete the passenger, pickup, drop-off and vehicle type first.',
    );
    // Esc clears everything.
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Discount code' }), { key: 'Escape' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Pickup' })).toHaveValue(''));
    expect(screen.queryByText(/This passenger is blocked/)).not.toBeInTheDocument();
    expect(screen.queryByTestId('booking-error')).not.toBeInTheDocument();
    expect(api.to('POST /api/trip/trips')).toHaveLength(0);
  });

  it('checks a discount code as typed and shows each type’s discounted fare next to the plain one, then books with it', async () => {
    const { user, api } = renderApp('/dispatcher', { session: sessionOf(booker), api: server() });
    await user.type(await phoneInput(), '0712345');
    await user.click(await screen.findByRole('option', { name: /Amina Njeri/ }));
    await pickPlace(user, 'Pickup', 'yaya', 'Yaya Centre, Kilimani');
    await pickPlace(user, 'Drop-off', 'sarit', 'Sarit Centre, Westlands');
    const list = await screen.findByRole('listbox', { name: /Vehicle type/ });
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(3));
    expect(within(list).getByRole('option', { name: /Economy/ })).toHaveTextContent(money(720));
    await user.type(screen.getByRole('textbox', { name: 'Discount code' }), 'karibu');
    expect(await screen.findByText('Code applied to the fares')).toBeInTheDocument();
    // The code was checked with the passenger (a code's per-passenger limit) and the trip's points.
    expect(api.to('POST /api/trip/fare-estimates').at(-1)!.body).toMatchObject({
      discountCode: 'KARIBU',
      passengerId: 7,
    });
    const economy = within(list).getByRole('option', { name: /Economy/ });
    await waitFor(() => expect(economy).toHaveTextContent(money(648)));
    // The plain fare stays beside it, struck through.
    const before = within(economy).getByText(money(720));
    expect(before).toHaveStyle({ textDecoration: 'line-through' });
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(await screen.findByText('Trip #901 booked; offers go to the nearest drivers.')).toBeInTheDocument();
    expect(api.to('POST /api/trip/trips')[0].body).toMatchObject({ discountCode: 'KARIBU' });
  });

  it("shows each fare's zone effect: a fixed fare between zones, or a zone's surge (issue 32)", async () => {
    const zoned = {
      json: {
        data: [
          { ...fare(1, 'Boda', 300), surgeMultiplier: 1.2, zones: ['Westlands'], zoneSurge: 0.2, fixedFare: null },
          {
            ...fare(3, 'Economy', 2500),
            zones: ['JKIA'],
            zoneSurge: 0,
            fixedFare: { id: 5, amount: 2500, name: 'JKIA → CBD' },
          },
          { ...fare(4, 'Comfort', 950), zones: [], zoneSurge: 0, fixedFare: null },
        ],
      },
    };
    const { user } = renderApp('/dispatcher', {
      session: sessionOf(booker),
      api: server({ 'POST /api/trip/fare-estimates': zoned }),
    });
    await phoneInput();
    await pickPlace(user, 'Pickup', 'yaya', 'Yaya Centre, Kilimani');
    await pickPlace(user, 'Drop-off', 'sarit', 'Sarit Centre, Westlands');
    const list = await screen.findByRole('listbox', { name: /Vehicle type/ });
    const option = (name: RegExp) => within(list).getByRole('option', { name });
    await waitFor(() => expect(option(/Economy/)).toHaveTextContent('Fixed fare JKIA → CBD'));
    expect(option(/Boda/)).toHaveTextContent('Zone surge ×1.2 — Westlands');
    expect(option(/Comfort/)).not.toHaveTextContent(/Zone surge|Fixed fare/);
  });

  it('lists the nearest drivers of the chosen type; the arrow keys pick one, who is assigned right after booking', async () => {
    const { user, api } = renderApp('/dispatcher', { session: sessionOf(booker), api: server() });
    await user.type(await phoneInput(), '0712345');
    await user.click(await screen.findByRole('option', { name: /Amina Njeri/ }));
    await pickPlace(user, 'Pickup', 'yaya', 'Yaya Centre, Kilimani');
    await pickPlace(user, 'Drop-off', 'sarit', 'Sarit Centre, Westlands');
    const vehicles = await screen.findByRole('listbox', { name: /Vehicle type/ });
    await waitFor(() => expect(within(vehicles).getAllByRole('option')).toHaveLength(3));
    await waitFor(() => expect(within(vehicles).getByRole('option', { selected: true })).toHaveTextContent('Economy'));
    vehicles.focus();
    // Boda has nobody near: the list says so and offers stay automatic.
    await user.keyboard('{ArrowUp}');
    const nearest = await screen.findByRole('listbox', { name: /Nearest drivers/ });
    expect(await screen.findByTestId('booking-nearest-state')).toHaveTextContent(
      'No available driver of this type nearby: offers go out as drivers come online.',
    );
    expect(within(nearest).getByRole('option', { selected: true })).toHaveTextContent('Automatic offers');
    vehicles.focus();
    await user.keyboard('{ArrowDown}');
    // Economy: two drivers, nearest first, with distance, ETA, rating and vehicle.
    await waitFor(() => expect(within(nearest).getAllByRole('option')).toHaveLength(3));
    const [, first, second] = within(nearest).getAllByRole('option');
    expect(first).toHaveTextContent('Otieno Kamau');
    expect(first).toHaveTextContent('0.8 km · 2 min');
    expect(first).toHaveTextContent('★ 4.8 · KDA 400A · Toyota Axio · white');
    expect(second).toHaveTextContent('Wairimu Achieng');
    const asked = api.to('GET /api/trip/dispatcher/nearest-drivers').at(-1)!.query;
    expect(Object.fromEntries(asked)).toEqual({ lat: '-1.2926', lng: '36.7878', vehicleTypeId: '3', limit: '5' });

    nearest.focus();
    await user.keyboard('{ArrowDown}');
    expect(within(nearest).getByRole('option', { selected: true })).toHaveTextContent('Otieno Kamau');
    expect(nearest).toHaveAttribute('aria-activedescendant', 'booking-driver-40');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    // Past the last driver it wraps to the automatic offers, then on to the first driver.
    expect(within(nearest).getByRole('option', { selected: true })).toHaveTextContent('Otieno Kamau');
    expect(screen.getByTestId('booking-driver')).toHaveTextContent('Will be assigned to Otieno Kamau once booked.');

    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(api.to('POST /api/trip/trips/901/assign')).toHaveLength(1));
    expect(api.to('POST /api/trip/trips/901/assign')[0].body).toEqual({ driverId: 40 });
    expect(api.to('POST /api/trip/trips')[0].body).toMatchObject({ passengerId: 7, vehicleTypeId: 3 });
  });

  it('books with automatic offers when the arrow keys come back to them', async () => {
    const { user, api } = renderApp('/dispatcher', { session: sessionOf(booker), api: server() });
    await user.type(await phoneInput(), '0712345');
    await user.click(await screen.findByRole('option', { name: /Amina Njeri/ }));
    await pickPlace(user, 'Pickup', 'yaya', 'Yaya Centre, Kilimani');
    await pickPlace(user, 'Drop-off', 'sarit', 'Sarit Centre, Westlands');
    await user.click(await screen.findByRole('option', { name: /Economy/ }));
    const nearest = await screen.findByRole('listbox', { name: /Nearest drivers/ });
    await waitFor(() => expect(within(nearest).getAllByRole('option')).toHaveLength(3));
    nearest.focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByTestId('booking-driver')).toBeInTheDocument();
    await user.keyboard('{ArrowUp}');
    expect(within(nearest).getByRole('option', { selected: true })).toHaveTextContent('Automatic offers');
    expect(screen.queryByTestId('booking-driver')).not.toBeInTheDocument();
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(await screen.findByText('Trip #901 booked; offers go to the nearest drivers.')).toBeInTheDocument();
    expect(api.to('POST /api/trip/trips/901/assign')).toHaveLength(0);
  });

  it('names a point picked on the map after the nearest place', async () => {
    const { user, api } = renderApp('/dispatcher', {
      session: sessionOf(booker),
      api: server({
        'GET /api/trip/dispatcher/place-near': {
          json: { data: { address: 'near Yaya Centre, Kilimani', label: 'near Yaya Centre', distanceKm: 0.08 } },
        },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Pick the pickup on the map' }));
    expect(await screen.findByTestId('picking-notice')).toHaveTextContent(
      'Click the map to set the pickup. Esc cancels.',
    );
    await user.click(screen.getByRole('button', { name: 'the map near Yaya Centre' }));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Pickup' })).toHaveValue('near Yaya Centre, Kilimani'),
    );
    expect(Object.fromEntries(api.to('GET /api/trip/dispatcher/place-near')[0].query)).toEqual({
      lat: '-1.293010',
      lng: '36.788390',
    });
    expect(screen.queryByTestId('picking-notice')).not.toBeInTheDocument();
  });

  it('asks the server for the booking’s route shape once both points are set', async () => {
    const { user, api } = renderApp('/dispatcher', { session: sessionOf(booker), api: server() });
    await pickPlace(user, 'Pickup', 'yaya', 'Yaya Centre, Kilimani');
    await pickPlace(user, 'Drop-off', 'sarit', 'Sarit Centre, Westlands');
    await waitFor(() => expect(api.to('GET /api/trip/dispatcher/route')).toHaveLength(1));
    expect(Object.fromEntries(api.to('GET /api/trip/dispatcher/route')[0].query)).toEqual({
      from: '-1.2926,36.7878',
      to: '-1.2612,36.8026',
    });
  });

  it('starts a new call on F2: the half-filled booking is cleared and the phone takes the new digits', async () => {
    const { user } = renderApp('/dispatcher', { session: sessionOf(booker), api: server() });
    const phone = await phoneInput();
    await user.type(phone, '0799');
    await pickPlace(user, 'Pickup', 'yaya', 'Yaya Centre, Kilimani');
    expect(screen.getByRole('combobox', { name: 'Pickup' })).toHaveValue('Yaya Centre, Kilimani');
    await user.keyboard('{F2}');
    await waitFor(() => expect(phone).toHaveFocus());
    expect(phone).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Pickup' })).toHaveValue('');
    await user.keyboard('0712345');
    expect(phone).toHaveValue('0712345');
  });

  it('tells a role without create-Trip that it may not book', async () => {
    renderApp('/dispatcher', { session: sessionOf(dispatcherProfile), api: server() });
    expect(await screen.findByText('Your role may not book trips.')).toBeInTheDocument();
  });
});

describe('dispatcher live feed and board', () => {
  it('loads the snapshot, watches the box, applies driverPositions, and says when the socket drops', async () => {
    const { sockets, api } = renderApp('/dispatcher', { session: sessionOf(booker), api: server() });
    const legend = await screen.findByTestId('map-legend');
    await waitFor(() => expect(legend).toHaveTextContent('Available · 1'));
    expect(legend).toHaveTextContent('On a trip · 1');
    expect(api.to('GET /api/trip/dispatcher/drivers')[0].query.get('bbox')).toBe('36.7,-1.37,36.95,-1.2');
    const socket = sockets.latest();
    await waitFor(() =>
      expect(socket.emitted).toContainEqual(['dispatcher:watch', { bbox: [36.7, -1.37, 36.95, -1.2] }]),
    );
    await waitFor(() => expect(socket.listening('driverPositions')).toBe(true));

    socket.serverSends('driverPositions', {
      at: new Date().toISOString(),
      moved: [liveDriver(1, 'en_route', new Date(Date.now() + 1000).toISOString()), liveDriver(3, 'available')],
      gone: [2],
    });
    await waitFor(() => expect(legend).toHaveTextContent('En route to pickup · 1'));
    expect(legend).toHaveTextContent('Available · 1');
    expect(legend).toHaveTextContent('On a trip · 0');

    socket.serverSends('disconnect', 'transport close');
    expect(await screen.findByTestId('socket-down')).toHaveTextContent(
      'Live connection lost: positions are refreshed every 5 seconds until it is back.',
    );
    // Back: the watch is sent again and the notice goes.
    const watches = socket.emitted.filter(([event]) => event === 'dispatcher:watch').length;
    socket.serverSends('connect');
    await waitFor(() => expect(screen.queryByTestId('socket-down')).not.toBeInTheDocument());
    expect(socket.emitted.filter(([event]) => event === 'dispatcher:watch').length).toBe(watches + 1);
  });

  it('opens a driver’s card from the map: name, vehicle, rating, state, trip; follows them and assigns them to the booking', async () => {
    const { user, sockets } = renderApp('/dispatcher', {
      session: sessionOf(booker),
      api: server({
        'GET /api/trip/dispatcher/drivers': {
          json: { data: [liveDriver(1, 'available'), { ...liveDriver(2, 'on_trip'), tripId: 33 }] },
        },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'driver 1' }));
    const card = await screen.findByTestId('driver-card');
    expect(await within(card).findByRole('heading', { name: 'Kamau Mwangi' })).toBeInTheDocument();
    expect(card).toHaveTextContent('Economy · Toyota Fielder · silver · KDB 101X');
    expect(card).toHaveTextContent('★ 4.6');
    expect(card).toHaveTextContent('Available');
    expect(within(card).getByRole('link', { name: '+254711000001' })).toHaveAttribute('href', 'tel:+254711000001');

    // Follow: the map centres on the driver and stays with them as positions arrive.
    const map = screen.getByTestId('fake-live-map');
    await user.click(within(card).getByRole('button', { name: 'Follow' }));
    expect(within(card).getByRole('button', { name: 'Stop following' })).toHaveAttribute('aria-pressed', 'true');
    expect(map).toHaveAttribute('data-focus', '-1.29,36.8');
    const socket = sockets.latest();
    await waitFor(() => expect(socket.listening('driverPositions')).toBe(true));
    const later = new Date(Date.now() + 1000).toISOString();
    socket.serverSends('driverPositions', {
      at: later,
      moved: [{ ...liveDriver(1, 'available', later), lat: -1.3, lng: 36.81 }],
      gone: [],
    });
    await waitFor(() => expect(map).toHaveAttribute('data-focus', '-1.3,36.81'));

    // Assign to the booking being taken: the booking says so, the card too.
    await user.click(within(card).getByRole('button', { name: 'Assign to the booking' }));
    expect(screen.getByTestId('booking-driver')).toHaveTextContent('Will be assigned to Kamau Mwangi once booked.');
    expect(within(card).getByRole('button', { name: 'Assigned to the booking' })).toBeDisabled();

    // A driver on a trip: the card links to the trip, and the driver cannot be given the booking.
    await user.click(screen.getByRole('button', { name: 'driver 2' }));
    const other = await screen.findByTestId('driver-card');
    expect(other).toHaveTextContent('On a trip');
    expect(within(other).getByRole('link', { name: 'Open trip #33' }).getAttribute('href')).toMatch(/\/trips\/33$/);
    expect(within(other).getByRole('button', { name: 'Assign to the booking' })).toBeDisabled();
    // Another driver's card stops following the first: the map no longer moves with them.
    expect(within(other).getByRole('button', { name: 'Follow' })).toHaveAttribute('aria-pressed', 'false');
    const after = new Date(Date.now() + 2000).toISOString();
    socket.serverSends('driverPositions', {
      at: after,
      moved: [{ ...liveDriver(1, 'en_route', after), lat: -1.31, lng: 36.82 }],
      gone: [],
    });
    await waitFor(() => expect(screen.getByTestId('map-legend')).toHaveTextContent('En route to pickup · 1'));
    expect(map).not.toHaveAttribute('data-focus', '-1.31,36.82');
  });

  it('rings a driver whose trip left the service area on the map, with a legend entry and a line on the card (issue 32)', async () => {
    const { user, sockets } = renderApp('/dispatcher', {
      session: sessionOf(booker),
      api: server({
        'GET /api/trip/dispatcher/drivers': {
          json: { data: [liveDriver(1, 'available'), { ...liveDriver(40, 'on_trip'), tripId: 33 }] },
        },
        'GET /api/trip/trips': listAnswer('trips', [
          activeTrip(31, 'requested', 3),
          { ...activeTrip(33, 'in_progress', 20), leftAreaAt: new Date().toISOString() },
        ]),
      }),
    });
    const flagged = await screen.findByRole('button', { name: 'driver 40' });
    await waitFor(() => expect(flagged).toHaveAttribute('data-flagged', 'true'));
    expect(screen.getByRole('button', { name: 'driver 1' })).toHaveAttribute('data-flagged', 'false');
    expect(screen.getByTestId('map-legend')).toHaveTextContent('Outside the service area · 1');
    await user.click(flagged);
    const card = await screen.findByTestId('driver-card');
    expect(within(card).getByTestId('driver-outside-area')).toHaveTextContent('Outside the service area');

    // Back inside: the trip's update clears the ring, the legend entry and the card's line.
    const socket = sockets.latest();
    await waitFor(() => expect(socket.listening('tripUpdated')).toBe(true));
    socket.serverSends('tripUpdated', {
      id: 33,
      status: 'in_progress',
      previousStatus: 'in_progress',
      driverId: 40,
      passengerId: 7,
      vehicleTypeId: 3,
      at: new Date().toISOString(),
      leftAreaAt: null,
    });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'driver 40' })).toHaveAttribute('data-flagged', 'false'),
    );
    expect(screen.queryByTestId('legend-outside-area')).not.toBeInTheDocument();
    expect(within(card).queryByTestId('driver-outside-area')).not.toBeInTheDocument();
  });

  it('says so when the feed is not served', async () => {
    renderApp('/dispatcher', {
      session: sessionOf(booker),
      api: server({ 'GET /api/trip/dispatcher/drivers': { status: 404, json: { message: 'Not Found' } } }),
    });
    expect(await screen.findByTestId('feed-unavailable')).toHaveTextContent(
      'Live driver positions are not available from the server.',
    );
  });

  it('puts active trips in columns, the long wait in red, and follows tripUpdated', async () => {
    const { sockets, user } = renderApp('/dispatcher', { session: sessionOf(booker), api: server() });
    const waiting = await screen.findByTestId('board-waiting');
    await waitFor(() => expect(within(waiting).getAllByRole('button')).toHaveLength(2));
    expect(within(screen.getByTestId('board-on_trip')).getByTestId('board-trip-33')).toBeInTheDocument();
    // Trip 31 waits 3 minutes (red), trip 32 one minute.
    expect(within(waiting).getAllByTestId('board-late')).toHaveLength(1);
    expect(within(screen.getByTestId('board-trip-31')).getByTestId('board-late')).toHaveTextContent(/^3:0\d$/);

    const socket = sockets.latest();
    await waitFor(() => expect(socket.listening('tripUpdated')).toBe(true));
    socket.serverSends('tripUpdated', {
      id: 32,
      status: 'requested',
      previousStatus: 'requested',
      driverId: null,
      passengerId: 7,
      vehicleTypeId: 3,
      at: new Date().toISOString(),
      offeredDriverId: 40,
    });
    await waitFor(() =>
      expect(within(screen.getByTestId('board-offered')).getByTestId('board-trip-32')).toBeInTheDocument(),
    );
    // The offered driver's name comes from the dispatcher's driver cards (this role has no view-Driver).
    await waitFor(() =>
      expect(within(screen.getByTestId('board-trip-32')).getByTestId('board-offered-to')).toHaveTextContent(
        'Offered to Otieno Kamau',
      ),
    );
    socket.serverSends('tripUpdated', {
      id: 33,
      status: 'completed',
      previousStatus: 'in_progress',
      driverId: 40,
      passengerId: 7,
      vehicleTypeId: 3,
      at: new Date().toISOString(),
    });
    await waitFor(() => expect(screen.queryByTestId('board-trip-33')).not.toBeInTheDocument());

    await user.click(screen.getByTestId('board-trip-31'));
    expect(await screen.findByTestId('trip-card')).toBeInTheDocument();
  });

  it('shows the pickup time on the card of a ride booked for later until the passenger is on board', async () => {
    const later = (id: number, status: string) => ({
      ...activeTrip(id, status, 60),
      scheduledAt: '2026-12-08T04:30:00.000Z',
    });
    renderApp('/dispatcher', {
      session: sessionOf(booker),
      api: server({
        'GET /api/trip/trips': listAnswer('trips', [
          later(51, 'scheduled'),
          later(52, 'accepted'),
          later(53, 'in_progress'),
          activeTrip(54, 'accepted', 5),
        ]),
      }),
    });
    const card = async (id: number) => screen.findByTestId(`board-trip-${id}`);
    // 04:30 UTC is 07:30 in Nairobi.
    expect(within(await card(51)).getByTestId('board-pickup-at')).toHaveTextContent('Pickup 8 Dec, 07:30');
    expect(within(await card(52)).getByTestId('board-pickup-at')).toHaveTextContent('Pickup 8 Dec, 07:30');
    expect(within(await card(53)).queryByTestId('board-pickup-at')).toBeNull();
    expect(within(await card(54)).queryByTestId('board-pickup-at')).toBeNull();
  });

  it('keeps a trip being offered in the offered column when the list is read again (a reload, a new trip)', async () => {
    const offered = { ...activeTrip(34, 'requested', 1), offeredDriverId: 40 };
    const { sockets, api } = renderApp('/dispatcher', {
      session: sessionOf(booker),
      api: server({ 'GET /api/trip/trips': listAnswer('trips', [activeTrip(31, 'requested', 3), offered]) }),
    });
    const column = await screen.findByTestId('board-offered');
    await waitFor(() => expect(within(column).getByTestId('board-trip-34')).toBeInTheDocument());
    await waitFor(() =>
      expect(within(screen.getByTestId('board-trip-34')).getByTestId('board-offered-to')).toHaveTextContent(
        'Offered to Otieno Kamau',
      ),
    );
    // A trip the board does not know makes it read the list again: the offer is still shown.
    const socket = sockets.latest();
    await waitFor(() => expect(socket.listening('tripUpdated')).toBe(true));
    socket.serverSends('tripUpdated', {
      id: 35,
      status: 'requested',
      previousStatus: null,
      driverId: null,
      passengerId: 7,
      vehicleTypeId: 3,
      at: new Date().toISOString(),
    });
    await waitFor(() => expect(api.to('GET /api/trip/trips')).toHaveLength(2));
    await waitFor(() => expect(within(screen.getByTestId('board-waiting')).getAllByRole('button')).toHaveLength(1));
    expect(within(screen.getByTestId('board-offered')).getByTestId('board-trip-34')).toBeInTheDocument();
  });

  it('opens a trip’s card with the driver’s phone to call, for a role that may not read drivers', async () => {
    const trip = activeTrip(33, 'in_progress', 20);
    const { user } = renderApp('/dispatcher', {
      session: sessionOf(booker),
      api: server({
        'GET /api/trip/trips/33': {
          json: { ...trip, vehicleTypeName: 'Economy', fareTotal: 720, paymentMethod: 'cash' },
        },
        'GET /api/user/passengers/7': { json: amina },
      }),
    });
    await user.click(await screen.findByTestId('board-trip-33'));
    const card = await screen.findByTestId('trip-card');
    expect(await within(card).findByRole('link', { name: 'Call Otieno Kamau' })).toHaveAttribute(
      'href',
      'tel:+254700000040',
    );
    expect(within(card).getByRole('link', { name: 'Call Amina Njeri' })).toHaveAttribute('href', 'tel:+254712345678');
    // Under way, the trip can be neither reassigned nor cancelled (the state machine's rule).
    expect(within(card).queryByRole('button', { name: 'Reassign driver' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Cancel trip' })).not.toBeInTheDocument();
  });

  it('keeps the open trip card live: an offer, then the driver who accepted', async () => {
    const base = { ...activeTrip(31, 'requested', 3), vehicleTypeId: 3, vehicleTypeName: 'Economy', fareTotal: 720 };
    let record: object = { ...base, paymentMethod: 'cash', offeredDriverId: null };
    const { user, sockets } = renderApp('/dispatcher', {
      session: sessionOf(booker),
      api: server({
        'GET /api/trip/trips/31': () => ({ json: record }),
        'GET /api/user/passengers/7': { json: amina },
      }),
    });
    await user.click(await screen.findByTestId('board-trip-31'));
    const card = await screen.findByTestId('trip-card');
    expect(await within(card).findByText(/Driver: none yet/)).toBeInTheDocument();
    const socket = sockets.latest();
    await waitFor(() => expect(socket.listening('tripUpdated')).toBe(true));
    const update = { id: 31, passengerId: 7, vehicleTypeId: 3, at: new Date().toISOString() };

    record = { ...record, offeredDriverId: 40 };
    socket.serverSends('tripUpdated', {
      ...update,
      status: 'requested',
      previousStatus: 'requested',
      driverId: null,
      offeredDriverId: 40,
    });
    expect(await within(card).findByText('Driver: none yet · Offered to Otieno Kamau')).toBeInTheDocument();

    record = { ...record, status: 'accepted', driverId: 40, driverName: 'Otieno Kamau', offeredDriverId: null };
    socket.serverSends('tripUpdated', { ...update, status: 'accepted', previousStatus: 'requested', driverId: 40 });
    expect(await within(card).findByText('Driver: Otieno Kamau')).toBeInTheDocument();
    expect(await within(card).findByRole('link', { name: 'Call Otieno Kamau' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Reassign driver' })).toBeInTheDocument();
  });

  it('offers to reassign and cancel a trip whose driver is on the way, from its card', async () => {
    const trip = { ...activeTrip(36, 'accepted', 4), vehicleTypeId: 3, vehicleTypeName: 'Economy', fareTotal: 720 };
    const { user } = renderApp('/dispatcher', {
      session: sessionOf(booker),
      api: server({
        'GET /api/trip/trips': listAnswer('trips', [trip]),
        'GET /api/trip/trips/36': { json: { ...trip, paymentMethod: 'cash' } },
        'GET /api/user/passengers/7': { json: amina },
      }),
    });
    await user.click(await within(await screen.findByTestId('board-en_route')).findByTestId('board-trip-36'));
    const card = await screen.findByTestId('trip-card');
    expect(await within(card).findByRole('button', { name: 'Reassign driver' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Cancel trip' })).toBeInTheDocument();
  });
});
