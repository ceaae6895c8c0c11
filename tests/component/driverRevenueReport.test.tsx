import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecordedRequest } from '../unit/support/fetchStub';
import { sessionOf, superAdminProfile } from '../unit/support/staffFixtures';
import { renderApp } from './support/renderApp';

/** 60 drivers, ranked by net earnings; the stub pages and totals them as the server does. */
const DRIVERS = Array.from({ length: 60 }, (_, i) => ({
  driverId: i + 1,
  name: `Driver ${String(i + 1).padStart(2, '0')}`,
  vehicleTypeName: 'Standard',
  trips: 100 - i,
  completed: 90 - i,
  grossFares: 10000 - i * 100,
  commission: 1500 - i * 15,
  cancellationFees: 0,
  netEarnings: 8500 - i * 85,
  balance: 10,
}));
const TOTALS = {
  drivers: 60,
  trips: DRIVERS.reduce((s, d) => s + d.trips, 0),
  completed: DRIVERS.reduce((s, d) => s + d.completed, 0),
  grossFares: 511500,
  commission: 76725,
  cancellationFees: 0,
  netEarnings: 434775,
};
function driverRevenue(request: RecordedRequest) {
  const perPage = request.query.get('perPage');
  const page = Number(request.query.get('page') ?? 1);
  const sorted = request.query.get('order') === 'ASC' ? [...DRIVERS].reverse() : DRIVERS;
  const rows = perPage ? sorted.slice((page - 1) * Number(perPage), page * Number(perPage)) : sorted;
  return {
    json: {
      data: {
        from: '2026-10-01',
        to: '2026-10-31',
        sort: request.query.get('sort'),
        order: request.query.get('order'),
        page,
        perPage: perPage ? Number(perPage) : null,
        rows,
        totals: TOTALS,
      },
    },
  };
}

// jsdom has no object URLs and does not navigate: keep the CSV blobs the screen hands to a download link.
const createObjectURL = vi.fn((_blob: Blob) => 'blob:file');
const csvFiles = () =>
  createObjectURL.mock.calls.map(([blob]) => blob).filter((blob) => blob.type.startsWith('text/csv'));
/** jsdom's Blob has no text(): read it as a FileReader would in the browser. */
const readText = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
beforeEach(() => {
  createObjectURL.mockClear();
  Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the drivers’ revenue report (/revenues)', () => {
  it('asks the server for 25 drivers a page, pages and re-sorts there, keeps the totals of all, and exports every driver', async () => {
    const user = userEvent.setup();
    const { api } = renderApp('/revenues', {
      session: sessionOf(superAdminProfile),
      api: { 'GET /api/trip/reports/driver-revenue': driverRevenue, '*': { json: { data: [] } } },
    });
    const table = await screen.findByTestId('driver-revenue-table');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(1 + 25 + 1)); // head, page, totals
    expect(within(table).getByText('Driver 01')).toBeInTheDocument();
    expect(within(table).queryByText('Driver 26')).toBeNull();
    expect(within(screen.getByTestId('report-totals')).getByText('60 drivers')).toBeInTheDocument();
    const first = api.to('GET /api/trip/reports/driver-revenue')[0];
    expect(Object.fromEntries(first.query)).toMatchObject({
      page: '1',
      perPage: '25',
      sort: 'netEarnings',
      order: 'DESC',
    });
    expect(screen.getByText('1–25 of 60')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(within(table).getByText('Driver 26')).toBeInTheDocument());
    expect(within(table).queryByText('Driver 01')).toBeNull();
    expect(screen.getByText('26–50 of 60')).toBeInTheDocument();
    expect(api.to('GET /api/trip/reports/driver-revenue').at(-1)!.query.get('page')).toBe('2');

    // Another order starts again at the first page, sorted by the server.
    await user.click(within(table).getByRole('button', { name: 'Net earnings' }));
    await waitFor(() => expect(within(table).getByText('Driver 60')).toBeInTheDocument());
    expect(Object.fromEntries(api.to('GET /api/trip/reports/driver-revenue').at(-1)!.query)).toMatchObject({
      page: '1',
      sort: 'netEarnings',
      order: 'ASC',
    });

    // The CSV holds every driver in the screen's order and the totals, not only the page.
    await user.click(within(table).getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(csvFiles()).toHaveLength(1));
    const all = api.to('GET /api/trip/reports/driver-revenue').at(-1)!;
    expect(all.query.get('perPage')).toBeNull();
    expect(all.query.get('order')).toBe('ASC');
    const lines = (await readText(csvFiles()[0])).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines).toHaveLength(1 + 60 + 1);
    expect(lines[1]).toMatch(/^Driver 60,/);
    expect(lines.at(-1)).toMatch(/^60 drivers,/);
  });

  it('says so when the CSV cannot be made, and keeps the page', async () => {
    const user = userEvent.setup();
    renderApp('/revenues', {
      session: sessionOf(superAdminProfile),
      api: {
        'GET /api/trip/reports/driver-revenue': (request) =>
          request.query.get('perPage') ? driverRevenue(request) : { status: 500, json: { message: 'Database down' } },
        '*': { json: { data: [] } },
      },
    });
    const table = await screen.findByTestId('driver-revenue-table');
    await user.click(within(table).getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText(/The CSV could not be exported/)).toBeInTheDocument();
    expect(csvFiles()).toHaveLength(0);
    expect(within(table).getByText('Driver 01')).toBeInTheDocument();
  });
});
