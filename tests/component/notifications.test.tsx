import { act, fireEvent, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_TOAST_MS, type NotificationPage, type StaffNotification } from '../../src/domain/notifications';
import { forgetSosAudioContext, SOS_SOUND_MUTED_KEY } from '../../src/layout/notifications/sosSound';
import { SERVER_DROP_RECONNECT_DELAY_MS } from '../../src/realtime/RealtimeProvider';
import { getSession, setSession } from '../../src/session';
import { deferred, type RecordedRequest, type StubAnswer } from '../unit/support/fetchStub';
import { dispatcherProfile, sessionOf, superAdminProfile } from '../unit/support/staffFixtures';
import { fakeSockets } from './support/fakeSocket';
import { renderApp, screen } from './support/renderApp';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  forgetSosAudioContext();
});

const admin = sessionOf(superAdminProfile, 'admin-token');
const NOTIFICATIONS = 'GET /api/user/notifications';
const MARK_ALL = 'PUT /api/user/notifications/markAllAsSeen';
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** Notification n (newest has the highest id): registrations, every third one an SOS. */
function notification(id: number, overrides: Partial<StaffNotification> = {}): StaffNotification {
  const sos = id % 3 === 0;
  return {
    id,
    type: sos ? 'sos' : 'DRIVER_REGISTRATION',
    title: sos ? `SOS from passenger P${id} on trip #${id}` : `New driver registration: Driver ${id}`,
    subjectType: sos ? 'sos-call-log' : 'driver',
    subjectId: 100 + id,
    createdAt: minutesAgo(id),
    seen: false,
    ...overrides,
  };
}

/** A server of `total` notifications (ids total…1), answering pages of perPage like the real one. */
function notificationServer(total: number, { unseen = total } = {}) {
  const state = { unseen };
  const all = Array.from({ length: total }, (_, index) => notification(total - index));
  const route = ({ query }: RecordedRequest): StubAnswer => {
    const page = Number(query.get('page'));
    const perPage = Number(query.get('perPage'));
    const body: NotificationPage = {
      data: {
        notifications: all
          .slice((page - 1) * perPage, page * perPage)
          .map((n, i) => ({ ...n, seen: (page - 1) * perPage + i >= state.unseen })),
        unseenCount: state.unseen,
      },
      meta: { page, perPage, total, totalPages: Math.ceil(total / perPage) },
    };
    return { json: body };
  };
  const markAll = (): StubAnswer => {
    state.unseen = 0;
    return { json: { data: { unseenCount: 0 }, message: 'All notifications marked as seen' } };
  };
  return { state, routes: { [NOTIFICATIONS]: route, [MARK_ALL]: markAll } };
}

const bell = () => screen.findByTestId('notification-bell');
const badge = (button: HTMLElement) => button.querySelector('.MuiBadge-badge') as HTMLElement;

/** Makes the list element report a scroll position (jsdom does no layout) and fires scroll. */
function scrollList(list: HTMLElement, share: number) {
  const scrollHeight = 1000;
  const clientHeight = 400;
  Object.defineProperty(list, 'scrollHeight', { configurable: true, value: scrollHeight });
  Object.defineProperty(list, 'clientHeight', { configurable: true, value: clientHeight });
  list.scrollTop = share * scrollHeight - clientHeight;
  fireEvent.scroll(list);
}

