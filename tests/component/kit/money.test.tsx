import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '../../../src/kit/format';
import { BalanceField, MoneyField, SignedMoneyField } from '../../../src/kit/MoneyField';
import { renderKit } from './renderKit';

afterEach(() => vi.restoreAllMocks());

describe('MoneyField', () => {
  it('shows an amount in the city currency with grouping and two decimals', async () => {
    renderKit(<MoneyField source="fare" />, { record: { id: 1, fare: 1234.5 } });
    expect(await screen.findByText('KES 1,234.50')).toBeInTheDocument();
  });

  it('reads numeric text as the API sends decimals, and a dash without an amount', async () => {
    renderKit(
      <>
        <MoneyField source="price" />
        <MoneyField source="missing" />
      </>,
      { record: { id: 1, price: '250.00', missing: null } },
    );
    expect(await screen.findByText('KES 250.00')).toBeInTheDocument();
    expect(screen.getByLabelText('none')).toHaveTextContent('—');
  });
});

describe('SignedMoneyField', () => {
  it('shows a credit with a plus and a debit with a minus, and a dash without an amount', async () => {
    renderKit(
      <>
        <span data-testid="credit">
          <SignedMoneyField source="credit" />
        </span>
        <span data-testid="debit">
          <SignedMoneyField source="debit" />
        </span>
        <SignedMoneyField source="missing" />
      </>,
      { record: { id: 1, credit: '150.50', debit: -80, missing: null } },
    );
    expect((await screen.findByTestId('credit')).textContent?.replace(/\s/g, ' ')).toBe('+KES 150.50');
    expect(screen.getByTestId('debit').textContent?.replace(/\s/g, ' ')).toBe('−KES 80.00');
    expect(screen.getByLabelText('none')).toHaveTextContent('—');
  });
});

describe('formatMoney', () => {
  it('formats negatives and refuses what is not a number', () => {
    expect(formatMoney(-80)?.replace(/\s/g, ' ')).toBe('-KES 80.00');
    expect(formatMoney('abc')).toBeUndefined();
    expect(formatMoney(Number.NaN)).toBeUndefined();
  });
});

describe('BalanceField', () => {
  it('shows a balance owed in red and a dash without one', async () => {
    renderKit(
      <>
        <span data-testid="owed">
          <BalanceField source="owed" />
        </span>
        <span data-testid="credit">
          <BalanceField source="credit" />
        </span>
        <BalanceField source="missing" />
      </>,
      { record: { id: 1, owed: -250, credit: 1500, missing: null } },
    );
    const owed = (await screen.findByTestId('owed')).firstElementChild!;
    expect(owed.textContent?.replace(/\s/g, ' ')).toBe('-KES 250.00');
    expect(owed.className).toMatch(/MuiTypography/);
    expect(getComputedStyle(owed).fontWeight).toBe('600');
    const credit = screen.getByTestId('credit').firstElementChild!;
    expect(credit.textContent?.replace(/\s/g, ' ')).toBe('KES 1,500.00');
    expect(getComputedStyle(credit).fontWeight).not.toBe('600');
    expect(screen.getByLabelText('none')).toHaveTextContent('—');
  });
});
