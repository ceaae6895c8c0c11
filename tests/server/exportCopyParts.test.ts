import { describe, expect, it } from 'vitest';
import { CopyBinaryText, CsvLinesCrlf } from '../../server/db/copy.js';
import { inlineParameters } from '../../server/rest/csvSql.js';

/** A `COPY … (FORMAT binary)` stream of one text column, as PostgreSQL writes it. */
function binaryCopy(values: (string | null)[], extension = Buffer.alloc(0)): Buffer {
  const header = Buffer.alloc(19);
  header.write('PGCOPY\n\xff\r\n\0', 0, 'latin1');
  header.writeUInt32BE(0, 11);
  header.writeUInt32BE(extension.length, 15);
  const rows = values.map((value) => {
    const bytes = value === null ? Buffer.alloc(0) : Buffer.from(value, 'utf8');
    const row = Buffer.alloc(6);
    row.writeInt16BE(1, 0);
    row.writeInt32BE(value === null ? -1 : bytes.length, 2);
    return Buffer.concat([row, bytes]);
  });
  const trailer = Buffer.alloc(2);
  trailer.writeInt16BE(-1, 0);
  return Buffer.concat([header, extension, ...rows, trailer]);
}

const read = (chunks: Buffer[]) => {
  const frames = new CopyBinaryText();
  const out = chunks.flatMap((chunk) => frames.take(chunk));
  return { text: Buffer.concat(out).toString('utf8'), complete: frames.complete };
};

describe('CopyBinaryText: the bytes of a one-column binary COPY', () => {
  const values = ['ID,Name\r\n', '1,"Wanjiru, Achieng"\r\n', '', null, "2,'=1+1,Nairobi 🚕\r\n"];
  const expected = values.join('');
  const stream = binaryCopy(values);

  it('gives the values back byte for byte, however the chunks split them', () => {
    expect(read([stream])).toEqual({ text: expected, complete: true });
    for (let cut = 1; cut < stream.length; cut++)
      expect(read([stream.subarray(0, cut), stream.subarray(cut)]).text).toBe(expected);
    const bytes = [...stream].map((b) => Buffer.from([b]));
    expect(read(bytes)).toEqual({ text: expected, complete: true });
  });

  it('is not complete until the trailer, and skips a header extension', () => {
    expect(read([stream.subarray(0, stream.length - 1)]).complete).toBe(false);
    expect(read([binaryCopy(['a'], Buffer.alloc(8, 7))])).toEqual({ text: 'a', complete: true });
  });

  it('refuses what is not a one-column binary COPY', () => {
    expect(() => read([Buffer.from('id,name\n1,x\n'.padEnd(40, ' '))])).toThrow('bad signature');
    const twoColumns = binaryCopy(['a']);
    twoColumns.writeInt16BE(2, 19);
    expect(() => read([twoColumns])).toThrow('2 columns, one expected');
  });
});

describe("CsvLinesCrlf: PostgreSQL's CSV lines ended with CRLF", () => {
  const csv = Buffer.from('1,"Wanjiru, Achieng",\n2,"two\nlines ""quoted""\n",x\n3,\'=1+1,"a""\n"\n');
  const expected = '1,"Wanjiru, Achieng",\r\n2,"two\nlines ""quoted""\n",x\r\n3,\'=1+1,"a""\n"\r\n';
  const convert = (chunks: Buffer[]) => {
    const lines = new CsvLinesCrlf();
    return Buffer.concat(chunks.flatMap((chunk) => lines.take(chunk))).toString('utf8');
  };

  it('ends each line with CRLF and leaves a line break inside a quoted cell alone, however the chunks split it', () => {
    expect(convert([csv])).toBe(expected);
    for (let cut = 1; cut < csv.length; cut++)
      expect(convert([csv.subarray(0, cut), csv.subarray(cut)])).toBe(expected);
    expect(convert([...csv].map((b) => Buffer.from([b])))).toBe(expected);
  });
});

describe('inlineParameters: a statement for COPY, which takes no parameters', () => {
  it('writes each parameter as an untyped literal where its placeholder was, leaving quoted text alone', () => {
    expect(
      inlineParameters(`select "a$1", '$2 it''s' from t where x = $1 and y in ($2, $3) and z = $10`, [
        "O'Brien",
        12.5,
        null,
        true,
        5,
        6,
        7,
        8,
        9,
        new Date('2026-11-24T10:00:00Z'),
      ]),
    ).toBe(
      `select "a$1", '$2 it''s' from t where x = 'O''Brien' and y in ('12.5', NULL) and z = '2026-11-24T10:00:00.000Z'`,
    );
    expect(inlineParameters('select $1', ['back\\slash'])).toBe(`select  E'back\\\\slash'`);
  });

  it('gives up (the JS path runs) on a value it cannot write or a placeholder without a value', () => {
    expect(inlineParameters('select $1', [[1, 2]])).toBeUndefined();
    expect(inlineParameters('select $1', [{ a: 1 }])).toBeUndefined();
    expect(inlineParameters('select $1', [Number.NaN])).toBeUndefined();
    expect(inlineParameters('select $2', [1])).toBeUndefined();
    expect(inlineParameters("select 'unterminated", [])).toBeUndefined();
  });
});
