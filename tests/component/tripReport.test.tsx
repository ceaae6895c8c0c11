import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TripSummary } from '../../src/domain/tripReport';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { appStore } from '../../src/i18n/localePreference';
import { sessionOf, superAdminProfile } from '../unit/support/staffFixtures';
import { shownDate, typeDate } from './support/dateFields';
import { listAnswer, renderApp } from './support/renderApp';

const summary = (over: Partial<TripSummary>): TripSummary => ({
  requested: 120,
  completed: 100,
  cancelled: 20,
  noDriverFound: 0,
  cancellationRate: 0.1667,
  averageDistanceKm: 8.64,
  averageDurationMin: 26.9,
  averageFare: 640,
  averageAcceptSeconds: 45,
  averagePickupWaitSeconds: 400,
  ...over,
});

const report = {
  json: {
    data: {
      from: '2026-10-01',
      to: '2026-10-31',
      previousPeriod: { from: '2026-09-01', to: '2026-09-30' },
      byStatus: [{ status: 'completed', trips: 100 }],
      current: summary({}),
      previous: summary({ averageDurationMin: 24.5, averagePickupWaitSeconds: 3900 }),
      topCancellationReasons: [],
      demandByHour: Array.from({ length: 24 }, () => 5),
    },
  },
};

const renderReport = (locale?: 'sw') =>
  renderApp('/reports/trip', {
    session: sessionOf(locale ? { ...superAdminProfile, locale } : superAdminProfile),
    prepare: locale && (() => appStore.setItem('locale', locale)),
    api: { 'GET /api/trip/reports/trips': report, 'GET /api/trip/vehicle-types': listAnswer('vehicle-types', []) },
  });

const row = (label: string) => screen.getByText(label, { selector: 'td' }).closest('tr')!;

describe('the trip report page', () => {
  it('writes the units in Swahili: "dak 26.9", "km 8.64", "sek 45", as the PDF does', async () => {
    await i18nProvider.changeLocale('sw');
    renderReport('sw');
    try {
      await screen.findByTestId('trip-comparison');
      await waitFor(() => expect(row('Wastani wa muda')).toHaveTextContent('dak 26.9'));
      expect(row('Wastani wa muda')).toHaveTextContent('dak 24.5');
      expect(screen.getByTestId('trip-comparison')).toHaveTextContent('km 8.64');
      expect(screen.getByTestId('trip-comparison')).toHaveTextContent('sek 45');
      expect(screen.getByTestId('trip-comparison')).toHaveTextContent('saa 1 dak 05');
      expect(screen.getByTestId('trip-comparison').textContent).not.toMatch(/\bmin\b/);
    } finally {
      appStore.removeItem('locale');
      await i18nProvider.changeLocale('en');
    }
  });

  it("takes the period typed day first in the panel's format, and asks for those days", async () => {
    const { user, api } = renderReport();
    await screen.findByTestId('trip-comparison');
    const filters = within(screen.getByTestId('report-filters'));
    expect(filters.getByRole('group', { name: 'From' })).toBeInTheDocument();
    await typeDate(user, 'From', '15082026');
    expect(shownDate('From')).toBe('15/08/2026');
    await waitFor(() => expect(api.to('GET /api/trip/reports/trips').at(-1)!.query.get('from')).toBe('2026-08-15'));
    await typeDate(user, 'To', '20082026');
    await waitFor(() => expect(api.to('GET /api/trip/reports/trips').at(-1)!.query.get('to')).toBe('2026-08-20'));
    expect(shownDate('To')).toBe('20/08/2026');
  });
});
