/**
 * csv.ts's cells written by PostgreSQL: the same bytes as `csvCell` gives for the value pg would
 * have parsed (numbers as JavaScript prints them, booleans, text with the formula guard and
 * quoting), so an export can let the database write whole lines (copyExport.ts, COPY). Each function
 * takes the SQL of a value (evaluated once per row by the caller: it is repeated here) and answers
 * the SQL of its cell, never null.
 */
import pg from 'pg';
import { SECRET_TAIL_MIN_LENGTH } from './secrets.js';

/** PostgreSQL type OIDs this file writes. */
const OID = {
  bool: 16,
  int8: 20,
  int2: 21,
  int4: 23,
  text: 25,
  name: 19,
  float4: 700,
  float8: 701,
  bpchar: 1042,
  varchar: 1043,
  date: 1082,
  numeric: 1700,
  textArray: 1009,
  varcharArray: 1015,
} as const;

/** Whether csvText puts an apostrophe before this text: a spreadsheet would run it as a formula. */
const needsFormulaGuardSql = (v: string) =>
  `ascii(${v}) in (61, 43, 64, 9, 13) or (ascii(${v}) = 45 and ${v} !~ E'^-?[0-9]+(\\\\.[0-9]+)?$')`;

/** The apostrophe csvText puts before text a spreadsheet would run as a formula, or ''. */
const formulaGuardSql = (v: string) => `case when ${needsFormulaGuardSql(v)} then '''' else '' end`;

/**
 * Text as csvText writes it: a leading apostrophe before =, +, @, a tab, a carriage return, or a
 * minus that does not start a plain number; quoted (quotes doubled) when it holds a quote, comma or
 * line break. The apostrophe never needs quoting, so quoting looks at the value alone (four strpos
 * calls: half the time of one regular expression over a million cells).
 */
export function csvTextSql(v: string): string {
  const guard = formulaGuardSql(v);
  return `case when ${v} is null then '' when strpos(${v}, '"') > 0 or strpos(${v}, ',') > 0 or strpos(${v}, E'\\n') > 0 or strpos(${v}, E'\\r') > 0 then '"' || ${guard} || replace(${v}, '"', '""') || '"' else ${guard} || ${v} end`;
}

/**
 * A double as JavaScript's String(number) prints it. PostgreSQL's shortest output has the same
 * digits but its own exponent rules (exponent below 1e-4 and from 1e15, two-digit exponents);
 * JavaScript writes plain digits from 1e-6 to 1e21 and exponents without a leading zero.
 */
export function jsNumberSql(v: string): string {
  const t = `${v}::text`;
  const mantissa = `split_part(${t}, 'e', 1)`;
  const exponent = `split_part(${t}, 'e', 2)::int`;
  const digits = `replace(replace(${mantissa}, '-', ''), '.', '')`;
  const sign = `case when ${v} < 0 then '-' else '' end`;
  const expanded = `case when ${exponent} < 0 then ${sign} || '0.' || repeat('0', -${exponent} - 1) || ${digits}
    when length(${digits}) - 1 > ${exponent} then ${sign} || left(${digits}, ${exponent} + 1) || '.' || substr(${digits}, ${exponent} + 2)
    else ${sign} || ${digits} || repeat('0', ${exponent} - length(${digits}) + 1) end`;
  return `case when ${v} is null then '' when ${v} = 0 then '0'
    when abs(${v}) >= 1e-4::float8 and abs(${v}) < 1e15::float8 then ${t}
    when abs(${v}) < 1e-6::float8 or abs(${v}) >= 1e21::float8 then regexp_replace(${t}, 'e([+-])0+', 'e\\1')
    else ${expanded} end`;
}

/**
 * The masked form of a secret, as maskSecret writes a string (the last four characters behind a
 * mask; the mask alone under SECRET_TAIL_MIN_LENGTH characters).
 */
export const maskedSql = (v: string) =>
  `case when ${v} = '' then '' when length(${v}) < ${SECRET_TAIL_MIN_LENGTH} then '••••' else '••••' || right(${v}, 4) end`;

/**
 * The SQL of a cell for a value of PostgreSQL type `oid` (as `ref`), or undefined when the JS path
 * must write it (json, timestamps unformatted, other types: their JavaScript form is not reproduced).
 * `secret` masks a text value first.
 */
