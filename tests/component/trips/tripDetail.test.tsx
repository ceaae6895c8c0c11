import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTimeline } from '../../../src/domain/tripTimeline';
import { i18nProvider } from '../../../src/i18n/i18nProvider';
import { FareBreakdown } from '../../../src/resources/trips/FareBreakdown';
import { TripTimeline } from '../../../src/resources/trips/TripTimeline';
import { TripParties } from '../../../src/resources/trips/TripParties';
import type { Trip } from '../../../src/resources/trips/types';
import { dispatcherProfile, sessionOf, superAdminProfile } from '../../unit/support/staffFixtures';
import { renderKit } from '../kit/renderKit';
import { renderApp } from '../support/renderApp';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const at = (min: number) => new Date(Date.UTC(2026, 10, 24, 8, 0) + min * 60_000).toISOString();

describe('the trip timeline', () => {
  it('shows the steps a cancelled trip never reached as skipped, who cancelled, the reason and the times between', async () => {
    const entries = buildTimeline(
      {
        status: 'cancelled_by_driver',
        requestedAt: at(0),
        acceptedAt: at(3),
        arrivedAt: null,
        startedAt: null,
        completedAt: null,
        cancelledAt: at(10),
        driverId: 4,
        driverName: 'Otieno Kamau',
        passengerId: 7,
        passengerName: 'Amina Otieno',
        cancellationReason: 'Vehicle problem: flat tyre',
      },
      [],
    );
    renderKit(<TripTimeline entries={entries} />, { session: sessionOf(superAdminProfile) });
    const steps = screen.getAllByRole('listitem');
    expect(steps.map((s) => [s.dataset.step, s.dataset.state])).toEqual([
      ['requested', 'done'],
      ['accepted', 'done'],
      ['arrived', 'skipped'],
      ['started', 'skipped'],
      ['cancelled', 'done'],
    ]);
    expect(within(steps[2]).getByText('Skipped')).toBeInTheDocument();
    expect(within(steps[1]).getByTestId('step-since')).toHaveTextContent('3 min to accept');
    expect(within(steps[4]).getByTestId('step-since')).toHaveTextContent('7 min later');
    expect(within(steps[4]).getByText(/by the driver/)).toBeInTheDocument();
    expect(await within(steps[4]).findByRole('link', { name: 'Otieno Kamau' })).toHaveAttribute(
      'href',
      '/driver-management/drivers/4',
    );
    expect(within(steps[4]).getByTestId('cancel-reason')).toHaveTextContent('Reason: Vehicle problem: flat tyre');
    // Times in the city's zone (UTC+3).
    expect(steps[0]).toHaveTextContent('24 Nov 2026, 11:00:00');
  });
  it('shows an issue opened about the trip, linked to the issue, with its category and who opened it', async () => {
    const entries = buildTimeline(
      {
        status: 'completed',
        requestedAt: at(0),
        acceptedAt: at(3),
        arrivedAt: at(6),
        startedAt: at(8),
        completedAt: at(20),
        cancelledAt: null,
        driverId: 4,
        driverName: 'Otieno Kamau',
        passengerId: 7,
        passengerName: 'Amina Otieno',
        cancellationReason: null,
      },
      [
        {
          id: 9,
          at: at(30),
          kind: 'issue_opened',
          status: 'completed',
          actor: 'staff',
          staffId: 2,
          staffName: 'Jane Ops',
          driverId: null,
          driverName: null,
          note: 'fare_dispute',
          issueId: 57,
        },
      ],
    );
    renderKit(<TripTimeline entries={entries} />, { session: sessionOf(superAdminProfile) });
    const steps = screen.getAllByRole('listitem');
    expect(steps.map((s) => s.dataset.step)).toEqual([
      'requested',
      'accepted',
      'arrived',
      'started',
      'completed',
      'issue_opened',
    ]);
    const issue = steps[5];
    expect(within(issue).getByTestId('step-issue')).toHaveTextContent('Issue #57 opened: Fare dispute');
    expect(await within(issue).findByRole('link', { name: 'Issue #57' })).toHaveAttribute('href', '/issues/57');
    expect(await within(issue).findByRole('link', { name: 'Jane Ops' })).toHaveAttribute(
      'href',
      '/staff-management/staffs/2',
    );
    expect(within(issue).queryByTestId('step-since')).toBeNull();
  });
});

