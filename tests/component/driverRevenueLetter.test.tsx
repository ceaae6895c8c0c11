import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { P } from '../../src/domain/permissions';
import { IssuedSummary, type Letter } from '../../src/customRoutes/reports/DriverRevenueLetter';
import { formatMoney } from '../../src/kit/format';
import { dispatcherProfile, sessionOf, superAdminProfile } from '../unit/support/staffFixtures';
import { renderKit } from './kit/renderKit';
import { renderApp } from './support/renderApp';

const driversList = {
  json: [{ id: 7, firstName: 'Amina', lastName: 'Wanjiru', phone: '+254712000007' }],
  headers: { 'Content-Range': 'drivers 0-0/1' },
};

/** A month of an issued letter, and the letter as the server answers it. */
const june = {
  trips: 210,
  grossFares: 59_808.97,
  cancellationFees: 200,
  commission: 12_001.82,
  netEarnings: 48_007.15,
};
const letter: Letter = {
  reference: 'DRL-2026-000001',
  issuedAt: '2026-07-01T08:00:00Z',
  issuedBy: 'Ada Admin',
  driver: { id: 7, name: 'Amina Wanjiru', licenceNumber: null, vehicle: 'Economy' },
  months: [{ month: '2026-06', ...june }],
  totals: june,
};

describe('the drivers’ revenue request letter screen', () => {
  it('checks the driver and the months before asking the server, and asks nothing when they are wrong', async () => {
    const { api } = renderApp('/reports/driver-revenue-letter', {
      session: sessionOf(superAdminProfile),
      api: { 'GET /api/user/driver-management/drivers': driversList, '*': { json: { data: [] } } },
    });
    const from = (await screen.findByLabelText('First month')) as HTMLInputElement;
    const to = screen.getByLabelText('Last month') as HTMLInputElement;
    // Defaults: the last six months, this one included.
    expect(from.value).toMatch(/^\d{4}-\d{2}$/);
    expect(to.value).toMatch(/^\d{4}-\d{2}$/);
    const [fy, fm] = from.value.split('-').map(Number);
    const [ty, tm] = to.value.split('-').map(Number);
    expect((ty - fy) * 12 + tm - fm + 1).toBe(6);
    fireEvent.change(from, { target: { value: `${ty - 1}-${String(tm).padStart(2, '0')}` } });
    fireEvent.click(screen.getByTestId('issue-letter'));
    expect(await screen.findByText('Choose a driver')).toBeInTheDocument();
    expect(await screen.findByText('The period may cover at most 12 months')).toBeInTheDocument();
    await waitFor(() => expect(api.to('POST /api/trip/reports/driver-revenue-letters')).toHaveLength(0));
  });

  it('tells a role without view-Driver why it cannot issue a letter, and offers no button that does nothing', async () => {
    const reporter = {
      ...dispatcherProfile,
      role: { id: 9, name: 'Analyst', permissions: [{ name: P.viewReport }] },
    };
    renderApp('/reports/driver-revenue-letter', { session: sessionOf(reporter), api: { '*': { json: { data: [] } } } });
    expect(await screen.findByTestId('letter-needs-drivers')).toHaveTextContent(
      'Issuing a letter needs the view-Driver permission',
    );
    expect(screen.getByTestId('issue-letter')).toBeDisabled();
  });

  it('shows the issued letter’s cancellation fees, so the months add up as on the PDF', () => {
    renderKit(<IssuedSummary letter={letter} />, { session: sessionOf(superAdminProfile) });
    const table = within(screen.getByTestId('letter-months'));
    expect(table.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Month',
      'Trips completed',
      'Fares',
      'Cancellation fees',
      'Commission',
      'Net earnings',
    ]);
    const [, juneRow] = table.getAllByRole('row');
    expect(
      within(juneRow)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'June 2026',
      '210',
      formatMoney(59_808.97),
      formatMoney(200),
      formatMoney(12_001.82),
      formatMoney(48_007.15),
    ]);
  });

  it('downloads the issued letter’s PDF by its reference, saved under it', async () => {
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: () => 'blob:file', revokeObjectURL: () => {} });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const pdf = 'GET /api/trip/reports/driver-revenue-letters/DRL-2026-000001/pdf';
    const { api } = renderKit(<IssuedSummary letter={letter} />, {
      session: sessionOf(superAdminProfile),
      api: { [pdf]: { blob: new Blob(['%PDF'], { type: 'application/pdf' }) } },
    });
    fireEvent.click(screen.getByTestId('letter-pdf'));
    await waitFor(() => expect(saved).toEqual(['DRL-2026-000001.pdf']));
    expect(api.to(pdf)[0].headers.get('Accept')).toBe('application/pdf');
    click.mockRestore();
  });
});
