import { act, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecordedRequest } from '../unit/support/fetchStub';
import { sessionOf, superAdminProfile } from '../unit/support/staffFixtures';
import { listAnswer, renderApp, screen } from './support/renderApp';
import { shownDate, typeDate } from './support/dateFields';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const filterOf = (request: RecordedRequest) =>
  JSON.parse(request.query.get('filter') ?? '{}') as Record<string, unknown>;

/*
 * Role queries over the whole panel (menu, top bar, list) compute every element's accessible name and
 * style, and a findBy* prints the whole page on each failed try: the slow part of these tests. The
 * queries below wait for a row by its text, then look inside the row, the filter's input or the open
 * listbox only.
 */

/** The list asks again once the filters have not changed for its debounce (500 ms): on a fake clock, at once. */
const FILTER_DEBOUNCE_MS = 500;
const afterDebounce = () => act(() => vi.advanceTimersByTimeAsync(FILTER_DEBOUNCE_MS));

/** The table row holding `text`, once the list shows it. */
const rowWith = async (text: string) => (await screen.findByText(text)).closest('tr')!;

/** Opens the filter select labelled `label` and picks `option` in its listbox. */
async function choose(user: ReturnType<typeof renderApp>['user'], label: string, option: string) {
  const select = screen.getByLabelText(label);
  expect(select).toHaveAttribute('role', 'combobox');
  await user.click(select);
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}

const entries = [
  {
    id: 5,
    staffId: 1,
    staffName: 'Ada Admin',
    resource: 'staffs',
    recordId: '7',
    action: 'update',
    before: { status: 'active', updatedAt: '2025-03-01T09:00:00Z' },
    after: { status: 'inactive', updatedAt: '2025-03-01T10:00:00Z' },
    createdAt: '2025-03-01T10:00:00Z',
  },
];

