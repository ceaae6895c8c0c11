import { ACTIONS } from '../../../src/domain/resourceActions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTable, Notification, TextInput } from 'react-admin';
import * as yup from 'yup';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ActionDialogButton } from '../../../src/kit/ActionDialog';
import { RelatedList } from '../../../src/kit/RelatedList';
import { sessionOf, superAdminProfile, dispatcherProfile } from '../../unit/support/staffFixtures';
import { listAnswer } from '../support/renderApp';
import { renderKit } from './renderKit';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ACTION = 'POST /api/trip/sos-call-logs/9/acknowledge';
const schema = yup.object({ note: yup.string().trim().required('Write a note') });

const ui = (
  <>
    <ActionDialogButton
      action={ACTIONS['sos-call-logs'].acknowledge}
      label="Acknowledge"
      title="Acknowledge the SOS"
      description="Say what you did."
      confirmLabel="Send"
      schema={schema}
      defaultValues={{ note: '' }}
    >
      <TextInput source="note" label="Note" />
    </ActionDialogButton>
    <Notification />
  </>
);

describe('ActionDialogButton', () => {
  it("checks the body with the schema, sends only the form's values, shows the server's message and closes", async () => {
    const { api } = renderKit(ui, {
      session: sessionOf(superAdminProfile),
      resource: 'sos-call-logs',
      record: { id: 9, status: 'new', notes: 'from the record' },
      api: { [ACTION]: { json: { data: { id: 9 }, message: 'SOS acknowledged' } } },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Acknowledge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Acknowledge the SOS' });
    expect(dialog).toHaveTextContent('Say what you did.');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Write a note')).toBeInTheDocument();
    expect(api.to(ACTION)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Note'), 'Called the driver');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('SOS acknowledged')).toBeInTheDocument();
    expect(api.to(ACTION)[0].body).toEqual({ note: 'Called the driver' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("keeps the dialog open with the server's field message; Cancel closes it without a call", async () => {
    const { api } = renderKit(ui, {
      session: sessionOf(superAdminProfile),
      resource: 'sos-call-logs',
      record: { id: 9 },
      api: { [ACTION]: { status: 400, json: { message: 'Invalid', errors: { note: 'Already acknowledged' } } } },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Acknowledge' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Note'), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Already acknowledged')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.to(ACTION)).toHaveLength(1);
  });
});

const related = (
  <RelatedList title="Reviews" reference="reviews" target="passengerId" empty="Nothing yet" data-testid="related">
    <DataTable bulkActionButtons={false}>
      <DataTable.Col source="comment" />
    </DataTable>
  </RelatedList>
);

describe('RelatedList', () => {
  it('lists the related records by the target field, or says there are none', async () => {
    const { api } = renderKit(related, {
      session: sessionOf(superAdminProfile),
      record: { id: 3 },
      resource: 'passenger-management/passengers',
      api: { 'GET /api/trip/reviews': listAnswer('reviews', [{ id: 1, comment: 'Kind driver' }]) },
    });
    expect(await screen.findByText('Kind driver')).toBeInTheDocument();
    expect(JSON.parse(api.to('GET /api/trip/reviews')[0].query.get('filter') ?? '')).toEqual({ passengerId: 3 });

    renderKit(related, {
      session: sessionOf(superAdminProfile),
      record: { id: 4 },
      resource: 'passenger-management/passengers',
      api: { 'GET /api/trip/reviews': listAnswer('reviews', []) },
    });
    expect(await screen.findByText('Nothing yet')).toBeInTheDocument();
  });

  it('shows an error with a retry that loads again', async () => {
    let fail = true;
    renderKit(related, {
      session: sessionOf(superAdminProfile),
      record: { id: 5 },
      resource: 'passenger-management/passengers',
      api: {
        'GET /api/trip/reviews': () =>
          fail
            ? { status: 500, json: { message: 'Boom' } }
            : { ...listAnswer('reviews', [{ id: 2, comment: 'Back' }]) },
      },
    });
    const retry = await screen.findByRole('button', { name: 'Retry' });
    fail = false;
    await userEvent.setup().click(retry);
    expect(await screen.findByText('Back')).toBeInTheDocument();
  });

  it('asks nothing without the list permission', async () => {
    const { api } = renderKit(related, {
      session: sessionOf({
        ...dispatcherProfile,
        role: { id: 9, name: 'None', permissions: [{ name: 'view-Passenger' }] },
      }),
      record: { id: 6 },
      resource: 'passenger-management/passengers',
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByTestId('related')).not.toBeInTheDocument();
    expect(api.to('GET /api/trip/reviews')).toHaveLength(0);
  });
});
