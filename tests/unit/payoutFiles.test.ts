import { describe, expect, it } from 'vitest';
import { maskAccountNumber, payoutDetailsProblem, payoutDetailsSchema } from '../../src/domain/payoutDetails';
import { bankTransferRows, splitForFiles, totalCents, type LineToPay } from '../../src/domain/payoutFiles';

const bankDriver = {
  payoutMethod: 'bank',
  bankAccountHolder: 'JANE WANJIKU',
  bankCode: '68',
  bankBranchCode: '045',
  bankAccountNumber: '0450198765432',
};

describe('payout details', () => {
  it('needs every bank detail for a bank payout, naming the first one missing or wrong', () => {
    expect(payoutDetailsProblem(bankDriver)).toBeUndefined();
    expect(payoutDetailsProblem({ ...bankDriver, bankAccountHolder: ' ' })).toEqual({
      field: 'bankAccountHolder',
      message: 'Account holder is required to pay by bank',
    });
    expect(payoutDetailsProblem({ ...bankDriver, bankCode: '99' })?.field).toBe('bankCode');
    expect(payoutDetailsProblem({ ...bankDriver, bankBranchCode: '4500' })).toEqual({
      field: 'bankBranchCode',
      message: 'Branch code must be 3 digits',
    });
    expect(payoutDetailsProblem({ ...bankDriver, bankAccountNumber: null })?.message).toBe(
      'Account number is required to pay by bank',
    );
    // M-Pesa needs nothing but a Kenyan mobile, checked when the phone is given.
    expect(payoutDetailsProblem({ payoutMethod: 'mobile_money' })).toBeUndefined();
    expect(payoutDetailsProblem({ payoutMethod: 'mobile_money', phone: '+254711000003' })).toBeUndefined();
    expect(payoutDetailsProblem({ payoutMethod: 'mobile_money', phone: '+256772000003' })?.field).toBe('phone');
  });

  it('takes account numbers as digits, dropping the spaces and dashes people type', async () => {
    expect(await payoutDetailsSchema.validate({ bankAccountNumber: '0450 1987-65432' })).toEqual({
      bankAccountNumber: '0450198765432',
    });
    await expect(payoutDetailsSchema.validate({ bankAccountNumber: '0450O98765432' })).rejects.toThrow(
      'Account number must be 8 to 16 digits, nothing else',
    );
    await expect(payoutDetailsSchema.validate({ bankAccountNumber: '1234567' })).rejects.toThrow();
  });

  it('masks an account number to its last 4 digits', () => {
    expect(maskAccountNumber('0450198765432')).toBe('••••5432');
    expect(maskAccountNumber(null)).toBeNull();
  });
});

describe('payment files', () => {
  const line = (driverId: number, amountCents: number, details: object): LineToPay => ({
    driverId,
    driverName: `Driver ${driverId}`,
    phone: '+254711000003',
    amountCents,
    payoutMethod: 'mobile_money',
    ...details,
  });

  it('splits a batch by how each driver is paid, refuses who cannot be, and leaves out lines of 0', () => {
    const files = splitForFiles([
      line(1, 120_050, {}),
      line(2, 80_025, bankDriver),
      line(3, 0, bankDriver),
      line(4, 5_000, { ...bankDriver, bankBranchCode: null }),
    ]);
    expect(files.mpesa.map((l) => l.driverId)).toEqual([1]);
    expect(files.bank.map((l) => l.driverId)).toEqual([2]);
    expect(files.refused).toEqual([
      {
        driverId: 4,
        driverName: 'Driver 4',
        amountCents: 5_000,
        payoutMethod: 'bank',
        field: 'bankBranchCode',
        reason: 'Branch code is required to pay by bank',
      },
    ]);
    expect(totalCents(files.mpesa) + totalCents(files.bank) + totalCents(files.refused)).toBe(205_075);
  });

  it('writes the bulk EFT rows: beneficiary, account, bank and branch codes, amount, currency, reference, narrative', () => {
    expect(bankTransferRows(7, '2026-11-16', [line(2, 80_025, bankDriver)])).toEqual([
      [
        'Beneficiary Name',
        'Account Number',
        'Bank Code',
        'Branch Code',
        'Amount',
        'Currency',
        'Reference',
        'Narrative',
      ],
      ['JANE WANJIKU', '0450198765432', '68', '045', '800.25', 'KES', 'PAYOUT-7-2', 'Driver payout week of 2026-11-16'],
    ]);
  });
});
