import { fireEvent, screen, waitFor } from '@testing-library/react';
import { SimpleForm } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CityDateInput } from '../../../src/kit/CityDateInput';
import { CityDateTimeInput } from '../../../src/kit/CityDateTimeInput';
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
    const input = await screen.findByLabelText('Valid from');
    expect(input).toHaveValue('2030-03-01T08:00');
    expect(screen.getByText('Nairobi time')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: '2030-03-02T09:30' } });
    fireEvent.blur(input);
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ validFrom: '2030-03-02T06:30:00.000Z' });
  });

  it('offers no year outside 1900 … 2099 in the picker, for a date and time and for a day filter', async () => {
    renderKit(
      <SimpleForm record={{ id: 1 }} onSubmit={vi.fn()} toolbar={false}>
        <CityDateTimeInput source="validTo" label="Valid to" />
        <CityDateInput source="calledAt_gte" edge="start" label="Called from" />
      </SimpleForm>,
    );
    const instant = await screen.findByLabelText('Valid to');
    expect(instant).toHaveAttribute('min', '1900-01-01T00:00');
    expect(instant).toHaveAttribute('max', '2099-12-31T23:59');
    const day = screen.getByLabelText('Called from');
    expect(day).toHaveAttribute('min', '1900-01-01');
    expect(day).toHaveAttribute('max', '2099-12-31');
  });
});
