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
  it.each([
    { balance: -250, text: '-KES 250.00', weight: '600', why: 'in bold when below zero (owed)' },
    { balance: 1500, text: 'KES 1,500.00', weight: '400', why: 'in plain weight otherwise' },
  ])('shows $balance $why', async ({ balance, text, weight }) => {
    renderKit(<BalanceField source="balance" />, { record: { id: 1, balance } });
    const shown = await screen.findByText(
      (_, node) => node?.tagName === 'SPAN' && node.textContent?.replace(/\s/g, ' ') === text,
    );
    expect(getComputedStyle(shown).fontWeight).toBe(weight);
  });

  it('shows a dash without a balance', async () => {
    renderKit(<BalanceField source="balance" />, { record: { id: 1, balance: null } });
    expect(await screen.findByLabelText('none')).toHaveTextContent('—');
  });
});
