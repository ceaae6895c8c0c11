import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionOf, superAdminProfile } from '../unit/support/staffFixtures';
import { renderApp, screen } from './support/renderApp';

const admin = sessionOf(superAdminProfile, 'admin-token');
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

/** An alarm of the demo's simulator that nobody acted on, closed by the server after 10 minutes. */
const closedSimulated = {
  id: 7,
  tripId: 48213,
  callerKind: 'passenger',
  callerId: 12,
  callerName: 'Jane Wanjiru',
  callerPhone: '+254711000000',
  otherPartyId: null,
  otherPartyName: null,
  otherPartyPhone: null,
  lat: -1.29,
  lng: 36.82,
  calledAt: minutesAgo(11),
  status: 'false_alarm',
  simulated: true,
  handledBy: null,
  handledByName: null,
  handledAt: null,
  ackSeconds: null,
  resolvedBy: null,
  resolvedByName: null,
  resolvedAt: minutesAgo(1),
  notes: 'Simulated alarm, closed automatically: nobody acted on it within 10 minutes.',
  reportCount: 1,
  lastReportedAt: minutesAgo(11),
  timeline: [
    { id: 1, kind: 'raised', at: minutesAgo(11), staffId: null, staffName: null, seconds: null, note: null },
    {
      id: 2,
      kind: 'false_alarm',
      at: minutesAgo(1),
      staffId: null,
      staffName: null,
      seconds: null,
      note: 'Simulated alarm, closed automatically: nobody acted on it within 10 minutes.',
    },
  ],
};

describe('the SOS alarm page', () => {
  it('marks a simulated alarm, and says it was closed automatically rather than by "—"', async () => {
    renderApp('/sos-call-logs/7', {
      session: admin,
      api: { 'GET /api/trip/sos-call-logs/7': { json: closedSimulated } },
    });
    const page = await screen.findByTestId('sos-show');
    expect(within(page).getByTestId('sos-simulated')).toHaveTextContent('Simulated');
    const timeline = within(page).getByTestId('sos-timeline');
    expect(timeline).toHaveTextContent('Closed automatically');
    expect(timeline).toHaveTextContent('nobody acted on it within 10 minutes');
    expect(timeline).not.toHaveTextContent('Marked as a false alarm by —');
    // Nobody acknowledged it, and it no longer waits.
    expect(within(page).getByTestId('sos-ack-time')).toHaveTextContent(/^—$/);
    expect(page).toHaveTextContent(/Closed byClosed automatically · /);
  });

  it('shows no mark on a real alarm, and names who closed it', async () => {
    renderApp('/sos-call-logs/7', {
      session: admin,
      api: {
        'GET /api/trip/sos-call-logs/7': {
          json: {
            ...closedSimulated,
            simulated: false,
            timeline: [
              closedSimulated.timeline[0],
              { ...closedSimulated.timeline[1], staffId: 3, staffName: 'Amara Okafor', note: 'Pressed by mistake' },
            ],
          },
        },
      },
    });
    const page = await screen.findByTestId('sos-show');
    expect(within(page).queryByTestId('sos-simulated')).toBeNull();
    expect(within(page).getByTestId('sos-timeline')).toHaveTextContent('Marked as a false alarm by Amara Okafor');
  });
});
