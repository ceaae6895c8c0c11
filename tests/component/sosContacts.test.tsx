import { fireEvent, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { P } from '../../src/domain/permissions';
import type { StaffProfile } from '../../src/session';
import { sessionOf, superAdminProfile } from '../unit/support/staffFixtures';
import { listAnswer, renderApp, screen } from './support/renderApp';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const contact = (id: number, name: string, phone: string, displayOrder: number) => ({
  id,
  name,
  phone,
  description: null,
  active: true,
  displayOrder,
  createdAt: '2026-11-01T10:00:00Z',
  updatedAt: '2026-11-01T10:00:00Z',
});
const contacts = [
  contact(3, 'Police', '999', 1),
  contact(1, 'Ambulance', '112', 2),
  contact(2, 'Fire brigade', '+254700000111', 3),
];

const api = {
  'GET /api/trip/sos-contacts': listAnswer('sos-contacts', contacts),
  'GET /api/trip/sos-call-logs': listAnswer('sos-call-logs', []),
  'POST /api/trip/sos-contacts/3/move': { json: { data: contacts[0], message: 'Police is now number 3' } },
  'POST /api/trip/sos-contacts/2/move': { json: { data: contacts[2], message: 'Fire brigade is now number 1' } },
};

const viewer: StaffProfile = {
  ...superAdminProfile,
  id: 8,
  role: { id: 9, name: 'Viewer', permissions: [P.viewSosContacts].map((name) => ({ name })) },
};

const handles = () => screen.getAllByTestId('drag-handle');
/** jsdom has no DataTransfer: what the handlers use of it. */
const dataTransfer = () => ({ setData: vi.fn(), getData: vi.fn(), effectAllowed: 'all', dropEffect: 'none' });
/** The list's own live region (the layout has others: the page announcement, the SOS banner's). */
const announcement = () => screen.getByTestId('reorder-announcement');
const rows = () => within(screen.getByTestId('contacts-reorder')).getAllByRole('row').slice(1);

describe('emergency contacts', () => {
  it('reorders from the keyboard: Space picks up, arrows move, Space drops at the new position', async () => {
    const { user, api: calls } = renderApp('/sos-contacts', { session: sessionOf(superAdminProfile), api });
    await screen.findByText('Fire brigade');
    await screen.findAllByTestId('drag-handle');
    const police = handles()[0];
    expect(police).toHaveAccessibleName('Drag Police to another place, or press Space to pick it up');
    police.focus();
    await user.keyboard(' ');
    expect(announcement()).toHaveTextContent(
      'Police picked up at number 1. Arrow keys to move, Space to drop, Escape to cancel.',
    );
    expect(police).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(announcement()).toHaveTextContent('Police would go to number 3.');
    await user.keyboard(' ');
    await waitFor(() => expect(calls.to('POST /api/trip/sos-contacts/3/move')).toHaveLength(1));
    expect(calls.to('POST /api/trip/sos-contacts/3/move')[0].body).toEqual({ position: 3 });
    expect(await screen.findByText('Police is now number 3')).toBeInTheDocument();
  });

  it('cancels a keyboard move with Escape, and sends nothing when dropped in place', async () => {
    const { user, api: calls } = renderApp('/sos-contacts', { session: sessionOf(superAdminProfile), api });
    await screen.findByText('Fire brigade');
    (await screen.findAllByTestId('drag-handle'))[0].focus();
    await user.keyboard(' {ArrowDown}{Escape}');
    expect(announcement()).toHaveTextContent('Move of Police cancelled.');
    await user.keyboard(' {ArrowUp} ');
    expect(announcement()).toHaveTextContent('Police dropped at number 1.');
    expect(calls.to('POST /api/trip/sos-contacts/3/move')).toHaveLength(0);
  });

  it('reorders by dragging a handle onto another row', async () => {
    const { api: calls } = renderApp('/sos-contacts', { session: sessionOf(superAdminProfile), api });
    await screen.findByText('Fire brigade');
    await screen.findAllByTestId('drag-handle');
    const transfer = dataTransfer();
    fireEvent.dragStart(handles()[2], { dataTransfer: transfer });
    expect(transfer.setData).toHaveBeenCalledWith('text/plain', '2');
    fireEvent.dragOver(within(rows()[0]).getByText('Police'), { dataTransfer: transfer });
    fireEvent.drop(within(rows()[0]).getByText('Police'), { dataTransfer: transfer });
    await waitFor(() => expect(calls.to('POST /api/trip/sos-contacts/2/move')).toHaveLength(1));
    expect(calls.to('POST /api/trip/sos-contacts/2/move')[0].body).toEqual({ position: 1 });
    // The up and down buttons stay, for one-place moves.
    expect(screen.getByRole('button', { name: 'Move Ambulance up' })).toBeInTheDocument();
  });

  it('offers no handle or buttons to staff who may only view contacts', async () => {
    renderApp('/sos-contacts', { session: sessionOf(viewer), api });
    await screen.findByText('Fire brigade');
    await screen.findByTestId('contacts-reorder');
    expect(screen.queryByTestId('drag-handle')).not.toBeInTheDocument();
    expect(screen.queryByTestId('move-up')).not.toBeInTheDocument();
  });
});
