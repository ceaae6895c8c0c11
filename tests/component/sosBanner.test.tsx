import { waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetSosAudioContext } from '../../src/layout/notifications/sosSound';
import type { RecordedRequest, StubAnswer } from '../unit/support/fetchStub';
import { dispatcherProfile, sessionOf, superAdminProfile } from '../unit/support/staffFixtures';
import { renderApp, screen } from './support/renderApp';

afterEach(() => {
  vi.restoreAllMocks();
  forgetSosAudioContext();
  delete document.documentElement.dataset.sosSounds;
});

const admin = sessionOf(superAdminProfile, 'admin-token');
const LIST = 'GET /api/trip/sos-call-logs';
const secondsAgo = (s: number) => new Date(Date.now() - s * 1000).toISOString();

const alarm = (id: number, overrides: object = {}) => ({
  id,
  tripId: 48213,
  callerKind: 'passenger',
  callerName: 'Jane Wanjiru',
  calledAt: secondsAgo(42),
  status: 'new',
  ...overrides,
});

/** The server's open alarms; the banner asks for status=new, newest first, with only the fields it shows. */
function sosServer(initial: object[]) {
  const state = { open: initial, acknowledged: [] as number[] };
  const list = ({ query }: RecordedRequest): StubAnswer => {
    expect(JSON.parse(query.get('filter')!)).toEqual({ status: 'new' });
    expect(JSON.parse(query.get('sort')!)).toEqual(['calledAt', 'DESC']);
    expect(query.get('fields')).toBe('tripId,callerKind,callerName,calledAt,status,verified,simulated');
    return { json: state.open, headers: { 'Content-Range': `sos-call-logs 0-0/${state.open.length}` } };
  };
  const acknowledge = ({ path }: RecordedRequest): StubAnswer => {
    const id = Number(path.split('/').at(-2));
    state.acknowledged.push(id);
    state.open = state.open.filter((a) => (a as { id: number }).id !== id);
    return { json: { data: { id, status: 'acknowledged' }, message: `SOS #${id} acknowledged after 43 s` } };
  };
  return {
    state,
    routes: { [LIST]: list, 'POST /api/trip/sos-call-logs/7/acknowledge': acknowledge },
  };
}

/** The age a banner line shows ("… 1:02 ago"), in seconds. */
const ageSeconds = (row: HTMLElement) => {
  const [, minutes, seconds] = row.textContent!.match(/(\d+):(\d\d) ago/)!;
  return Number(minutes) * 60 + Number(seconds);
};

const sounds = () => Number(document.documentElement.dataset.sosSounds ?? 0);

