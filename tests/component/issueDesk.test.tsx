import { waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { P } from '../../src/domain/permissions';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { fr } from '../../src/i18n/fr/index';
import { sw } from '../../src/i18n/sw/index';
import { catalogueAt } from '../unit/support/catalogueAt';
import type { StaffProfile } from '../../src/session';
import { sessionOf, superAdminProfile } from '../unit/support/staffFixtures';
import { listAnswer, renderApp, screen } from './support/renderApp';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000).toISOString();

const agentProfile: StaffProfile = {
  id: 5,
  firstName: 'Sam',
  lastName: 'Support',
  email: 'sam@example.com',
  phone: null,
  sex: 'male',
  photo: null,
  status: 'active',
  role: {
    id: 3,
    name: 'Support Agent',
    permissions: [P.viewTrip, P.viewPassenger, P.viewDriver, P.viewIssue, 'update-Issue'].map((name) => ({ name })),
  },
};
const viewerProfile: StaffProfile = {
  ...agentProfile,
  id: 6,
  role: { id: 4, name: 'Viewer', permissions: [P.viewTrip, P.viewIssue].map((name) => ({ name })) },
};

const issue = {
  id: 7,
  tripId: 31662,
  reporterKind: 'passenger',
  reporterId: 9,
  reporterName: 'Charlene Ritchie',
  category: 'fare_dispute',
  priority: 'high',
  status: 'open',
  assigneeId: null,
  assigneeName: null,
  description: 'Charged twice for the same trip.',
  resolutionNote: null,
  resolvedAt: null,
  createdAt: hoursAgo(3.5),
  updatedAt: hoursAgo(3.5),
  slaState: 'warning',
  slaDueAt: hoursAgo(-0.5),
};

const events = [
  {
    id: 1,
    at: issue.createdAt,
    kind: 'opened',
    staffId: null,
    staffName: null,
    fromValue: null,
    toValue: 'open',
    fromName: null,
    toName: null,
    note: null,
    amount: null,
    transactionId: null,
  },
  {
    id: 2,
    at: hoursAgo(2),
    kind: 'note',
    staffId: 3,
    staffName: 'Julia Bartell',
    fromValue: null,
    toValue: null,
    fromName: null,
    toName: null,
    note: 'Asked the driver for the receipt.',
    amount: null,
    transactionId: null,
  },
];

const api = {
  'GET /api/trip/issues/7': { json: issue },
  'GET /api/trip/issues/7/events': { json: { data: events } },
  'GET /api/trip/issues/assignees': { json: { data: [{ id: 5, name: 'Sam Support', openIssues: 2 }] } },
  'GET /api/trip/trips/31662': {
    json: {
      id: 31662,
      passengerId: 9,
      passengerName: 'Charlene Ritchie',
      driverId: 12,
      driverName: 'Rene Macejkovic',
      status: 'completed',
      pickupAddress: 'Thika Road Mall',
      dropoffAddress: 'Adams Arcade',
      requestedAt: hoursAgo(5),
      fareTotal: 1020.7,
      routePolyline: null,
    },
  },
  'GET /api/trip/trips': listAnswer('trips', []),
  'POST /api/trip/issues/7/assign': {
    json: { data: { ...issue, assigneeId: 5 }, message: 'Issue #7 assigned to Sam Support' },
  },
};

