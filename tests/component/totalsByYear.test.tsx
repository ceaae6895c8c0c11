import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionOf, superAdminProfile } from '../unit/support/staffFixtures';
import { renderApp } from './support/renderApp';

const revenue = {
  json: {
    data: {
      from: '2026-10-01',
      to: '2026-10-31',
      rows: [],
      totals: {
        trips: 0,
        grossFares: 0,
        discounts: 0,
        netFares: 0,
        commission: 0,
        cancellationFees: 0,
        driverEarnings: 0,
      },
      byVehicleType: [],
      byPaymentMethod: [],
    },
  },
};
const years = {
  json: {
    data: {
      timeZone: 'Africa/Nairobi',
      years: [
        {
          year: 2025,
          newDrivers: 40,
          drivers: 40,
          newPassengers: 900,
          passengers: 900,
          trips: 1200,
          completed: 1000,
          grossFares: 250000.5,
          commission: 37500.08,
        },
        {
          year: 2026,
          newDrivers: 12,
          drivers: 52,
          newPassengers: 1100,
          passengers: 2000,
          trips: 5400,
          completed: 4700,
          grossFares: 1234567.89,
          commission: 185185.18,
        },
      ],
    },
  },
};

describe('totals by year on the revenue report', () => {
  it('lists drivers and passengers by year, newest first, with the year’s money', async () => {
    renderApp('/reports/revenue', {
      session: sessionOf(superAdminProfile),
      api: { 'GET /api/trip/reports/revenue': revenue, 'GET /api/trip/reports/totals-by-year': years },
    });
    const table = await screen.findByTestId('totals-by-year-table');
    const rows = [...table.querySelectorAll('tr')];
    expect(rows[0]).toHaveTextContent('Drivers by year end');
    expect(rows[1]).toHaveTextContent('2026');
    expect(rows[1]).toHaveTextContent('52');
    expect(rows[1]).toHaveTextContent('2,000');
    expect(rows[1]).toHaveTextContent('KES 1,234,567.89');
    expect(rows[2]).toHaveTextContent('2025');
    expect(screen.getByTestId('totals-by-year').querySelector('h2')).toHaveTextContent('Totals by year');
  });

  it('says so when the totals cannot be loaded, with a retry', async () => {
    renderApp('/reports/revenue', {
      session: sessionOf(superAdminProfile),
      api: {
        'GET /api/trip/reports/revenue': revenue,
        'GET /api/trip/reports/totals-by-year': { status: 500, json: { message: 'Database unavailable' } },
      },
    });
    const section = await screen.findByTestId('totals-by-year');
    expect(await within(section).findByText('Retry')).toBeInTheDocument();
    expect(section).not.toHaveTextContent('Drivers by year end');
  });
});
