import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CITY } from '../../src/domain/city';
import { localDay } from '../../src/domain/dateRange';
import { P } from '../../src/domain/permissions';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { appStore } from '../../src/i18n/localePreference';
import { IssuedSummary, type Letter } from '../../src/customRoutes/reports/DriverRevenueLetter';
import { formatMoney } from '../../src/kit/format';
import { dispatcherProfile, sessionOf, superAdminProfile } from '../unit/support/staffFixtures';
import { renderKit } from './kit/renderKit';
import { dateField, shownDate, typeDate } from './support/dateFields';
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
    const { api, user } = renderApp('/reports/driver-revenue-letter', {
      session: sessionOf(superAdminProfile),
      api: { 'GET /api/user/driver-management/drivers': driversList, '*': { json: { data: [] } } },
    });
    await screen.findByRole('group', { name: 'First month' });
    // Defaults: the last six months, this one included, shown as the language writes a month.
    const [fm, fy] = shownDate('First month').split('/').map(Number);
    const [tm, ty] = shownDate('Last month').split('/').map(Number);
    expect((ty - fy) * 12 + tm - fm + 1).toBe(6);
    await typeDate(user, 'First month', `${String(tm).padStart(2, '0')}${ty - 1}`);
    fireEvent.click(screen.getByTestId('issue-letter'));
    expect(await screen.findByText('Choose a driver')).toBeInTheDocument();
    expect(await screen.findByText('The period may cover at most 12 months')).toBeInTheDocument();
    await waitFor(() => expect(api.to('POST /api/trip/reports/driver-revenue-letters')).toHaveLength(0));
  });

  it('takes the months as French staff write them (MM/AAAA), says the period’s limits in French, and sends YYYY-MM', async () => {
    await i18nProvider.changeLocale('fr');
    try {
      const { api, user } = renderApp('/reports/driver-revenue-letter', {
        session: sessionOf({ ...superAdminProfile, locale: 'fr' }),
        prepare: () => appStore.setItem('locale', 'fr'),
        api: {
          'GET /api/user/drivers': driversList,
          'POST /api/trip/reports/driver-revenue-letters': { json: { data: null } },
          '*': { json: { data: [] } },
        },
      });
      const [y, m] = localDay(new Date(), CITY.timeZone).split('-').map(Number);
      const monthOf = (back: number) => new Date(Date.UTC(y, m - 1 - back, 1));
      const typed = (d: Date) => `${String(d.getUTCMonth() + 1).padStart(2, '0')}${d.getUTCFullYear()}`;
      const sent = (d: Date) => d.toISOString().slice(0, 7);
      await screen.findByRole('group', { name: 'Premier mois' });
      await waitFor(() => expect(shownDate('Dernier mois')).toBe(`${String(m).padStart(2, '0')}/${y}`));
      expect(within(dateField('Premier mois')).getByRole('spinbutton', { name: 'Mois' })).toBeInTheDocument();
      expect(within(dateField('Premier mois')).getByRole('spinbutton', { name: 'Année' })).toBeInTheDocument();

      await user.click(screen.getByRole('combobox', { name: 'Chauffeur' }));
      await user.click(await screen.findByRole('option', { name: /Amina Wanjiru/ }));
      await typeDate(user, 'Premier mois', typed(monthOf(12)));
      await user.click(screen.getByTestId('issue-letter'));
      expect(await screen.findByText('La période peut couvrir au plus 12 mois')).toBeInTheDocument();
      expect(api.to('POST /api/trip/reports/driver-revenue-letters')).toHaveLength(0);

      await typeDate(user, 'Premier mois', typed(monthOf(2)));
      expect(shownDate('Premier mois')).toBe(typed(monthOf(2)).replace(/^(\d\d)/, '$1/'));
      await user.click(screen.getByTestId('issue-letter'));
      await waitFor(() => expect(api.to('POST /api/trip/reports/driver-revenue-letters')).toHaveLength(1));
      expect(api.to('POST /api/trip/reports/driver-revenue-letters')[0].body).toEqual({
        driverId: 7,
        fromMonth: sent(monthOf(2)),
        toMonth: sent(monthOf(0)),
      });
    } finally {
      appStore.removeItem('locale');
      await i18nProvider.changeLocale('en');
    }
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