describe('the SOS banner', () => {
  it('shows each unacknowledged alarm on every page, with the caller, the trip and a ticking age', async () => {
    const began = Date.now();
    const server = sosServer([alarm(7), alarm(8, { callerKind: 'driver', callerName: 'Otieno Kamau', tripId: 9 })]);
    const { router } = renderApp('/', { session: admin, api: server.routes });
    const banner = await screen.findByRole('region', { name: 'Unacknowledged SOS alarms' });
    const rows = within(banner).getAllByTestId('sos-banner-alarm');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent(/SOS from passenger Jane W\., trip #48213, \d+:\d\d ago/);
    expect(rows[1]).toHaveTextContent(/SOS from driver Otieno K\., trip #9, \d+:\d\d ago/);
    // The age counts from the call: 42 s when the test began, plus what the render took on this machine.
    for (const row of rows) expect(ageSeconds(row)).toBeGreaterThanOrEqual(42);
    for (const row of rows) expect(ageSeconds(row)).toBeLessThanOrEqual(42 + Math.ceil((Date.now() - began) / 1000));
    const before = rows[0].textContent;
    await waitFor(() => expect(rows[0].textContent).not.toBe(before));

    // On another page too; clicking the line opens the alarm.
    await router.navigate('/trip-management/trips');
    const line = await screen.findByText(/SOS from passenger Jane W\./);
    line.click();
    await waitFor(() => expect(router.state.location.pathname).toBe('/sos-call-logs/7'));
  });

  it('names the link to the alarm without its age, which ticks beside it', async () => {
    const server = sosServer([alarm(7)]);
    renderApp('/', { session: admin, api: server.routes });
    const row = (await screen.findAllByTestId('sos-banner-alarm'))[0];
    const link = within(row).getByRole('link', { name: 'SOS from passenger Jane W., trip #48213' });
    const age = within(row).getByTestId('sos-banner-age');
    expect(age).toHaveTextContent(/^, \d+:\d\d ago$/);
    const before = age.textContent;
    await waitFor(() => expect(age.textContent).not.toBe(before));
    // The name a screen reader gives the link stays the same while the age changes.
    expect(link).toHaveAccessibleName('SOS from passenger Jane W., trip #48213');
    expect(row).toHaveTextContent(/SOS from passenger Jane W\., trip #48213, \d+:\d\d ago/);
  });

  it('marks an alarm of the demo’s simulator as simulated, and a real one not', async () => {
    const server = sosServer([alarm(7, { simulated: true }), alarm(8, { simulated: false })]);
    renderApp('/', { session: admin, api: server.routes });
    const banner = await screen.findByRole('region', { name: 'Unacknowledged SOS alarms' });
    const [simulated, real] = within(banner).getAllByTestId('sos-banner-alarm');
    expect(within(simulated).getByTestId('sos-banner-simulated')).toHaveTextContent('Simulated');
    expect(within(real).queryByTestId('sos-banner-simulated')).toBeNull();
    expect(real).not.toHaveTextContent('Simulated');
  });

  it('acknowledges in one click and leaves when sosUpdated says someone did', async () => {
    const server = sosServer([alarm(7), alarm(8)]);
    const { api, user, sockets } = renderApp('/', { session: admin, api: server.routes });
    const banner = await screen.findByTestId('sos-banner');
    await waitFor(() => expect(sockets.latest().listening('sosUpdated')).toBe(true));
    const first = within(banner).getAllByTestId('sos-banner-alarm')[0];
    await user.click(within(first).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(server.state.acknowledged).toEqual([7]));
    expect(await screen.findByText('SOS #7 acknowledged after 43 s')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('sos-banner-alarm')).toHaveLength(1));

    // Someone else takes the other one: it leaves this screen too, and the banner with it.
    const calls = api.to(LIST).length;
    server.state.open = [];
    sockets.latest().serverSends('sosUpdated', {
      id: 8,
      kind: 'acknowledged',
      status: 'acknowledged',
      tripId: 48213,
      acknowledgedBy: 'Nancy M',
      acknowledgedAt: new Date().toISOString(),
      ackSeconds: 50,
      at: new Date().toISOString(),
    });
    await waitFor(() => expect(api.to(LIST).length).toBeGreaterThan(calls));
    await waitFor(() => expect(screen.queryByTestId('sos-banner')).not.toBeInTheDocument());
  });

  it('adds a new alarm and asks for the sound when an sos notification arrives', async () => {
    const server = sosServer([]);
    const { api, sockets } = renderApp('/', { session: admin, api: server.routes });
    await waitFor(() => expect(api.to(LIST).length).toBeGreaterThan(0));
    // The banner, the dashboard's SOS card and the bell (which plays the sound) must all be listening:
    // on a loaded machine the banner can subscribe well before the top bar's bell has mounted.
    await screen.findByTestId('notification-bell');
    await waitFor(() => expect(sockets.latest().listeners.get('newNotification')?.size ?? 0).toBeGreaterThanOrEqual(3));
    expect(screen.queryByTestId('sos-banner')).not.toBeInTheDocument();
    const before = sounds();
    server.state.open = [alarm(7, { calledAt: secondsAgo(1) })];
    sockets.latest().serverSends('newNotification', {
      id: 99,
      type: 'sos',
      title: 'SOS from passenger Jane Wanjiru on trip #48213',
      createdAt: new Date().toISOString(),
      subjectType: 'sos-call-log',
      subjectId: 7,
    });
    // The line and its age are two elements (the age is outside the link's name).
    expect(await screen.findByTestId('sos-banner-alarm')).toHaveTextContent(
      /SOS from passenger Jane W\., trip #48213, 0:0\d ago/,
    );
    expect(sounds()).toBe(before + 1);
  });

  it('says a new alarm at once in an assertive live region, and nothing for the alarms already waiting', async () => {
    const server = sosServer([alarm(5, { tripId: 11 })]);
    const { sockets } = renderApp('/', { session: admin, api: server.routes });
    await screen.findByTestId('sos-banner-alarm');
    const urgent = screen.getByRole('alert');
    expect(urgent).toHaveAttribute('aria-live', 'assertive');
    expect(urgent).toHaveTextContent(/^$/);
    await waitFor(() => expect(sockets.latest().listening('newNotification')).toBe(true));
    server.state.open = [alarm(7, { calledAt: secondsAgo(1) }), alarm(5, { tripId: 11 })];
    sockets.latest().serverSends('newNotification', {
      id: 99,
      type: 'sos',
      title: 'SOS from passenger Jane Wanjiru on trip #48213',
      createdAt: new Date().toISOString(),
      subjectType: 'sos-call-log',
      subjectId: 7,
    });
    await waitFor(() => expect(urgent).toHaveTextContent(/^New alarm: SOS from passenger Jane W\., trip #48213$/));
  });

  it('says politely how many are left once one is acknowledged, and puts focus on the page’s heading', async () => {
    const server = sosServer([alarm(7), alarm(8)]);
    const { user } = renderApp('/', { session: admin, api: server.routes });
    const banner = await screen.findByTestId('sos-banner');
    const first = within(banner).getAllByTestId('sos-banner-alarm')[0];
    await user.click(within(first).getByRole('button', { name: 'Acknowledge' }));
    const update = screen.getByTestId('sos-announce-update');
    expect(update).toHaveAttribute('aria-live', 'polite');
    await waitFor(() => expect(update).toHaveTextContent('1 unacknowledged SOS alarm left'));
    // The button left with its alarm: focus is on the page's heading, not lost to the body.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 })));
    expect(screen.getByTestId('sos-announce-new')).toHaveTextContent(/^$/);
  });

  it('repeats the sound every N seconds (the server’s setting) while an alarm waits, and stops once acknowledged', async () => {
    const server = sosServer([alarm(7, { calledAt: secondsAgo(3600) })]);
    const { user } = renderApp('/', {
      session: admin,
      api: {
        ...server.routes,
        'GET /api/trip/sos/settings': {
          json: { data: { soundRepeatSeconds: 1, escalateMinutes: 5, escalationRole: 'Super Admin' } },
        },
      },
    });
    const banner = await screen.findByTestId('sos-banner');
    // A page opened with an alarm waiting rings without any new notification.
    await waitFor(() => expect(sounds()).toBeGreaterThanOrEqual(2));
    await user.click(within(banner).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(screen.queryByTestId('sos-banner')).not.toBeInTheDocument());
    const after = sounds();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(sounds()).toBe(after);
  });

  it('does not ring on for the demo simulator’s alarms', async () => {
    const server = sosServer([alarm(7, { calledAt: secondsAgo(300), simulated: true })]);
    renderApp('/', {
      session: admin,
      api: {
        ...server.routes,
        'GET /api/trip/sos/settings': {
          json: { data: { soundRepeatSeconds: 1, escalateMinutes: 5, escalationRole: 'Super Admin' } },
        },
      },
    });
    await screen.findByTestId('sos-banner-simulated');
    const before = sounds();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(sounds()).toBe(before);
  });

  it('is not there, and asks nothing, for staff who may not view SOS call logs', async () => {
    const server = sosServer([alarm(7)]);
    const { api } = renderApp('/', { session: sessionOf(dispatcherProfile), api: server.routes });
    await screen.findByTestId('notification-bell');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(api.to(LIST)).toHaveLength(0);
    expect(screen.queryByTestId('sos-banner')).not.toBeInTheDocument();
  });
});
