import { render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DASHBOARD_CARDS } from '../../src/domain/dashboardCards';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { KpiCard } from '../../src/customRoutes/dashboard/KpiCard';
import { dispatcherProfile, sessionOf, superAdminProfile } from '../unit/support/staffFixtures';
import { deferred } from '../unit/support/fetchStub';
import { listAnswer, renderApp } from './support/renderApp';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const card = (key: string) => DASHBOARD_CARDS.find((c) => c.key === key)!;

function renderCard(key: string, value: number | null, previous: number | null) {
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <KpiCard definition={card(key)} value={value} previous={previous} comparedWith="vs 23 Nov" />
    </AdminContext>,
  );
  return screen.getByTestId(`kpi-${key}`);
}

describe('a KPI card', () => {
  it('shows a rise as ▲ with its percentage, green when more is better', () => {
    const el = renderCard('tripsRequested', 120, 100);
    expect(within(el).getByTestId('value-tripsRequested')).toHaveTextContent('120');
    const change = within(el).getByTestId('change-tripsRequested');
    expect(change).toHaveTextContent('▲ 20%');
    expect(change).toHaveAccessibleName('up 20%');
    expect(change).toHaveStyle({ color: 'rgb(46, 125, 50)' });
    expect(el).toHaveTextContent('vs 23 Nov');
  });

  it('shows a fall as ▼, and a rising cancellation rate in red', () => {
    const fall = renderCard('grossFares', 750, 1000);
    expect(within(fall).getByTestId('change-grossFares')).toHaveTextContent('▼ 25%');
    expect(within(fall).getByTestId('value-grossFares')).toHaveTextContent('KES 750.00');
    const rate = renderCard('cancellationRate', 0.1, 0.05);
    const change = within(rate).getByTestId('change-cancellationRate');
    expect(change).toHaveTextContent('▲ 100%');
    expect(change).toHaveStyle({ color: 'rgb(211, 47, 47)' });
    expect(within(rate).getByTestId('value-cancellationRate')).toHaveTextContent('10%');
  });

  it('says "from none" after an empty period, and nothing to compare for a queue card', () => {
    expect(within(renderCard('newDrivers', 3, 0)).getByTestId('change-newDrivers')).toHaveTextContent('▲ from none');
    const queue = renderCard('openIssues', 4, null);
    expect(within(queue).queryByTestId('change-openIssues')).toBeNull();
    expect(queue.querySelector('a')).toHaveAttribute('href', expect.stringContaining('/issues?filter='));
  });
});

const kpiAnswer = {
  json: {
    data: {
      period: { from: '2026-11-24', to: '2026-11-24' },
      // Today so far against yesterday up to the same time (14:05 in Nairobi).
      previous: { from: '2026-11-23', to: '2026-11-23', until: '2026-11-23T11:05:00.000Z' },
      cards: {
        tripsRequested: { value: 120, previous: 100 },
        tripsCompleted: { value: 90, previous: 95 },
        cancellationRate: { value: 0.1, previous: 0.1 },
        // What a server must never send a dispatcher; the panel must not show it either.
        grossFares: { value: 5000, previous: 4000 },
        newPassengers: { value: 4, previous: 2 },
      },
    },
  },
};
const empty = { json: { data: { revenue: false, buckets: [], types: [], cells: [], max: 0, series: [], months: [] } } };

