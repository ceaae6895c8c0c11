import { waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, localDay } from '../../src/domain/dateRange';
import { CITY } from '../../src/domain/city';
import { P } from '../../src/domain/permissions';
import { sessionOf, superAdminProfile } from '../unit/support/staffFixtures';
import { listAnswer, renderApp, screen } from './support/renderApp';

/**
 * The review screen (/driver-management/review/:id) with the keyboard: ← and → move between the
 * documents, the expiry warns within 30 days, A approves, and once the last document is approved
 * the screen says so and N opens the next driver in the queue.
 */

beforeEach(() => {
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:file'), revokeObjectURL: vi.fn() });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const admin = sessionOf(superAdminProfile);
const today = localDay(new Date(), CITY.timeZone);
const png = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });

const doc = (id: number, kind: string, status: string, expiryDate: string | null = null) => ({
  id,
  kind,
  fileId: id,
  number: `N-${id}`,
  expiryDate,
  status,
  rejectReason: null,
  note: null,
  reuploadRequestedAt: null,
  reviewedBy: status === 'approved' ? 1 : null,
  reviewedByName: status === 'approved' ? 'Amara Okafor' : null,
  reviewedAt: status === 'approved' ? '2026-11-20T08:00:00Z' : null,
  version: status === 'approved' ? 2 : 1,
  createdAt: '2026-11-19T08:00:00Z',
});

const driver = (id: number, firstName: string, documents: ReturnType<typeof doc>[], approvalStatus = 'pending') => ({
  id,
  firstName,
  lastName: 'Wanjiku',
  phone: `+25471100000${id}`,
  email: null,
  sex: null,
  photo: null,
  licenceNumber: 'DL-1',
  licenceExpiry: '2029-01-31',
  approvalStatus,
  suspendedAt: null,
  suspensionReason: null,
  vehicleTypeId: 1,
  vehicleMake: 'Toyota',
  vehicleModel: 'Axio',
  vehiclePlate: 'KDA 100A',
  vehicleColour: null,
  vehicleYear: null,
  rating: 5,
  online: false,
  onlineState: 'offline',
  creditBalance: 0,
  documents,
  createdAt: '2026-11-19T08:00:00Z',
  updatedAt: '2026-11-19T08:00:00Z',
});