describe('the notification bell', () => {
  it('shows the unseen count as a badge, from page 1 of 10', async () => {
    const server = notificationServer(12, { unseen: 3 });
    const { api } = renderApp('/', { session: admin, api: server.routes });
    const button = await bell();
    await waitFor(() => expect(button).toHaveAccessibleName('Notifications, 3 unseen'));
    expect(badge(button)).toHaveTextContent('3');
    expect(badge(button)).not.toHaveClass('MuiBadge-invisible');
    const [request] = api.to(NOTIFICATIONS);
    expect(request.query.get('page')).toBe('1');
    expect(request.query.get('perPage')).toBe('10');
    expect(request.headers.get('Authorization')).toBe('Bearer admin-token');
  });

  it('shows 99+ in the badge above 99, and the exact count in its name', async () => {
    renderApp('/', { session: admin, api: notificationServer(130).routes });
    const button = await bell();
    await waitFor(() => expect(button).toHaveAccessibleName('Notifications, 130 unseen'));
    expect(badge(button)).toHaveTextContent('99+');
  });

  it('marks all as seen when opened with unseen ones, and the badge goes', async () => {
    const server = notificationServer(4, { unseen: 2 });
    const { api, user } = renderApp('/', { session: admin, api: server.routes });
    const button = await bell();
    await waitFor(() => expect(button).toHaveAccessibleName('Notifications, 2 unseen'));

    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    await waitFor(() => expect(api.to(MARK_ALL)).toHaveLength(1));
    expect(api.to(MARK_ALL)[0].body).toEqual({ markAllAsSeen: true });
    expect(api.to(MARK_ALL)[0].headers.get('Authorization')).toBe('Bearer admin-token');
    await waitFor(() => expect(button).toHaveAccessibleName('Notifications'));
    expect(badge(button)).toHaveClass('MuiBadge-invisible');

    // The ones that were new when the list opened still stand out.
    const items = within(dialog).getAllByTestId('notification-item');
    expect(items).toHaveLength(4);
    expect(items.filter((item) => item.hasAttribute('data-unseen'))).toHaveLength(2);

    // Closing and opening again sends nothing more.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(button);
    await screen.findByRole('dialog', { name: 'Notifications' });
    expect(api.to(MARK_ALL)).toHaveLength(1);
  });

  it('sends nothing when opened with no unseen ones', async () => {
    const { api, user } = renderApp('/', { session: admin, api: notificationServer(2, { unseen: 0 }).routes });
    const button = await bell();
    await waitFor(() => expect(api.to(NOTIFICATIONS)).toHaveLength(1));
    await user.click(button);
    expect(await screen.findAllByTestId('notification-item')).toHaveLength(2);
    expect(api.to(MARK_ALL)).toHaveLength(0);
    expect(badge(button)).toHaveClass('MuiBadge-invisible');
  });

  it('lists the title, how long ago and an icon of the type', async () => {
    const registration = notification(1, { createdAt: minutesAgo(5), title: 'New driver registration: Grace Wanjiru' });
    const sos = notification(2, {
      type: 'sos',
      subjectType: 'sos-call-log',
      createdAt: minutesAgo(125),
      title: 'SOS from passenger Ann on trip #9',
    });
    const { user } = renderApp('/', {
      session: admin,
      api: {
        [NOTIFICATIONS]: {
          json: {
            data: { notifications: [sos, registration], unseenCount: 0 },
            meta: { page: 1, perPage: 10, total: 2, totalPages: 1 },
          },
        },
      },
    });
    await user.click(await bell());
    const [first, second] = await screen.findAllByTestId('notification-item');
    expect(first).toHaveTextContent('SOS from passenger Ann on trip #9');
    expect(first).toHaveTextContent('2 hours ago');
    expect(within(first).getByRole('img', { name: 'SOS' })).toBeInTheDocument();
    expect(within(first).getByTestId('SosIcon')).toBeInTheDocument();
    expect(second).toHaveTextContent('New driver registration: Grace Wanjiru');
    expect(second).toHaveTextContent('5 minutes ago');
    expect(within(second).getByRole('img', { name: 'Driver registration' })).toBeInTheDocument();
    // All of them on one page: the end of the list.
    expect(screen.getByText('Hay! You have seen it all')).toBeInTheDocument();
  });

  it('keeps each notification’s button inside an item of the list (a list holds items only)', async () => {
    const { user } = renderApp('/', { session: admin, api: notificationServer(3).routes });
    await user.click(await bell());
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect([...list.children].every((child) => child.tagName === 'LI')).toBe(true);
    for (const item of items) expect(within(item).getByTestId('notification-item')).toHaveAttribute('role', 'button');
  });

  it('loads the next page past 80 % of the list, until the last page', async () => {
    const { api, user } = renderApp('/', { session: admin, api: notificationServer(25, { unseen: 0 }).routes });
    await user.click(await bell());
    expect(await screen.findAllByTestId('notification-item')).toHaveLength(10);
    const list = screen.getByTestId('notification-list');
    expect(screen.queryByText('Hay! You have seen it all')).not.toBeInTheDocument();

    scrollList(list, 0.7);
    expect(api.to(NOTIFICATIONS)).toHaveLength(1);

    scrollList(list, 0.85);
    await waitFor(() => expect(screen.getAllByTestId('notification-item')).toHaveLength(20));
    expect(api.to(NOTIFICATIONS).map((request) => request.query.get('page'))).toEqual(['1', '2']);
    expect(screen.queryByText('Hay! You have seen it all')).not.toBeInTheDocument();

    scrollList(list, 1);
    await waitFor(() => expect(screen.getAllByTestId('notification-item')).toHaveLength(25));
    expect(screen.getByText('Hay! You have seen it all')).toBeInTheDocument();
    expect(screen.getAllByTestId('notification-item').at(-1)).toHaveTextContent('New driver registration: Driver 1');

    scrollList(list, 1);
    expect(api.to(NOTIFICATIONS).map((request) => request.query.get('page'))).toEqual(['1', '2', '3']);
    expect(api.to(NOTIFICATIONS).every((request) => request.query.get('perPage') === '10')).toBe(true);
  });

  it('shows loading while the first page is on its way', async () => {
    const answer = deferred();
    const server = notificationServer(1, { unseen: 0 });
    const { user } = renderApp('/', {
      session: admin,
      api: {
        [NOTIFICATIONS]: async (request) => ({ ...server.routes[NOTIFICATIONS](request), until: answer.promise }),
      },
    });
    await user.click(await bell());
    expect(await screen.findByTestId('notifications-loading')).toHaveTextContent('Loading notifications');
    answer.resolve();
    expect(await screen.findByTestId('notification-item')).toBeInTheDocument();
    expect(screen.queryByTestId('notifications-loading')).not.toBeInTheDocument();
  });

  it('shows a failure in the list (no error dialog) and retries', async () => {
    const server = notificationServer(2, { unseen: 0 });
    let fail = true;
    const { user } = renderApp('/', {
      session: admin,
      api: {
        [NOTIFICATIONS]: (request) =>
          fail ? { status: 500, json: { message: 'Database is down' } } : server.routes[NOTIFICATIONS](request),
      },
    });
    await user.click(await bell());
    const error = await screen.findByTestId('notifications-error');
    expect(error).toHaveTextContent('The notifications could not be loaded.');
    expect(screen.queryByTestId('error-dialog-message')).not.toBeInTheDocument();
    fail = false;
    await user.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('notification-item')).toHaveLength(2);
  });

  it('ends the session when the notifications answer 401', async () => {
    const { location } = renderApp('/', {
      session: admin,
      api: { [NOTIFICATIONS]: { status: 401, json: { message: 'Login Timeout' } } },
    });
    await waitFor(() => expect(location()).toBe('/login'));
    expect(getSession()).toBeNull();
  });

  /** What an SOS alarm's page reads besides the alarm: its trip, the trip's passenger, the emergency contacts. */
  const alarmPageRoutes = {
    'GET /api/trip/trips/9': {
      json: { id: 9, status: 'completed', passengerId: 3, driverId: null, routePolyline: null, fareTotal: 500 },
    },
    'GET /api/user/passengers/3': {
      json: { id: 3, firstName: 'Record', lastName: 'one-oh-seven', phone: '+254700000003', rating: 5 },
    },
    'GET /api/trip/trips': { json: [], headers: { 'Content-Range': 'trips */4' } },
    'GET /api/trip/sos-contacts': {
      json: [{ id: 1, name: 'National Police Service', phone: '999', description: null }],
      headers: { 'Content-Range': 'sos-contacts 0-0/1' },
    },
  };

  it.each([
    ['DRIVER_REGISTRATION', 'driver', '/driver-management/review/107', 'GET /api/user/drivers/107', {}],
    ['sos', 'sos-call-log', '/sos-call-logs/107', 'GET /api/trip/sos-call-logs/107', alarmPageRoutes],
  ])(
    'opens the subject of a %s notification and shows the record',
    async (type, subjectType, path, recordCall, more) => {
      const item = notification(7, { type, subjectType, subjectId: 107, title: `About ${type}`, seen: true });
      const { user, location, api } = renderApp('/', {
        session: admin,
        api: {
          [NOTIFICATIONS]: {
            json: {
              data: { notifications: [item], unseenCount: 0 },
              meta: { page: 1, perPage: 10, total: 1, totalPages: 1 },
            },
          },
          // A driver opens on the review screen (its name, and the queue for "next driver").
          [recordCall]: {
            json: {
              id: 107,
              reference: 'Record one-oh-seven',
              firstName: 'Record',
              lastName: 'one-oh-seven',
              documents: [],
              // An SOS alarm opens on its own page (the caller's name, the map, the timeline).
              callerName: 'Record one-oh-seven',
              callerKind: 'passenger',
              callerId: 3,
              tripId: 9,
              lat: -1.29,
              lng: 36.82,
              calledAt: '2026-11-24T10:00:00Z',
              status: 'new',
              reportCount: 1,
              timeline: [],
            },
          },
          'GET /api/user/drivers': { json: [], headers: { 'Content-Range': 'drivers */0' } },
          ...more,
        },
      });
      await user.click(await bell());
      await user.click(await screen.findByRole('button', { name: new RegExp(`About ${type}`) }));
      await waitFor(() => expect(location()).toBe(path));
      expect(await screen.findAllByText('Record one-oh-seven')).not.toHaveLength(0);
      expect(api.to(recordCall)).toHaveLength(1);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    },
  );

  it('is in the dispatcher layout too', async () => {
    const { sockets } = renderApp('/dispatcher', {
      session: sessionOf(dispatcherProfile),
      api: {
        ...notificationServer(1).routes,
        'GET /api/trip/trips': { json: [], headers: { 'Content-Range': 'trips 0-0/0' } },
      },
    });
    await waitFor(async () => expect(await bell()).toHaveAccessibleName('Notifications, 1 unseen'));
    await waitFor(() => expect(sockets.latest().listening('newNotification')).toBe(true));
  });
});