describe('the dashboard', () => {
  it('shows a dispatcher the trip cards, live figures, and no revenue card', async () => {
    const { api } = renderApp('/', {
      session: sessionOf(dispatcherProfile),
      api: {
        'GET /api/trip/dashboard/kpis': kpiAnswer,
        'GET /api/trip/dashboard/live': {
          json: { data: { driversOnline: 7, driversOnTrip: 3, tripsWaiting: 2, at: '' } },
        },
        '*': empty,
      },
    });
    expect(await screen.findByTestId('kpi-tripsRequested')).toHaveTextContent('▲ 20%');
    expect(screen.getByTestId('kpi-tripsCompleted')).toHaveTextContent('▼');
    expect(screen.getByTestId('kpi-newPassengers')).toBeInTheDocument();
    for (const key of ['grossFares', 'commission', 'averageFare', 'newDrivers', 'openIssues', 'sosUnacknowledged'])
      expect(screen.queryByTestId(`kpi-${key}`), key).toBeNull();
    expect(await screen.findByTestId('live-tripsWaiting')).toHaveTextContent('2');
    expect(screen.getByTestId('kpi-tripsRequested')).toHaveTextContent('vs 23 Nov until 14:05');
    // One request for all the cards.
    expect(api.to('GET /api/trip/dashboard/kpis')).toHaveLength(1);
  });

  it('starts the cards’ request at sign-in, with the token, and asks it once: no auth/me, no second kpis', async () => {
    const kpis = deferred();
    const { user, api } = renderApp('/login', {
      api: {
        'POST /api/user/auth/login': { json: { data: { accessToken: 'fresh-token', profile: superAdminProfile } } },
        'GET /api/trip/dashboard/kpis': { ...kpiAnswer, until: kpis.promise },
        '*': empty,
      },
    });
    await user.type(await screen.findByLabelText(/Email/), 'admin@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Admin@1234');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    // Asked as soon as the session is stored, while the layout and the dashboard's chunk load.
    await waitFor(() => expect(api.to('GET /api/trip/dashboard/kpis')).toHaveLength(1));
    const [request] = api.to('GET /api/trip/dashboard/kpis');
    expect(request.headers.get('Authorization')).toBe('Bearer fresh-token');
    expect(request.url).toContain('preset=today');
    kpis.resolve();
    expect(await screen.findByTestId('kpi-grossFares')).toHaveTextContent('KES 5,000.00');
    expect(api.to('GET /api/trip/dashboard/kpis')).toHaveLength(1);
    expect(api.to('GET /api/user/auth/me')).toHaveLength(0);
  });

  it('shows a Super Admin the revenue cards the server sends', async () => {
    renderApp('/', {
      session: sessionOf(superAdminProfile),
      api: { 'GET /api/trip/dashboard/kpis': kpiAnswer, '*': empty },
    });
    expect(await screen.findByTestId('kpi-grossFares')).toHaveTextContent('KES 5,000.00');
    expect(screen.getByTestId('kpi-grossFares')).toHaveTextContent('▲ 25%');
  });

  it('links the reports the role may open, the trip report and revenue by driver among them', async () => {
    renderApp('/', {
      session: sessionOf(superAdminProfile),
      api: { 'GET /api/trip/dashboard/kpis': kpiAnswer, '*': empty },
    });
    const links = within(await screen.findByRole('navigation', { name: 'Report & Analytics' }));
    expect(links.getByRole('link', { name: 'Trip Report' })).toHaveAttribute('href', '/reports/trip');
    expect(links.getByRole('link', { name: 'Revenue by Driver' })).toHaveAttribute('href', '/revenues');
    expect(links.getByRole('link', { name: 'Revenu Report' })).toHaveAttribute('href', '/reports/revenue');
  });

  it('keeps the SOS card live: a new alarm and an acknowledgement refetch it at once', async () => {
    let unacknowledged = 0;
    const answer = () => ({
      json: {
        data: {
          ...kpiAnswer.json.data,
          cards: { ...kpiAnswer.json.data.cards, sosUnacknowledged: { value: unacknowledged } },
        },
      },
    });
    const { api, sockets } = renderApp('/', {
      session: sessionOf(superAdminProfile),
      api: {
        'GET /api/trip/dashboard/kpis': answer,
        'GET /api/trip/sos-call-logs': listAnswer('sos-call-logs', []),
        '*': empty,
      },
    });
    expect(await screen.findByTestId('kpi-sosUnacknowledged')).toHaveTextContent('0');
    await waitFor(() => expect(sockets.latest().listening('sosUpdated')).toBe(true));
    const requests = api.to('GET /api/trip/dashboard/kpis').length;

    unacknowledged = 1;
    sockets.latest().serverSends('newNotification', {
      id: 5,
      type: 'sos',
      title: 'SOS from passenger Jane W.',
      subjectType: 'sos-call-logs',
      subjectId: 41,
      createdAt: new Date().toISOString(),
      isRead: false,
    });
    await waitFor(() => expect(screen.getByTestId('kpi-sosUnacknowledged')).toHaveTextContent(/^[^\d]*1[^\d]*$/));

    unacknowledged = 0;
    // A burst (acknowledged, then a note) costs one request.
    for (const status of ['acknowledged', 'acknowledged'])
      sockets.latest().serverSends('sosUpdated', {
        id: 41,
        kind: 'acknowledged',
        status,
        tripId: 31662,
        acknowledgedBy: 'Sam Support',
        acknowledgedAt: new Date().toISOString(),
        ackSeconds: 12,
        at: new Date().toISOString(),
      });
    await waitFor(() => expect(screen.getByTestId('kpi-sosUnacknowledged')).toHaveTextContent(/^[^\d]*0[^\d]*$/));
    expect(api.to('GET /api/trip/dashboard/kpis')).toHaveLength(requests + 2);
  });
});
