import { ACTIONS } from '../../../src/domain/resourceActions';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Notification, TextInput } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAction } from '../../../src/dataProviders/useAction';
import { getSession } from '../../../src/session';
import { sessionOf, superAdminProfile } from '../../unit/support/staffFixtures';
import { renderKit } from './renderKit';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ACTION = 'POST /api/trip/sos-call-logs/9/note';

function AcknowledgeForm() {
  const acknowledge = useAction((dataProvider, values: { note: string }) =>
    dataProvider.action(ACTIONS['sos-call-logs'].note, { id: 9, data: values }),
  );
  return (
    <Form onSubmit={acknowledge.submit} defaultValues={{ note: '' }} resource="sos-call-logs">
      <TextInput source="note" label="Note" />
      <button type="submit" disabled={acknowledge.isPending}>
        {acknowledge.isPending ? 'Sending' : 'Acknowledge'}
      </button>
    </Form>
  );
}

const ui = (
  <>
    <AcknowledgeForm />
    <Notification />
  </>
);

describe('useAction', () => {
  it("is pending while the call runs, then shows the server's message", async () => {
    let answer = (): void => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const { api } = renderKit(ui, {
      session: sessionOf(superAdminProfile),
      api: {
        [ACTION]: { json: { data: { id: 9, status: 'acknowledged' }, message: 'SOS acknowledged' }, until: answered },
      },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Note'), 'On my way');
    await user.click(screen.getByRole('button', { name: 'Acknowledge' }));
    expect(await screen.findByRole('button', { name: 'Sending' })).toBeDisabled();
    answer();
    expect(await screen.findByText('SOS acknowledged')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Acknowledge' })).toBeEnabled();
    expect(api.to(ACTION)[0].body).toEqual({ note: 'On my way' });
  });

  it("puts the server's field messages under their inputs", async () => {
    renderKit(ui, {
      session: sessionOf(superAdminProfile),
      api: { [ACTION]: { status: 400, json: { message: 'Invalid', errors: { note: 'Note is too long' } } } },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Note'), 'x');
    await user.click(screen.getByRole('button', { name: 'Acknowledge' }));
    expect(await screen.findByText('Note is too long')).toBeInTheDocument();
    expect(screen.getByLabelText('Note')).toHaveAttribute('aria-invalid', 'true');
  });

  it('ends the session on a 401, as for CRUD', async () => {
    renderKit(ui, {
      session: sessionOf(superAdminProfile),
      api: { [ACTION]: { status: 401, json: { message: 'Login Timeout' } } },
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(getSession()).toBeNull());
  });
});
