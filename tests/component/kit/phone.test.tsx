import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, SaveButton } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PHONE_MESSAGE } from '../../../src/domain/fieldRules';
import { PhoneField, PhoneInput } from '../../../src/kit/PhoneField';
import { renderKit } from './renderKit';

afterEach(() => vi.restoreAllMocks());

describe('PhoneField', () => {
  it('dials the E.164 form of the number as written', async () => {
    renderKit(<PhoneField source="phone" />, { record: { id: 1, phone: '+254 712 345 678' } });
    expect(await screen.findByRole('link', { name: '+254 712 345 678' })).toHaveAttribute('href', 'tel:+254712345678');
  });

  it('writes the number left to right, also in a right-to-left page (not "254712345678+")', async () => {
    renderKit(<PhoneField source="phone" />, { record: { id: 1, phone: '+254712345678' } });
    expect(await screen.findByRole('link', { name: '+254712345678' })).toHaveAttribute('dir', 'ltr');
  });

  it('shows a dash without a number', async () => {
    renderKit(<PhoneField source="phone" />, { record: { id: 1, phone: '' } });
    expect(await screen.findByLabelText('none')).toHaveTextContent('—');
  });
});

describe('PhoneInput', () => {
  it('refuses an incomplete number with the shared message, and takes a national or an international one', async () => {
    const submitted = vi.fn();
    renderKit(
      <Form onSubmit={submitted} resource="staff-management/staffs">
        <PhoneInput source="phone" />
        <SaveButton alwaysEnable />
      </Form>,
    );
    const user = userEvent.setup();
    const input = await screen.findByLabelText('Phone');
    expect(input).toHaveAttribute('type', 'tel');
    await user.type(input, '0712 345');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PHONE_MESSAGE)).toBeInTheDocument();
    expect(submitted).not.toHaveBeenCalled();

    await user.type(input, ' 678');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submitted).toHaveBeenCalledTimes(1));
    expect(submitted.mock.calls[0][0]).toEqual({ phone: '0712 345 678' });

    await user.clear(input);
    await user.type(input, '+254 712 345 678');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submitted).toHaveBeenCalledTimes(2));
    expect(submitted.mock.calls[1][0]).toEqual({ phone: '+254 712 345 678' });
  });
});
