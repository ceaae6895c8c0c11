import { describe, expect, it } from 'vitest';
import { parseCsv, planResults, settledAfter, type ResultLine } from '../../src/domain/payoutResults';

const lines: ResultLine[] = [
  { id: 1, driverId: 10, driverName: 'Amina', amountCents: 150050, status: 'pending', reference: null },
  { id: 2, driverId: 11, driverName: 'Brian', amountCents: 2000, status: 'paid', reference: 'BULK1' },
  { id: 3, driverId: 12, driverName: 'Chege', amountCents: 0, status: 'pending', reference: null },
];
const HEADER = 'Line,Amount,Status,Reference,Reason';

describe('payout results files', () => {
  it('reads quoted cells, doubled quotes, CRLF and a byte-order mark, leaving blank lines out', () => {
    expect(parseCsv('\uFEFFa,"b, c"\r\n\r\n"say ""hi""",2\n')).toEqual([
      ['a', 'b, c'],
      ['say "hi"', '2'],
    ]);
  });

  it('plans a paid line (its payout written now) and a bank return of a line already paid (no second payout)', () => {
    const plan = planResults(
      7,
      lines,
      `${HEADER}\nPAYOUT-7-10,"1,500.50",Paid,QK1,\npayout-7-11,20.00,failed,,Account closed`,
    );
    expect(plan.problems).toEqual([]);
    expect(plan.paid).toEqual([expect.objectContaining({ lineId: 1, reference: 'QK1', debit: true })]);
    expect(plan.failed).toEqual([expect.objectContaining({ lineId: 2, reason: 'Account closed', debit: false })]);
    expect(settledAfter(lines, plan)).toBe(true);
  });

  it('counts rows whose line is already settled so as unchanged, and a line still pending keeps the batch open', () => {
    const plan = planResults(7, lines, `${HEADER}\nPAYOUT-7-11,20.00,paid,QK2,`);
    expect(plan).toMatchObject({ paid: [], failed: [], unchanged: 1, problems: [] });
    expect(settledAfter(lines, plan)).toBe(false);
  });

  it('names every bad row: nothing to pay, missing reference or reason', () => {
    const plan = planResults(
      7,
      lines,
      `${HEADER}\nPAYOUT-7-12,0.00,paid,QK3,\nPAYOUT-7-10,1500.50,paid,,\nPAYOUT-7-11,20.00,failed,,`,
    );
    expect(plan.problems.map((p) => [p.row, p.code])).toEqual([
      [2, 'nothingToPay'],
      [3, 'referenceNeeded'],
      [4, 'reasonNeeded'],
    ]);
  });

  it('says what is wrong with a file without the columns or rows', () => {
    expect(planResults(7, lines, 'MSISDN,Amount\n2547,1').fileProblem).toBe('noHeader');
    expect(planResults(7, lines, HEADER).fileProblem).toBe('noRows');
  });
});