describe('the audit log', () => {
  // The clock only jumps the filters' debounce (afterDebounce); otherwise it runs on with real time.
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });

  it('filters by staff member, resource, action and time, and shows what changed', async () => {
    const { user, api } = renderApp('/staff-management/audit-logs', {
      session: sessionOf(superAdminProfile),
      api: {
        'GET /api/user/audit-logs': listAnswer('audit-logs', entries),
        'GET /api/user/staffs': listAnswer('staffs', [
          { id: 1, fullName: 'Ada Admin', firstName: 'Ada', lastName: 'Admin' },
        ]),
      },
    });
    const row = await rowWith('Staff #7');
    expect(await within(row).findByRole('link', { name: 'Ada Admin' })).toHaveAttribute(
      'href',
      '/staff-management/staffs/1',
    );
    expect(within(row).getByText('Status')).toBeInTheDocument();

    await choose(user, 'Resource', 'Roles');
    await afterDebounce();
    await waitFor(() => expect(filterOf(api.to('GET /api/user/audit-logs').at(-1)!)).toEqual({ resource: 'roles' }));

    await choose(user, 'Action', 'Deleted');
    await afterDebounce();
    await waitFor(() =>
      expect(filterOf(api.to('GET /api/user/audit-logs').at(-1)!)).toEqual({ resource: 'roles', action: 'delete' }),
    );

    // The field shows and takes the panel's format, day first, on the city's clock as the list's
    // times are: 08:30 in Nairobi is 05:30 UTC, whatever the browser's zone.
    await typeDate(user, 'From', '010320250830');
    expect(shownDate('From')).toBe('01/03/2025, 08:30');
    await afterDebounce();
    await waitFor(() =>
      expect(filterOf(api.to('GET /api/user/audit-logs').at(-1)!)).toEqual({
        resource: 'roles',
        action: 'delete',
        createdAt_gte: '2025-03-01T05:30:00.000Z',
      }),
    );

    await user.type(screen.getByLabelText('Staff member'), 'Ada');
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Ada Admin' }));
    await afterDebounce();
    await waitFor(() => expect(filterOf(api.to('GET /api/user/audit-logs').at(-1)!)).toMatchObject({ staffId: 1 }));
  });

  it("offers the engine's actions in the action filter and colours their chips", async () => {
    const { user, api } = renderApp('/staff-management/audit-logs', {
      session: sessionOf(superAdminProfile),
      api: {
        'GET /api/user/audit-logs': listAnswer('audit-logs', [
          { ...entries[0], id: 6, action: 'approve-document', resource: 'drivers', before: {}, after: {} },
          { ...entries[0], id: 7, action: 'block', resource: 'passengers', before: {}, after: {} },
        ]),
        'GET /api/user/audit-logs/actions': {
          json: { data: ['create', 'update', 'delete', 'approve-document', 'block', 'documents-expired'] },
        },
        'GET /api/user/staffs': listAnswer('staffs'),
      },
    });
    const approved = await screen.findByText('Approve document');
    expect(approved.closest('.MuiChip-root')).toHaveClass('MuiChip-colorSuccess');
    expect(screen.getByText('Block').closest('.MuiChip-root')).toHaveClass('MuiChip-colorError');

    await user.click(screen.getByLabelText('Action'));
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(expect.arrayContaining(['Created', 'Deleted', 'Approve document', 'Block', 'Documents expired']));
    await user.click(within(listbox).getByRole('option', { name: 'Documents expired' }));
    await afterDebounce();
    await waitFor(() =>
      expect(filterOf(api.to('GET /api/user/audit-logs').at(-1)!)).toEqual({ action: 'documents-expired' }),
    );
  });

  it('expands a row to the fields before and after', async () => {
    const { user } = renderApp('/staff-management/audit-logs', {
      session: sessionOf(superAdminProfile),
      api: {
        'GET /api/user/audit-logs': listAnswer('audit-logs', entries),
        'GET /api/user/staffs': listAnswer('staffs'),
      },
    });
    // A click on the row opens it (the expand icon itself is hidden from assistive technology).
    await user.click(await screen.findByText('Status'));
    const changes = within(await screen.findByTestId('audit-changes'));
    expect(changes.getAllByRole('row').map((row) => row.textContent)).toEqual([
      'FieldBeforeAfter',
      // The staff status's labels, as the staff list shows them, not the stored codes.
      'StatusActiveInactive',
    ]);
  });

  it('names changed fields by their labels, once each, never by their code names', async () => {
    const issueEntry = {
      id: 6,
      staffId: 1,
      staffName: 'Ada Admin',
      resource: 'issues',
      recordId: '12',
      action: 'assign',
      before: { assigneeId: null, assigneeName: null, handledAt: null },
      after: { assigneeId: 4, assigneeName: 'Sam Support', handledAt: '2025-03-01T10:00:00Z' },
      createdAt: '2025-03-01T10:00:00Z',
    };
    renderApp('/staff-management/audit-logs', {
      session: sessionOf(superAdminProfile),
      api: {
        'GET /api/user/audit-logs': listAnswer('audit-logs', [issueEntry]),
        'GET /api/user/staffs': listAnswer('staffs'),
      },
    });
    const row = await rowWith('Assignee, Handled at');
    expect(row).not.toHaveTextContent('Assignee, Assignee');
    expect(row).not.toHaveTextContent('handledAt');
    // The kit's one date format ("1 Mar 2025, 13:00", Nairobi time), not "01/03/2025, 13:00".
    expect(row).toHaveTextContent('1 Mar 2025, 13:00');
  });

  it('shows an undo as the undo of its entry, with a link to it, not as a reinstatement with the reason', async () => {
    const suspension = {
      ...entries[0],
      id: 500,
      resource: 'drivers',
      recordId: '3',
      action: 'suspend',
      before: { suspendedAt: null, suspensionReason: null },
      after: {
        suspendedAt: '2025-03-01T10:00:00Z',
        suspensionReason: 'Test: document audit pending',
        reason: 'Test: document audit pending',
      },
    };
    const undo = {
      ...suspension,
      id: 501,
      action: 'undo',
      undoOf: 500,
      undoOfAction: 'suspend',
      before: suspension.after,
      after: { suspendedAt: null, suspensionReason: null },
    };
    const { user, api } = renderApp('/staff-management/audit-logs', {
      session: sessionOf(superAdminProfile),
      api: {
        'GET /api/user/audit-logs': listAnswer('audit-logs', [undo, suspension]),
        'GET /api/user/staffs': listAnswer('staffs'),
      },
    });
    const link = await screen.findByRole('link', { name: 'Undo of Suspend, entry #500' });
    const row = link.closest('tr')!;
    expect(within(row).getByText('Undo').closest('.MuiChip-root')).not.toBeNull();
    expect(row).not.toHaveTextContent('Reinstate');
    expect(row).not.toHaveTextContent('Reason');
    expect(decodeURIComponent(link.getAttribute('href')!)).toBe('/staff-management/audit-logs?filter={"id":500}');
    // The suspension itself keeps its own chip.
    expect(screen.getByText('Suspend').closest('.MuiChip-root')).toHaveClass('MuiChip-colorError');
    await user.click(link);
    await waitFor(() => expect(filterOf(api.to('GET /api/user/audit-logs').at(-1)!)).toEqual({ id: 500 }));
  });
});