describe('the issue page', () => {
  it('shows the issue, its SLA, notes and history, and assigns it to me in one click', async () => {
    const { api: calls, user } = renderApp('/issues/7', { session: sessionOf(agentProfile), api });
    const show = await screen.findByTestId('issue-show');
    expect(within(show).getByRole('heading', { level: 1 })).toHaveTextContent('#7 · Fare dispute · trip #31662');
    expect(within(show).getByTestId('sla-badge')).toHaveAttribute('data-state', 'warning');
    expect(within(show).getByTestId('sla-badge')).toHaveTextContent(/left$/);
    expect(await screen.findByText('Asked the driver for the receipt.')).toBeInTheDocument();
    expect(within(screen.getByTestId('issue-history')).getByText(/reported by the passenger/)).toBeInTheDocument();
    expect(await screen.findByText('Thika Road Mall')).toBeInTheDocument();

    const assignToMe = await screen.findByTestId('issue-assign-me');
    expect(assignToMe).toHaveTextContent('Assign to me');
    await user.click(assignToMe);
    await waitFor(() => expect(calls.to('POST /api/trip/issues/7/assign')).toHaveLength(1));
    expect(calls.to('POST /api/trip/issues/7/assign')[0].body).toEqual({ assigneeId: 5 });
  });

  it('needs a resolution note, and offers a goodwill credit only with the top-up permission', async () => {
    const { user } = renderApp('/issues/7', { session: sessionOf(agentProfile), api });
    await user.click(await screen.findByRole('button', { name: 'Resolve…' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText("Goodwill credit needs the permission to top up drivers' credit."),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(await within(dialog).findByText('Say how the issue was resolved')).toBeInTheDocument();
    // Only the field's error: no form-level notice on top of it.
    await expect(screen.findByText(/form is not valid/, undefined, { timeout: 1500 })).rejects.toThrow();
  });

  it('lets an admin credit the driver on resolve', async () => {
    const { user } = renderApp('/issues/7', { session: sessionOf(superAdminProfile), api });
    await user.click(await screen.findByRole('button', { name: 'Resolve…' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByLabelText('Goodwill credit to the driver (KES, optional)')).toBeInTheDocument();
    expect(
      within(dialog).getByText("Credits Rene Macejkovic's wallet through the ledger, like a top-up."),
    ).toBeInTheDocument();
  });

  it('refunds the passenger on resolve, up to the fare less earlier refunds, with the server refusing more', async () => {
    const { user, api: calls } = renderApp('/issues/7', {
      session: sessionOf(superAdminProfile),
      api: {
        ...api,
        'GET /api/trip/passenger-transactions': listAnswer('passenger-transactions', [
          { id: 3, passengerId: 9, kind: 'refund', amount: 20.7, tripId: 31662, createdAt: hoursAgo(30) },
        ]),
        'POST /api/trip/issues/7/resolve': (request) =>
          (request.body as { refundAmount: number }).refundAmount > 1000
            ? {
                status: 400,
                json: {
                  message: 'Please correct the highlighted fields',
                  errors: {
                    refundAmount:
                      "A refund may be at most KES 1,000.00: the trip's fare is KES 1,020.70 and KES 20.70 was refunded already",
                  },
                },
              }
            : {
                json: {
                  data: { ...issue, status: 'resolved' },
                  message: 'Issue #7 resolved; KES 150.00 refunded to the passenger',
                },
              },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Resolve…' }));
    const dialog = await screen.findByRole('dialog');
    const refund = await within(dialog).findByLabelText('Refund to the passenger (KES, optional)');
    await waitFor(() =>
      expect(
        within(dialog)
          .getByText(/^Credits Charlene Ritchie's wallet/)
          .textContent?.replace(/\s/g, ' '),
      ).toBe("Credits Charlene Ritchie's wallet; at most KES 1,000.00, the trip's fare less earlier refunds."),
    );
    expect(JSON.parse(calls.to('GET /api/trip/passenger-transactions')[0].query.get('filter') ?? '{}')).toEqual({
      tripId: 31662,
      kind: 'refund',
    });

    await user.type(within(dialog).getByLabelText(/Resolution note/), 'Refunded the overcharge.');
    await user.type(refund, '1500');
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(await within(dialog).findByText(/^A refund may be at most KES 1,000.00/)).toBeInTheDocument();

    await user.clear(refund);
    await user.type(refund, '150');
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(await screen.findByText('Issue #7 resolved; KES 150.00 refunded to the passenger')).toBeInTheDocument();
    expect(calls.to('POST /api/trip/issues/7/resolve').at(-1)!.body).toEqual({
      resolutionNote: 'Refunded the overcharge.',
      creditAmount: null,
      refundAmount: 150,
    });
  });

  it('tells staff without update-Passenger that a refund needs it', async () => {
    const { user } = renderApp('/issues/7', { session: sessionOf(agentProfile), api });
    await user.click(await screen.findByRole('button', { name: 'Resolve…' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('A refund needs the permission to update passengers.')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Refund to the passenger (KES, optional)')).not.toBeInTheDocument();
  });

  it('offers no actions and no note input to staff who may only view issues', async () => {
    renderApp('/issues/7', { session: sessionOf(viewerProfile), api });
    await screen.findByText('Asked the driver for the receipt.');
    expect(screen.queryByTestId('issue-actions')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Write a note for the team…' })).not.toBeInTheDocument();
  });
});

describe('the desk', () => {
  const deskApi = {
    'GET /api/trip/issues': listAnswer('issues', [issue]),
    'GET /api/trip/issues/assignees': api['GET /api/trip/issues/assignees'],
  };
  const statusFilter = () => screen.getByTestId('issue-status-filter');
  const chips = () => Array.from(statusFilter().querySelectorAll('.MuiChip-label')).map((chip) => chip.textContent);
  const lastFilter = (calls: ReturnType<typeof renderApp>['api']) =>
    JSON.parse(calls.to('GET /api/trip/issues').at(-1)!.query.get('filter') ?? '{}') as Record<string, unknown>;

  it('shows the statuses a quick tab chose as chips in the Status filter, and the other way round', async () => {
    const { user, api: calls } = renderApp('/issues', { session: sessionOf(agentProfile), api: deskApi });
    await user.click(await screen.findByTestId('tab-open'));
    await waitFor(() => expect(lastFilter(calls)).toEqual({ status: ['open', 'in_progress'] }));
    await waitFor(() => expect(chips()).toEqual(['Open', 'In progress']));

    await user.click(screen.getByTestId('tab-resolved'));
    await waitFor(() => expect(chips()).toEqual(['Resolved', 'Closed']));
    await user.click(screen.getByTestId('tab-all'));
    await waitFor(() => expect(chips()).toEqual([]));

    // Choosing In progress then Open in the filter is the Open tab's filter, in the same order.
    await user.click(within(statusFilter()).getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: 'In progress' }));
    await user.click(await screen.findByRole('option', { name: 'Open' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(lastFilter(calls)).toEqual({ status: ['open', 'in_progress'] }));
    expect(screen.getByTestId('tab-open')).toHaveAttribute('aria-selected', 'true');
  });

  it('shows the queues by urgency (urgent and safety first, then breached, then time left) and the resolved by resolution date', async () => {
    const lastSort = (calls: ReturnType<typeof renderApp>['api']) =>
      calls.to('GET /api/trip/issues').at(-1)!.query.get('sort');
    const { user, api: calls } = renderApp('/issues', { session: sessionOf(agentProfile), api: deskApi });
    await screen.findByTestId('tab-open');
    await waitFor(() => expect(lastSort(calls)).toBe('["urgency","ASC"]'));
    await user.click(screen.getByTestId('tab-resolved'));
    await waitFor(() => expect(lastSort(calls)).toBe('["resolvedAt","DESC"]'));
    await user.click(screen.getByTestId('tab-breached'));
    await waitFor(() => expect(lastSort(calls)).toBe('["urgency","ASC"]'));
  });

  it('reads one status from a link as a chip', async () => {
    renderApp(`/issues?filter=${encodeURIComponent(JSON.stringify({ status: 'resolved' }))}`, {
      session: sessionOf(agentProfile),
      api: deskApi,
    });
    await screen.findByTestId('issue-status-filter');
    await waitFor(() => expect(chips()).toEqual(['Resolved']));
  });
});

describe('the issue desk’s refusals in the staff member’s language', () => {
  afterEach(() => i18nProvider.changeLocale('en'));
  const words = (catalogue: unknown, path: string) => catalogueAt(catalogue, path) as string;
  /** The server's answer: the English, with the code of each message (server/errors.ts). */
  const refusal = (field: string, english: string, code: { code: string; params: Record<string, string> }) => ({
    status: 400,
    json: {
      message: 'Please correct the highlighted fields',
      code: 'highlighted',
      params: {},
      errors: { [field]: english },
      codes: { [field]: code },
    },
  });

  it.each([
    [
      'fr',
      fr,
      'priority',
      refusal('priority', 'The issue already has this priority', { code: 'samePriority', params: {} }),
      'L’incident a déjà cette priorité',
    ],
    [
      'sw',
      sw,
      'assign',
      refusal('assigneeId', 'No staff member with this id', { code: 'noSuch', params: { label: 'staff member' } }),
      'Hakuna mfanyakazi kwa kitambulisho hiki',
    ],
  ] as const)(
    '%s: the field message in that language, not the English',
    async (locale, catalogue, action, answer, shown) => {
      const { user } = renderApp('/issues/7', {
        session: sessionOf({ ...superAdminProfile, locale }),
        api: { ...api, [`POST /api/trip/issues/7/${action}`]: answer },
        prepare: () => void i18nProvider.changeLocale(locale),
      });
      await user.click(
        await screen.findByRole('button', { name: words(catalogue, `app.issueDesk.actions.${action}`) }),
      );
      const dialog = await screen.findByRole('dialog');
      await user.click(within(dialog).getByRole('button', { name: words(catalogue, 'app.issueDesk.actions.change') }));
      expect(await within(dialog).findByText(shown)).toBeInTheDocument();
      expect(screen.queryByText(/with this id|already has this priority/)).toBeNull();
    },
  );
});
