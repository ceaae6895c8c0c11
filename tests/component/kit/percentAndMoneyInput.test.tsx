import { screen } from '@testing-library/react';
import { SimpleForm } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatPercent, formatSignedMoney, formatSignedPercent } from '../../../src/kit/format';
import { MoneyInput, PercentField, PercentInput } from '../../../src/kit/MoneyInput';
import { renderKit } from './renderKit';

afterEach(() => vi.restoreAllMocks());

const plain = (text: string) => text.replace(/\s/g, ' ');

describe('PercentField', () => {
  it('shows a percentage, and a dash without one', async () => {
    renderKit(
      <>
        <PercentField source="commission" />
        <PercentField source="missing" />
      </>,
      { record: { id: 1, commission: '12.50', missing: null } },
    );
    expect(await screen.findByText('12.5 %')).toBeInTheDocument();
    expect(screen.getByLabelText('none')).toHaveTextContent('—');
  });
});

describe('MoneyInput and PercentInput', () => {
  it('show the currency before the amount and % after the percentage', async () => {
    renderKit(
      <SimpleForm toolbar={false} record={{ id: 1, fare: 120, share: 18 }}>
        <MoneyInput source="fare" label="Fare" />
        <PercentInput source="share" label="Share" />
      </SimpleForm>,
    );
    const fare = await screen.findByLabelText('Fare');
    expect(fare).toHaveValue(120);
    expect(fare.closest('.MuiInputBase-root')).toHaveTextContent('KES');
    expect(screen.getByLabelText('Share').closest('.MuiInputBase-root')).toHaveTextContent('%');
  });
});

describe('signed formats', () => {
  it('sign a change, and leave zero and an unknown percentage without one', () => {
    expect(plain(formatSignedMoney(15))).toBe('+KES 15.00');
    expect(plain(formatSignedMoney(-50))).toBe('−KES 50.00');
    expect(plain(formatSignedMoney(0))).toBe('KES 0.00');
    expect(formatSignedPercent(6.1)).toBe('+6.1 %');
    expect(formatSignedPercent(-16.7)).toBe('−16.7 %');
    expect(formatSignedPercent(null)).toBe('—');
    expect(formatPercent('abc')).toBeUndefined();
  });
});