describe('reviewing a driver with the keyboard', () => {
  it('moves between documents with the arrows, warns of an expiry within 30 days, approves with A, then N opens the next driver', async () => {
    const soon = addDays(today, 10);
    let documents = [
      doc(1, 'licence', 'approved', '2029-01-31'),
      doc(2, 'identity', 'approved', '2031-05-01'),
      doc(3, 'insurance', 'approved', soon),
      doc(4, 'vehicle_registration', 'approved'),
      doc(5, 'photo', 'pending'),
    ];
    let status = 'pending';
    const { api, user, location } = renderApp('/driver-management/review/3', {
      session: admin,
      api: {
        'GET /api/user/drivers/3': () => ({ json: driver(3, 'Achieng', documents, status) }),
        'GET /api/user/drivers': listAnswer('drivers', [driver(3, 'Achieng', documents), driver(8, 'Baraka', [])]),
        'GET /api/user/drivers/8': { json: driver(8, 'Baraka', [doc(9, 'licence', 'pending')]) },
        ...Object.fromEntries(
          [1, 2, 3, 4, 5, 9].map((id) => [
            `GET /api/user/files/${id}`,
            { blob: png, headers: { 'Content-Type': 'image/png' } },
          ]),
        ),
        'POST /api/user/drivers/3/approve-document': () => {
          documents = documents.map((d) => (d.id === 5 ? { ...d, status: 'approved', version: 2 } : d));
          status = 'approved';
          return {
            json: {
              data: driver(3, 'Achieng', documents, status),
              message: 'Photo approved. Achieng Wanjiku is now approved to drive.',
            },
          };
        },
      },
    });
    const selected = () => screen.getByRole('tab', { selected: true }).textContent;
    // The first document still waiting opens first.
    await screen.findByRole('img', { name: 'Photo' });
    expect(selected()).toContain('Photo');

    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(selected()).toContain('Vehicle registration'));
    expect(screen.getByText('Plate on the profile')).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(selected()).toContain('Insurance'));
    expect(screen.getByTestId('expiry-warning')).toHaveTextContent('Expires within 30 days');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    await waitFor(() => expect(selected()).toContain('Driving licence'));
    expect(screen.getByText('Licence number on the profile')).toBeInTheDocument();
    expect(screen.queryByTestId('expiry-warning')).toBeNull();
    // From the first, ← wraps to the last.
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(selected()).toContain('Photo'));

    // A approves the photo, the last document: the driver is approved and the next driver offered.
    await user.keyboard('a');
    expect(await screen.findByTestId('now-approved')).toHaveTextContent('Achieng Wanjiku is now approved to drive.');
    const approve = api.to('POST /api/user/drivers/3/approve-document');
    expect(approve).toHaveLength(1);
    expect(approve[0].body).toEqual({ documentId: 5, version: 1 });
    expect(screen.getByTestId('approval-status')).toHaveTextContent('Approved');
    // The queue is asked for waiting drivers, oldest first.
    const queue = api.to('GET /api/user/drivers')[0].query;
    expect(JSON.parse(queue.get('filter') ?? '{}')).toEqual({ approvalStatus: 'pending' });
    expect(queue.get('sort')).toBe('["createdAt","ASC"]');

    await user.keyboard('n');
    await waitFor(() => expect(location()).toBe('/driver-management/review/8'));
    expect(await screen.findByRole('heading', { name: 'Baraka Wanjiku' })).toBeInTheDocument();
  });

  it('lets staff without update-Driver look at the documents but not decide: no buttons, A and R do nothing', async () => {
    const viewer = sessionOf({
      ...superAdminProfile,
      id: 5,
      role: { id: 5, name: 'Auditor', permissions: [P.viewDriver].map((name) => ({ name })) },
    });
    const { api, user } = renderApp('/driver-management/review/3', {
      session: viewer,
      api: {
        'GET /api/user/drivers/3': { json: driver(3, 'Achieng', [doc(5, 'photo', 'pending')]) },
        'GET /api/user/drivers': listAnswer('drivers', []),
        'GET /api/user/files/5': { blob: png, headers: { 'Content-Type': 'image/png' } },
      },
    });
    await screen.findByRole('img', { name: 'Photo' });
    expect(screen.getByText('The document must match')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
    expect(screen.getByText(/Deciding needs the permission to update drivers/)).toBeInTheDocument();
    await user.keyboard('ar');
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('acts on single keys only inside the review area, lists them on "?", and can turn them off', async () => {
    const { api, user } = renderApp('/driver-management/review/3', {
      session: admin,
      api: {
        'GET /api/user/drivers/3': { json: driver(3, 'Achieng', [doc(5, 'photo', 'pending')]) },
        'GET /api/user/drivers': listAnswer('drivers', []),
        'GET /api/user/files/5': { blob: png, headers: { 'Content-Type': 'image/png' } },
      },
    });
    await screen.findByRole('img', { name: 'Photo' });
    const area = screen.getByRole('region', { name: 'Document review' });
    await waitFor(() => expect(area).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Reject' })).toHaveAttribute('aria-keyshortcuts', 'R');

    // With the focus outside the area, a key is only a key.
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('r');
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByRole('dialog')).toBeNull();

    area.focus();
    await user.keyboard('?');
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(help).getByTestId('review-shortcuts')).toHaveTextContent('AApprove');
    expect(within(help).getByTestId('review-shortcuts')).toHaveTextContent('?Show this list');
    await user.click(within(help).getByRole('switch', { name: 'Single-key shortcuts' }));
    await user.click(within(help).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Single-key shortcuts are off.')).toBeInTheDocument();

    area.focus();
    await user.keyboard('ar');
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });
});
