import { describe, expect, it } from 'vitest';
import { csvCell, csvRow, readableName } from '../../server/rest/csv.js';

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
});