describe('a newNotification from the socket', () => {
  async function signedInWithSocket(total = 2) {
    const server = notificationServer(total, { unseen: total });
    const app = renderApp('/', { session: admin, api: server.routes });
    const button = await bell();
    await waitFor(() => expect(app.sockets.latest().listening('newNotification')).toBe(true));
    await waitFor(() => expect(button).toHaveAccessibleName(`Notifications, ${total} unseen`));
    return { ...app, server, button, socket: app.sockets.latest() };
  }

  const event = (id: number, type: string, title: string) => ({
    id,
    title,
    type,
    createdAt: new Date().toISOString(),
    subjectType: type === 'sos' ? 'sos-call-log' : 'driver',
    subjectId: 500 + id,
  });

  it('refetches the list and the count and shows a green toast with the title', async () => {
    const { api, button, socket, server, user } = await signedInWithSocket(2);
    const calls = api.to(NOTIFICATIONS).length;
    server.state.unseen = 3;
    socket.serverSends('newNotification', event(3, 'DRIVER_REGISTRATION', 'New driver registration: Amina Otieno'));

    const toast = await screen.findByTestId('notification-toast');
    expect(toast).toHaveTextContent('New driver registration: Amina Otieno');
    expect(toast).toHaveAttribute('data-severity', 'success');
    expect(toast).toHaveClass('MuiAlert-filledSuccess');
    expect(toast).toHaveAttribute('role', 'alert');
    await waitFor(() => expect(api.to(NOTIFICATIONS).length).toBeGreaterThan(calls));
    await waitFor(() => expect(button).toHaveAccessibleName('Notifications, 3 unseen'));

    // The toast leads to the subject too.
    await user.click(within(toast).getByRole('button', { name: 'View' }));
    await waitFor(() => expect(screen.queryByTestId('notification-toast')).not.toBeInTheDocument());
  });

  it('says it is live once the server has put the socket in its rooms, and not after a drop', async () => {
    const { button, socket } = await signedInWithSocket(2);
    expect(button).toHaveAttribute('data-live', 'false');
    socket.serverSends('subscribed', { at: new Date().toISOString() });
    await waitFor(() => expect(button).toHaveAttribute('data-live', 'true'));
    socket.serverSends('disconnect', 'transport close');
    await waitFor(() => expect(button).toHaveAttribute('data-live', 'false'));
    socket.serverSends('connect');
    expect(button).toHaveAttribute('data-live', 'false');
    socket.serverSends('subscribed', { at: new Date().toISOString() });
    await waitFor(() => expect(button).toHaveAttribute('data-live', 'true'));
  });

  it('is not missed while the socket was down: the list is refetched on reconnection', async () => {
    const { api, button, socket, server } = await signedInWithSocket(2);
    socket.serverSends('connect');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const calls = api.to(NOTIFICATIONS).length;
    socket.serverSends('disconnect', 'transport close');
    server.state.unseen = 5;
    socket.serverSends('connect');
    await waitFor(() => expect(api.to(NOTIFICATIONS).length).toBeGreaterThan(calls));
    await waitFor(() => expect(button).toHaveAccessibleName('Notifications, 5 unseen'));
  });

  it('shows a red toast for an SOS; two toasts stack, newest on top', async () => {
    const { socket, user } = await signedInWithSocket();
    socket.serverSends('newNotification', event(3, 'DRIVER_REGISTRATION', 'New driver registration: Amina Otieno'));
    socket.serverSends('newNotification', event(4, 'sos', 'SOS from passenger Ann on trip #9'));

    const toasts = await screen.findAllByTestId('notification-toast');
    expect(toasts).toHaveLength(2);
    expect(toasts[0]).toHaveTextContent('SOS from passenger Ann on trip #9');
    expect(toasts[0]).toHaveAttribute('data-severity', 'error');
    expect(toasts[0]).toHaveClass('MuiAlert-filledError');
    expect(toasts[1]).toHaveTextContent('New driver registration: Amina Otieno');
    expect(toasts[1]).toHaveAttribute('data-severity', 'success');
    for (const toast of toasts) expect(toast).toBeVisible();

    // Closing one leaves the other.
    await user.click(within(toasts[0]).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getAllByTestId('notification-toast')).toHaveLength(1));
    expect(screen.getByTestId('notification-toast')).toHaveTextContent('New driver registration: Amina Otieno');
  });

  it('shows at most five toasts; the older ones wait', async () => {
    const { socket, user } = await signedInWithSocket();
    for (let id = 1; id <= 6; id += 1)
      socket.serverSends('newNotification', event(10 + id, 'DRIVER_REGISTRATION', `Registration ${id}`));
    const toasts = await screen.findAllByTestId('notification-toast');
    expect(toasts.map((toast) => toast.querySelector('.MuiAlert-message')?.textContent)).toEqual([
      'Registration 6',
      'Registration 5',
      'Registration 4',
      'Registration 3',
      'Registration 2',
    ]);
    await user.click(within(toasts[0]).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getAllByTestId('notification-toast').at(-1)).toHaveTextContent('Registration 1'));
  });

  it('keeps a toast 180 s unless closed', async () => {
    const { socket } = await signedInWithSocket();
    expect(NOTIFICATION_TOAST_MS).toBe(180_000);
    vi.useFakeTimers();
    socket.serverSends('newNotification', event(3, 'sos', 'SOS from driver Joe on trip #4'));
    expect(screen.getByTestId('notification-toast')).toHaveTextContent('SOS from driver Joe on trip #4');

    act(() => {
      vi.advanceTimersByTime(179_000);
    });
    expect(screen.getByTestId('notification-toast')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(screen.queryByTestId('notification-toast')).not.toBeInTheDocument();
  });

  describe('the SOS sound', () => {
    /** A Web Audio stand-in that counts the beeps started. */
    function stubAudio() {
      const started = vi.fn();
      const param = { setValueAtTime: vi.fn(), linearRampToValueAtTime: vi.fn() };
      class FakeAudioContext {
        state = 'running';
        currentTime = 0;
        destination = {};
        resume = vi.fn(async () => undefined);
        createOscillator() {
          return { type: 'sine', frequency: param, connect: vi.fn(), start: started, stop: vi.fn() };
        }
        createGain() {
          return { gain: param, connect: vi.fn() };
        }
      }
      vi.stubGlobal('AudioContext', FakeAudioContext);
      return { started };
    }

    it('plays for an SOS toast, not for a registration', async () => {
      const { started } = stubAudio();
      const { socket } = await signedInWithSocket();
      socket.serverSends('newNotification', event(3, 'DRIVER_REGISTRATION', 'New driver registration: Amina Otieno'));
      expect(started).not.toHaveBeenCalled();
      socket.serverSends('newNotification', event(4, 'sos', 'SOS from passenger Ann on trip #9'));
      expect(started).toHaveBeenCalled();
    });

    it('is muted from the bell menu, and the choice is remembered', async () => {
      const { started } = stubAudio();
      const { socket, user, button } = await signedInWithSocket();
      await user.click(button);
      await user.click(await screen.findByRole('button', { name: 'Mute SOS sound' }));
      expect(localStorage.getItem(SOS_SOUND_MUTED_KEY)).toBe('true');
      expect(screen.getByRole('button', { name: 'Unmute SOS sound' })).toBeInTheDocument();
      socket.serverSends('newNotification', event(4, 'sos', 'SOS from passenger Ann on trip #9'));
      expect(await screen.findByTestId('notification-toast')).toHaveAttribute('data-severity', 'error');
      expect(started).not.toHaveBeenCalled();

      await user.click(screen.getByRole('button', { name: 'Unmute SOS sound' }));
      expect(localStorage.getItem(SOS_SOUND_MUTED_KEY)).toBeNull();
      socket.serverSends('newNotification', event(5, 'sos', 'SOS from passenger Bo on trip #10'));
      expect(started).toHaveBeenCalled();
    });

    it('stays muted in a later visit', async () => {
      const { started } = stubAudio();
      const { user, sockets } = renderApp('/', {
        session: admin,
        api: notificationServer(1).routes,
        prepare: () => localStorage.setItem(SOS_SOUND_MUTED_KEY, 'true'),
      });
      await user.click(await bell());
      expect(await screen.findByRole('button', { name: 'Unmute SOS sound' })).toBeInTheDocument();
      await waitFor(() => expect(sockets.latest().listening('newNotification')).toBe(true));
      sockets.latest().serverSends('newNotification', event(4, 'sos', 'SOS from passenger Ann on trip #9'));
      expect(await screen.findByTestId('notification-toast')).toBeInTheDocument();
      expect(started).not.toHaveBeenCalled();
    });
  });
});

