import { fireEvent, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { appStore } from '../../../src/i18n/localePreference';
import type { RecordedRequest, StubAnswer } from '../../unit/support/fetchStub';
import { sessionOf, superAdminProfile } from '../../unit/support/staffFixtures';
import { accessQueryKey } from '../../../src/dataProviders/prefetch';
import { queryClient } from '../../../src/queryClient';
import { renderApp, screen } from '../support/renderApp';
import { tripListAnswer } from './tripAnswers';

afterEach(() => vi.restoreAllMocks());

// The screens' code is in, as after a first visit (vitest takes seconds to load it the first time).
beforeAll(async () => {
  await Promise.all([import('../../../src/resources/trips/TripList'), import('../../../src/resources/trips/TripShow')]);
});

const trip = {
  id: 41,
  requestedAt: new Date(Date.now() - 30 * 60_000).toISOString(),
  passengerId: 7,
  passengerName: 'Amina Otieno',
  driverId: null,
  driverName: null,
  vehicleTypeName: 'Economy',
  pickupPlace: 'Sarit Centre',
  dropoffPlace: 'Yaya Centre',
  pickupAddress: 'Sarit Centre, Westlands',
  dropoffAddress: 'Yaya Centre, Kilimani',
  status: 'completed',
  fareTotal: 169.8,
  paymentMethod: 'cash',
  distanceKm: 5.1,
  durationMin: 14,
};

/**
 * The server's answers, held until `release()`: the click comes before them, as it does when the
 * pointer rests on a link a moment only. (jsdom draws a list in about a second, the time react-query
 * keeps an unused answer: an answer that arrived before the click could be dropped before the list
 * asks for it.)
 */
function heldAnswers() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held =
    (answer: (request: RecordedRequest) => StubAnswer) =>
    (request: RecordedRequest): StubAnswer => ({ ...answer(request), until: released });
  return { release, held };
}

function renderPanel(prepare?: () => void) {
  const list = heldAnswers();
  const record = heldAnswers();
  const rendered = renderApp('/', {
    session: sessionOf(superAdminProfile),
    prepare,
    api: {
      'GET /api/trip/trips': list.held(tripListAnswer([trip])),
      'GET /api/trip/trips/41': record.held(() => ({ json: trip })),
    },
  });
  return { ...rendered, release: list.release, releaseRecord: record.release };
}

/** Whether an element matching `selector` is added to the page from now on (a flash a test would miss). */
function watchForAdded(selector: string): () => boolean {
  let seen = false;
  const observer = new MutationObserver((mutations) => {
    for (const mutation of mutations)
      for (const node of mutation.addedNodes)
        if (node instanceof Element && (node.matches(selector) || node.querySelector(selector))) seen = true;
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return () => {
    observer.disconnect();
    return seen;
  };
}

const tripsLink = async () => within(await screen.findByTestId('side-menu')).getByRole('link', { name: 'Trips' });

describe('data fetched ahead of the click', () => {
  it("hovering the menu's Trips link fetches the list's first page, which the list opened meanwhile shows without asking again", async () => {
    const { api, user, release } = renderPanel();
    const link = await tripsLink();
    expect(api.to('GET /api/trip/trips')).toHaveLength(0);
    fireEvent.mouseEnter(link);
    await waitFor(() => expect(api.to('GET /api/trip/trips')).toHaveLength(1));
    const [prefetched] = api.to('GET /api/trip/trips');
    expect(prefetched.query.get('sort')).toBe('["requestedAt","DESC"]');
    expect(prefetched.query.get('range')).toBe('[0,24]');
    expect(prefetched.query.get('fields')).toContain('passengerName');

    await user.click(link);
    release();
    expect(await screen.findByText('Amina Otieno')).toBeInTheDocument();
    expect(api.to('GET /api/trip/trips')).toHaveLength(1);
  });

  it('the first page is the one the list will show: the sort and filters the list remembers', async () => {
    const { api, user, release } = renderPanel(() =>
      appStore.setItem('trip-management/trips.listParams', {
        sort: 'requestedAt',
        order: 'ASC',
        page: 1,
        perPage: 25,
        filter: { status: ['completed'] },
        displayedFilters: {},
      }),
    );
    const link = await tripsLink();
    fireEvent.focus(link);
    await waitFor(() => expect(api.to('GET /api/trip/trips')).toHaveLength(1));
    const [prefetched] = api.to('GET /api/trip/trips');
    expect(prefetched.query.get('sort')).toBe('["requestedAt","ASC"]');
    expect(JSON.parse(prefetched.query.get('filter')!)).toEqual({ status: ['completed'] });

    await user.click(link);
    release();
    expect(await screen.findByText('Amina Otieno')).toBeInTheDocument();
    expect(api.to('GET /api/trip/trips')).toHaveLength(1);
  });

  it("pointing at a trip's link fetches the trip, which its page opened meanwhile shows without asking again", async () => {
    const { api, user, release, releaseRecord } = renderPanel();
    await user.click(await tripsLink());
    release();
    // (By text: role queries over the whole panel take jsdom seconds.)
    const number = (await screen.findByText('#41')).closest('a')!;
    expect(number).toHaveAttribute('href', '/trip-management/trips/41');
    expect(api.to('GET /api/trip/trips/41')).toHaveLength(0);
    fireEvent.mouseEnter(number);
    await waitFor(() => expect(api.to('GET /api/trip/trips/41')).toHaveLength(1));

    await user.click(number);
    releaseRecord();
    const page = await screen.findByTestId('trip-show');
    expect(within(page).getByText('Trip #41', { selector: 'h1' })).toBeInTheDocument();
    // The body (the route among it) is drawn on the render after the header.
    expect(await within(page).findByText('Sarit Centre, Westlands')).toBeInTheDocument();
    expect(api.to('GET /api/trip/trips/41')).toHaveLength(1);
  });

  it('a trip pointed at opens in place of the list, with no loading screen between: whether the role may open it was asked ahead too', async () => {
    const { api, user, release, releaseRecord } = renderPanel();
    await user.click(await tripsLink());
    release();
    const number = (await screen.findByText('#41')).closest('a')!;
    fireEvent.mouseEnter(number);
    await waitFor(() => expect(api.to('GET /api/trip/trips/41')).toHaveLength(1));
    await waitFor(() => expect(queryClient.getQueryData(accessQueryKey('trip-management/trips', 'show'))).toBe(true));

    const loadingScreenSeen = watchForAdded('[data-testid="loading-screen"]');
    await user.click(number);
    releaseRecord();
    expect(await screen.findByText('Trip #41', { selector: 'h1' })).toBeInTheDocument();
    expect(loadingScreenSeen()).toBe(false);
  });
});