export function csvCellSql(ref: string, oid: number, secret = false): string | undefined {
  if (secret) return [OID.text, OID.varchar, OID.bpchar].includes(oid as 25) ? csvTextSql(maskedSql(ref)) : undefined;
  switch (oid) {
    case OID.int2:
    case OID.int4:
    case OID.int8:
      return `coalesce(${ref}::text, '')`;
    case OID.numeric:
      // pg parses a numeric into a Number: "12.50" prints as 12.5, "3.00" as 3.
      return `coalesce(trim_scale(${ref})::text, '')`;
    case OID.float8:
      return jsNumberSql(ref);
    case OID.float4:
      // pg parses float4's shortest text as a double.
      return jsNumberSql(`${ref}::text::float8`);
    case OID.bool:
      return `case when ${ref} then 'true' when not ${ref} then 'false' else '' end`;
    case OID.text:
    case OID.varchar:
    case OID.bpchar:
    case OID.name:
      return csvTextSql(ref);
    case OID.date:
      // pg keeps a DATE as its text (db/index.ts).
      return csvTextSql(`${ref}::text`);
    case OID.textArray:
    case OID.varcharArray:
      // An array of strings is joined with ", "; one with a null in it is written as JSON.
      return csvTextSql(
        `case when array_position(${ref}, null) is null then array_to_string(${ref}, ', ') else array_to_json(${ref})::text end`,
      );
  }
  return undefined;
}

/**
 * The SQL of a cell's text for `COPY … (FORMAT csv)`, which quotes it itself: the value as
 * csvCellSql writes it (numbers as JavaScript prints them, the formula guard) but unquoted, and
 * NULL for an empty cell (PostgreSQL's CSV quotes an empty string, `""`, and writes a null bare,
 * as csv.ts writes both). PostgreSQL quotes what csv.ts quotes: a cell holding a quote, comma or
 * line break. Undefined where csvCellSql is.
 */
export function csvValueSql(ref: string, oid: number, secret = false): string | undefined {
  const cell = csvCellSql(ref, oid, secret);
  if (cell === undefined) return undefined;
  // The apostrophe is added only where it goes: a concatenation in every text cell of every row cost more.
  // Every character the guard looks for is below 'A' (65), so a cell that starts with a letter, the
  // common case, is passed on after one test: a million trips' ten text cells, 10.9 s → 10.4 s.
  const text = (v: string) =>
    `case when ascii(${v}) > 64 then ${v} when ${needsFormulaGuardSql(v)} then '''' || ${v} else nullif(${v}, '') end`;
  if (secret) return text(maskedSql(ref));
  switch (oid) {
    case OID.int2:
    case OID.int4:
    case OID.int8:
      // COPY writes an integer as its text, and a null bare.
      return ref;
    case OID.numeric:
      return `trim_scale(${ref})`;
    case OID.float8:
      // The common case first: there PostgreSQL's shortest text is JavaScript's.
      return `case when abs(${ref}) >= 1e-4::float8 and abs(${ref}) < 1e15::float8 then ${ref}::text else nullif(${cell}, '') end`;
    case OID.text:
    case OID.varchar:
    case OID.bpchar:
    case OID.name:
      return text(ref);
    case OID.date:
      return text(`${ref}::text`);
    case OID.textArray:
    case OID.varcharArray:
      return text(
        `case when array_position(${ref}, null) is null then array_to_string(${ref}, ', ') else array_to_json(${ref})::text end`,
      );
  }
  // Booleans and float4: '' only for a null.
  return `nullif(${cell}, '')`;
}

/** One bound parameter as an SQL literal (COPY takes no parameters); undefined for a value it cannot write. */
function literal(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'NULL';
  switch (typeof value) {
    case 'string':
      return pg.escapeLiteral(value);
    case 'number':
      return Number.isFinite(value) ? `'${value}'` : undefined;
    case 'bigint':
    case 'boolean':
      return `'${value}'`;
  }
  if (value instanceof Date) return `'${value.toISOString()}'`;
  return undefined;
}

/**
 * The statement with its `$n` placeholders replaced by the parameters as literals, each untyped as
 * a parameter is, so PostgreSQL resolves it from its context alike. Quoted strings and identifiers
 * are left as they are. Undefined when a parameter cannot be written as a literal.
 */
export function inlineParameters(text: string, parameters: readonly unknown[]): string | undefined {
  const literals = parameters.map(literal);
  if (literals.some((l) => l === undefined)) return undefined;
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === "'" || c === '"') {
      let end = i + 1;
      for (;;) {
        end = text.indexOf(c, end);
        if (end < 0) return undefined;
        if (text[end + 1] === c) end += 2;
        else break;
      }
      out += text.slice(i, end + 1);
      i = end + 1;
      continue;
    }
    if (c === '$' && /[0-9]/.test(text[i + 1] ?? '') && !/[\w$]/.test(text[i - 1] ?? '')) {
      let end = i + 1;
      while (/[0-9]/.test(text[end] ?? '')) end++;
      const n = Number(text.slice(i + 1, end));
      if (n < 1 || n > literals.length) return undefined;
      out += literals[n - 1];
      i = end;
      continue;
    }
    out += c;
    i++;
  }
  return out;
}