describe('the realtime socket', () => {
  it('opens once signed in, with the staff id and the current token', async () => {
    const sockets = fakeSockets();
    renderApp('/', { session: admin, api: notificationServer(0).routes, sockets });
    await waitFor(() => expect(sockets.opened).toHaveLength(1));
    const socket = sockets.latest();
    expect(socket.options.staffId).toBe(1);
    expect(socket.options.token()).toBe('admin-token');
  });

  it('is not opened on the login page', async () => {
    const sockets = fakeSockets();
    renderApp('/login', { sockets });
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(sockets.opened).toHaveLength(0);
  });

  it('closes on logout', async () => {
    const { user, sockets, location } = renderApp('/', {
      session: admin,
      api: { ...notificationServer(0).routes, 'POST /api/user/auth/logout': { json: { data: null } } },
    });
    await waitFor(() => expect(sockets.opened).toHaveLength(1));
    await user.click(await screen.findByTestId('profile-button'));
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(location()).toBe('/login'));
    expect(sockets.latest().disconnected).toBe(true);
    expect(sockets.opened).toHaveLength(1);
  });

  it.each(['UnAuthenticated', 'Login Timeout'])('ends the session on connect_error %s', async (message) => {
    const { sockets, location } = renderApp('/', { session: admin, api: notificationServer(0).routes });
    await waitFor(() => expect(sockets.latest().listening('connect_error')).toBe(true));
    sockets.latest().serverSends('connect_error', new Error(message));
    await waitFor(() => expect(location()).toBe('/login'));
    expect(getSession()).toBeNull();
    expect(sockets.latest().disconnected).toBe(true);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the session on other connection errors (socket.io retries by itself)', async () => {
    const { sockets, location } = renderApp('/', { session: admin, api: notificationServer(0).routes });
    await waitFor(() => expect(sockets.latest().listening('connect_error')).toBe(true));
    sockets.latest().serverSends('connect_error', new Error('xhr poll error'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(location()).toBe('/');
    expect(getSession()).not.toBeNull();
  });

  it('connects again after the server dropped it, reading the token then', async () => {
    const { sockets } = renderApp('/', { session: admin, api: notificationServer(0).routes });
    await waitFor(() => expect(sockets.latest().listening('disconnect')).toBe(true));
    vi.useFakeTimers();
    const socket = sockets.latest();
    socket.serverSends('disconnect', 'transport close');
    act(() => {
      vi.advanceTimersByTime(SERVER_DROP_RECONNECT_DELAY_MS);
    });
    // A network drop: socket.io-client reconnects by itself.
    expect(socket.connectCalls).toBe(0);
    socket.serverSends('disconnect', 'io server disconnect');
    act(() => {
      vi.advanceTimersByTime(SERVER_DROP_RECONNECT_DELAY_MS);
    });
    expect(socket.connectCalls).toBe(1);
  });

  it('sends the token of the session at each reconnection', async () => {
    const { sockets } = renderApp('/', {
      session: admin,
      api: { ...notificationServer(0).routes, 'GET /api/user/auth/me': { json: { data: superAdminProfile } } },
    });
    await waitFor(() => expect(sockets.opened).toHaveLength(1));
    expect(sockets.latest().options.token()).toBe('admin-token');
    act(() => setSession(sessionOf(superAdminProfile, 'renewed-token')));
    expect(sockets.latest().options.token()).toBe('renewed-token');
    expect(sockets.opened).toHaveLength(1);
  });
});
