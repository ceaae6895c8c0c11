import { describe, expect, it } from 'vitest';
import { csvCell, csvRow, csvRowWriter, readableColumn, readableName } from '../../server/rest/csv.js';

describe('CSV cells', () => {
  it('quotes commas, quotes and line breaks, and doubles inner quotes', () => {
    expect(csvCell('Moi Avenue, CBD')).toBe('"Moi Avenue, CBD"');
    expect(csvCell('the "big" one')).toBe('"the ""big"" one"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('plain')).toBe('plain');
  });

  it('writes times as ISO instants, numbers plainly, nothing for null, JSON for objects', () => {
    expect(csvCell(new Date('2026-03-04T15:00:00Z'))).toBe('2026-03-04T15:00:00.000Z');
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell(null)).toBe('');
    expect(csvCell(false)).toBe('false');
    expect(csvCell({ a: 1 })).toBe('"{""a"":1}"');
    expect(csvCell(['view-Trip', 'view-Driver'])).toBe('"view-Trip, view-Driver"');
  });

  it('keeps text that a spreadsheet would run as a formula inert', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('-2+3+cmd|x')).toBe("'-2+3+cmd|x");
    expect(csvCell('-')).toBe("'-");
  });

  it('leaves a negative amount written as text a number, so a spreadsheet can add it up', () => {
    expect(csvCell('-80.00')).toBe('-80.00');
    expect(csvCell('-12')).toBe('-12');
    expect(csvCell('-12.')).toBe("'-12.");
  });

  it('names a formatted column with its unit', () => {
    expect(readableColumn('fareTotal', 'money')).toBe('Fare total (KES)');
    expect(readableColumn('requestedAt', 'cityTime')).toBe('Requested at (Nairobi time)');
    expect(readableColumn('driverId', undefined)).toBe('Driver ID');
  });

  it('ends rows with CRLF and names columns readably', () => {
    expect(csvRow([1, 'a,b', null])).toBe('1,"a,b",\r\n');
    expect(['id', 'driverId', 'pickupLat', 'fareMinimumTopUp'].map(readableName)).toEqual([
      'ID',
      'Driver ID',
      'Pickup lat',
      'Fare minimum top up',
    ]);
  });

  it('writes a slice of records as the rows csvRow would, one reader per column', () => {
    const records = [
      { id: 1, name: 'Moi Avenue, CBD', at: new Date('2026-03-04T15:00:00Z') },
      { id: 2, name: '-5 minutes', at: null },
      { id: 3, name: 'plain', at: undefined },
    ];
    const write = csvRowWriter<(typeof records)[number]>([(r) => r.id, (r) => r.name, (r) => r.at]);
    const expected = records.map((r) => csvRow([r.id, r.name, r.at]));
    expect(write(records)).toBe(expected.join(''));
    expect(write(records, 1, 2)).toBe(expected[1]);
    expect(write(records, 2, 99)).toBe(expected[2]);
    expect(write(records, 3)).toBe('');
  });
});
