import { fireEvent, screen, waitFor } from '@testing-library/react';
import { SimpleForm } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
});