describe('the fare breakdown', () => {
  const trip = {
    status: 'completed' as const,
    fareBase: 100,
    fareDistance: 240.3,
    fareTime: 62.4,
    fareSurge: 80.54,
    fareMinimumTopUp: 0,
    fareDiscount: 48.32,
    fareTotal: 434.92,
    surgeMultiplier: 1.2,
    distanceKm: 8.01,
    durationMin: 26,
    cancellationFee: 0,
    commission: 65.24,
    discountCode: 'RAINY10',
    discountId: 3,
  };

  const amountOf = (testId: string) => {
    const text = screen.getByTestId(testId).textContent ?? '';
    return Number(text.replace(/.*KES\s*/, '').replace(/,/g, '')) * (text.includes('-KES') ? -1 : 1);
  };

  it('lists each line with its detail, and the lines add up to the total shown', async () => {
    renderKit(<FareBreakdown trip={trip} paymentLabel="Card" />, { session: sessionOf(superAdminProfile) });
    expect(screen.getByTestId('fare-distance')).toHaveTextContent('Distance (8.01 km)');
    expect(screen.getByTestId('fare-time')).toHaveTextContent('Time (26 min)');
    expect(screen.getByTestId('fare-surge')).toHaveTextContent('Surge ×1.2');
    expect(await screen.findByRole('link', { name: 'RAINY10' })).toHaveAttribute('href', '/discounts/3');
    expect(screen.queryByTestId('fare-minimumTopUp')).toBeNull();
    const lines = ['fare-base', 'fare-distance', 'fare-time', 'fare-surge', 'fare-discount'].map(amountOf);
    expect(lines).toEqual([100, 240.3, 62.4, 80.54, -48.32]);
    const sum = Math.round(lines.reduce((a, b) => a + b, 0) * 100) / 100;
    expect(amountOf('fare-total')).toBe(sum);
    expect(screen.getByTestId('fare-total')).toHaveTextContent('KES 434.92');
    // Charged − commission = what the driver earned.
    expect(amountOf('fare-charged') + amountOf('fare-commission')).toBeCloseTo(amountOf('fare-driver-earnings'), 2);
    expect(screen.getByTestId('fare-driver-earnings')).toHaveTextContent('KES 369.68');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('writes the distance and the multiplier in its lines as French does: "8,01 km", "×1,2"', async () => {
    await i18nProvider.changeLocale('fr');
    try {
      renderKit(<FareBreakdown trip={trip} paymentLabel="Carte" />, {
        session: sessionOf(superAdminProfile),
        api: { 'PUT /api/user/auth/locale': { json: {} } },
      });
      expect(screen.getByTestId('fare-distance')).toHaveTextContent('Distance (8,01 km)');
      expect(screen.getByTestId('fare-surge')).toHaveTextContent('×1,2');
      expect(screen.getByTestId('fare-surge').textContent).not.toMatch(/\d\.\d/);
    } finally {
      await i18nProvider.changeLocale('en');
    }
  });

  it('warns when a stored total does not match its lines', () => {
    renderKit(<FareBreakdown trip={{ ...trip, fareTotal: 500 }} paymentLabel="Card" />, {
      session: sessionOf(superAdminProfile),
    });
    expect(screen.getByRole('alert')).toHaveTextContent('The lines add up to KES 434.92, not the stored total');
  });
});

describe('the trip’s parties', () => {
  it('shows a role without view-Driver (the dispatcher) the driver’s name, phone and vehicle, and the passenger’s phone', async () => {
    const contacts = {
      id: 41,
      passengerPhone: '+254712345678',
      driverPhone: '+254722000111',
      driverVehicle: 'White Toyota Axio 2016',
      driverPlate: 'KDA 123A',
    };
    const { api } = renderKit(
      <TripParties
        trip={{ id: 41, passengerId: 7, passengerName: 'Amina Njeri', driverId: 4, driverName: 'Grady Grimes' } as Trip}
      />,
      {
        session: sessionOf(dispatcherProfile),
        api: {
          'GET /api/trip/trips': ({ query }) => {
            const fields = ['id', ...query.get('fields')!.split(',')];
            return {
              json: { fields, rows: [fields.map((f) => (contacts as Record<string, unknown>)[f] ?? null)] },
              headers: { 'Content-Range': 'trips 0-0/1' },
            };
          },
          'GET /api/user/passengers/7': { status: 404, json: { message: 'Not Found' } },
        },
      },
    );
    const driver = screen.getByTestId('driver-card');
    expect(within(driver).getByText('Grady Grimes')).toBeInTheDocument();
    expect(await within(driver).findByRole('link', { name: '+254722000111' })).toHaveAttribute(
      'href',
      'tel:+254722000111',
    );
    expect(within(driver).getByTestId('vehicle')).toHaveTextContent('White Toyota Axio 2016KDA 123A');
    expect(within(driver).queryByText(/You may not view/)).toBeNull();
    const passenger = screen.getByTestId('passenger-card');
    expect(within(passenger).getByRole('link', { name: '+254712345678' })).toBeInTheDocument();
    // No driver record was asked for: the trip's own fields carry what the role may see.
    expect(api.requests.some((r) => r.path.startsWith('/api/user/drivers'))).toBe(false);
    expect(api.to('GET /api/trip/trips')[0].query.get('filter')).toBe(JSON.stringify({ id: 41 }));
  });
});

describe('the trip page', () => {
  it('shows a ride booked for later with its pickup time in the header', async () => {
    const pickup = '2026-12-08T04:30:00.000Z';
    const booked = {
      id: 42,
      status: 'scheduled',
      requestedAt: new Date(Date.now() - 60_000).toISOString(),
      scheduledAt: pickup,
      passengerId: 7,
      passengerName: 'Amina Otieno',
      driverId: null,
      driverName: null,
      vehicleTypeName: 'Economy',
      pickupAddress: 'Sarit Centre, Westlands',
      dropoffAddress: 'Yaya Centre, Kilimani',
      fareTotal: 169.8,
      paymentMethod: 'cash',
      distanceKm: 5.1,
      durationMin: 14,
    };
    renderApp('/trip-management/trips/42', {
      session: sessionOf(superAdminProfile),
      api: { 'GET /api/trip/trips/42': { json: booked }, 'GET /api/trip/trips/42/events': { json: { data: [] } } },
    });
    const page = await screen.findByTestId('trip-show');
    // 04:30 UTC is 07:30 in Nairobi.
    expect(within(page).getByTestId('trip-show-pickup')).toHaveTextContent(/^Pickup booked for 8 Dec 2026, 07:30 \(/);
  });
});
