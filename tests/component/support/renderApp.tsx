import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { App } from '../../../src/App';
import { forgetVerifiedCode } from '../../../src/auth/verifiedCodeStore';
import { forgetReportedFailures } from '../../../src/http';
import { queryClient } from '../../../src/queryClient';
import { SocketFactoryContext } from '../../../src/realtime/RealtimeProvider';
import { loadSessionFromStorage, setSession, type Session } from '../../../src/session';
import { stubFetch, type StubRoute } from '../../unit/support/fetchStub';
import { EmotionCacheProbe, forgetEmotionStyles } from './emotionReset';
import { fakeSockets, type FakeSockets } from './fakeSocket';

export interface RenderAppOptions {
  /** Signed in with this session; signed out without. */
  session?: Session;
  /** Answers of the stubbed network, by "METHOD /path". */
  api?: Record<string, StubRoute>;
  /** Runs after the state is reset and before the first render. */
  prepare?: () => void;
  /** The realtime sockets the panel opens (fake ones by default; the socket is a network boundary too). */
  sockets?: FakeSockets;
}

/** Resets the panel's module state: storage, session, query cache, reported failures, verified code. */
export function resetPanelState() {
  forgetEmotionStyles();
  localStorage.clear();
  loadSessionFromStorage();
  queryClient.clear();
  forgetReportedFailures();
  forgetVerifiedCode();
}

/**
 * Renders the whole panel at `path` in a memory router, with the network
 * stubbed at fetch and fake realtime sockets. Returns the stub, the sockets,
 * the router and a user-event instance.
 */
export function renderApp(
  path: string,
  { session, api: routes = {}, prepare, sockets = fakeSockets() }: RenderAppOptions = {},
) {
  resetPanelState();
  if (session) setSession(session);
  prepare?.();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const api = stubFetch(routes);
  const router = createMemoryRouter([{ path: '*', element: <App /> }], { initialEntries: [path] });
  const user = userEvent.setup();
  const { unmount } = render(
    <EmotionCacheProbe>
      <SocketFactoryContext.Provider value={sockets.factory}>
        <RouterProvider router={router} />
      </SocketFactoryContext.Provider>
    </EmotionCacheProbe>,
  );
  return {
    api,
    sockets,
    router,
    user,
    unmount,
    /** The current location, e.g. "/reset-password?email=…". */
    location: () => `${router.state.location.pathname}${router.state.location.search}`,
  };
}

export const listAnswer = (resource: string, records: object[] = []): StubRoute => ({
  json: records,
  headers: { 'Content-Range': `${resource} 0-${Math.max(records.length - 1, 0)}/${records.length}` },
});

export { screen };
