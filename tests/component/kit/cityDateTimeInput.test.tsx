import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SimpleForm } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CityDateInput } from '../../../src/kit/CityDateInput';
import { CityDateTimeInput } from '../../../src/kit/CityDateTimeInput';
import { dateField, shownDate, typeDate } from '../support/dateFields';
import { renderKit } from './renderKit';

afterEach(() => vi.restoreAllMocks());

describe('CityDateTimeInput', () => {
  it('shows a stored instant on the Nairobi clock and stores a typed time as Nairobi’s', async () => {
    const onSubmit = vi.fn();
    renderKit(
      <SimpleForm record={{ id: 1, validFrom: '2030-03-01T05:00:00.000Z' }} onSubmit={onSubmit} toolbar={false}>
        <CityDateTimeInput source="validFrom" label="Valid from" />
      </SimpleForm>,
    );
    const user = userEvent.setup();
    await waitFor(() => expect(shownDate('Valid from')).toBe('01/03/2030, 08:00'));
    expect(screen.getByText('Nairobi time')).toBeInTheDocument();
    await typeDate(user, 'Valid from', '020320300930');
    await user.tab();
    document.querySelector('form')!.requestSubmit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ validFrom: '2030-03-02T06:30:00.000Z' });
  });

  it('offers no year outside 1900 … 2099 in the calendar, for a date and time and for a day filter', async () => {
    renderKit(
      <SimpleForm record={{ id: 1 }} onSubmit={vi.fn()} toolbar={false}>
        <CityDateTimeInput source="validTo" label="Valid to" />
        <CityDateInput source="calledAt_gte" edge="start" label="Called from" />
      </SimpleForm>,
    );
    const user = userEvent.setup();
    for (const label of ['Valid to', 'Called from']) {
      await user.click(within(dateField(label).parentElement!).getByRole('button', { name: /Choose date/ }));
      const calendar = await screen.findByRole('dialog');
      await user.click(within(calendar).getByRole('button', { name: /calendar view is open/ }));
      const years = within(calendar)
        .getAllByRole('radio')
        .map((year) => Number(year.textContent));
      expect(Math.min(...years)).toBe(1900);
      expect(Math.max(...years)).toBe(2099);
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }
  });
});
