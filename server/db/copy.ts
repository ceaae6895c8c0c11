// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the panel's tsconfig (which reaches this file through tests) does not include server/db/*.d.ts
/// <reference path="./pg-copy-streams.d.ts" />
import { Readable } from 'node:stream';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';

/**
 * The bytes of a one-column `COPY … TO STDOUT (FORMAT binary)` stream, without its framing: the
 * 19-byte header, each row's field count (2 bytes) and length (4 bytes), and the trailer. Chunks may
 * split anything anywhere. A row's value is taken as it is (a null, length −1, adds nothing). Binary,
 * not text or csv: those formats escape or quote the value (backslashes, line breaks), binary
 * passes it byte for byte.
 */
export class CopyBinaryText {
  /** Bytes still to skip (header, counts, lengths) before the next thing to read. */
  private state: 'header' | 'extension' | 'count' | 'length' | 'value' | 'end' = 'header';
  /** A fixed-size piece split between chunks. */
  private partial = Buffer.alloc(19);
  private partialSize = 0;
  private valueLeft = 0;

  /** The value bytes in `chunk`, as slices of it (no copy). */
  take(chunk: Buffer): Buffer[] {
    const out: Buffer[] = [];
    let at = 0;
    while (at < chunk.length) {
      if (this.state === 'value') {
        const n = Math.min(this.valueLeft, chunk.length - at);
        out.push(chunk.subarray(at, at + n));
        at += n;
        this.valueLeft -= n;
        if (!this.valueLeft) this.state = 'count';
        continue;
      }
      if (this.state === 'end') throw new Error('COPY binary: data after the trailer');
      const size = this.state === 'header' ? 19 : this.state === 'length' || this.state === 'extension' ? 4 : 2;
      const n = Math.min(size - this.partialSize, chunk.length - at);
      chunk.copy(this.partial, this.partialSize, at, at + n);
      this.partialSize += n;
      at += n;
      if (this.partialSize < size) break;
      this.partialSize = 0;
      const piece = this.partial;
      switch (this.state) {
        case 'header':
          if (piece.toString('latin1', 0, 11) !== 'PGCOPY\n\xff\r\n\0') throw new Error('COPY binary: bad signature');
          this.valueLeft = piece.readUInt32BE(15);
          this.state = this.valueLeft ? 'extension' : 'count';
          break;
        case 'extension':
          // A header extension (none is defined yet) is skipped 4 bytes at a time; its length is one.
          this.valueLeft -= 4;
          if (this.valueLeft <= 0) this.state = 'count';
          break;
        case 'count': {
          const count = piece.readInt16BE(0);
          if (count === -1) this.state = 'end';
          else if (count !== 1) throw new Error(`COPY binary: ${count} columns, one expected`);
          else this.state = 'length';
          break;
        }
        case 'length': {
          const length = piece.readInt32BE(0);
          this.valueLeft = Math.max(length, 0);
          this.state = this.valueLeft ? 'value' : 'count';
          break;
        }
      }
    }
    return out;
  }

  /** Whether the trailer was read: the stream is complete. */
  get complete(): boolean {
    return this.state === 'end';
  }
}

/**
 * Streams the text column of `select` through `COPY (select) TO STDOUT (FORMAT binary)` on a
 * connection of its own, byte chunks only (no string or row object per value), paced by the
 * reader: pg-copy-streams stops reading the socket while the stream's buffer is full, so
 * PostgreSQL waits. Destroying the stream before its end (the client went away) cancels the
 * statement and closes that connection instead of returning it to the pool mid-COPY. `settings`
 * apply to this statement alone (`set local` in a read-only transaction around it).
 */
export function copyText(pool: pg.Pool, select: string, settings: Record<string, string> = {}): Readable {
  return copyOut(pool, `copy (${select}) to stdout (format binary)`, new CopyBinaryText(), settings);
}

/**
 * The rows of `select` as PostgreSQL's own CSV (`COPY … TO STDOUT (FORMAT csv)`, which quotes the
 * cells that need it), lines ended with CRLF as csv.ts ends them; otherwise as copyText.
 */
export function copyCsv(pool: pg.Pool, select: string, settings: Record<string, string> = {}): Readable {
  return copyOut(pool, `copy (${select}) to stdout (format csv)`, new CsvLinesCrlf(), settings);
}

/** What copyOut does to the bytes of COPY's output before passing them on. */
interface CopyFrames {
  take(chunk: Buffer): Buffer[];
  readonly complete: boolean;
}

/**
 * PostgreSQL's CSV ends each line with LF; the exports end them with CRLF (RFC 4180). A line
 * break inside a quoted cell is the cell's own and stays as it is: quotes are followed across
 * chunks (a doubled quote inside a cell toggles twice). Each chunk comes out as one buffer, its
 * lines copied once: a slice per line made two million objects per million rows for the GC.
 */
export class CsvLinesCrlf implements CopyFrames {
  private quoted = false;
  /** The line ends of the chunk being read (reused: numbers, not objects). */
  private ends: number[] = [];
  readonly complete = true;

  take(chunk: Buffer): Buffer[] {
    const ends = this.ends;
    ends.length = 0;
    let at = 0;
    let quote = chunk.indexOf(34);
    while (at < chunk.length) {
      if (this.quoted) {
        if (quote < 0) break;
        this.quoted = false;
        at = quote + 1;
        quote = chunk.indexOf(34, at);
        continue;
      }
      const lf = chunk.indexOf(10, at);
      if (lf < 0 && quote < 0) break;
      if (quote >= 0 && (lf < 0 || quote < lf)) {
        this.quoted = true;
        at = quote + 1;
        quote = chunk.indexOf(34, at);
        continue;
      }
      ends.push(lf);
      at = lf + 1;
    }
    if (!ends.length) return chunk.length ? [chunk] : [];
    const out = Buffer.allocUnsafe(chunk.length + ends.length);
    let from = 0;
    let to = 0;
    for (const lf of ends) {
      to += chunk.copy(out, to, from, lf);
      out[to++] = 13;
      out[to++] = 10;
      from = lf + 1;
    }
    chunk.copy(out, to, from);
    return [out];
  }
}

/**
 * Bytes gathered before they are passed on. PostgreSQL writes its output 8 kB at a time (its send
 * buffer), and each piece passed on costs the reader a write: an HTTP chunk and its system call,
 * and for a compressed answer a trip to the zlib thread and back. A million trips came in 43,000
 * pieces; in pieces of 64 kB, a br export still took 42,000 futex calls and 9,000 writes (strace),
 * in pieces of 256 kB 14,000 and 2,000, and brotli packs the bigger pieces 7 % smaller.
 */
export const PASS_ON_BYTES = 256 * 1024;
/** A slow COPY (a filter that rarely matches) still passes on what it has after this long. */
const PASS_ON_AFTER_MS = 20;

function copyOut(pool: pg.Pool, statement: string, frames: CopyFrames, settings: Record<string, string>): Readable {
  let client: pg.PoolClient | undefined;
  let source: Readable | undefined;
  let gathered: Buffer[] = [];
  let gatheredBytes = 0;
  let passOnTimer: ReturnType<typeof setTimeout> | undefined;
  const passOn = () => {
    clearTimeout(passOnTimer);
    passOnTimer = undefined;
    if (!gatheredBytes) return;
    const chunk = gathered.length === 1 ? gathered[0] : Buffer.concat(gathered, gatheredBytes);
    gathered = [];
    gatheredBytes = 0;
    if (!out.push(chunk)) source?.pause();
  };
  const out = new Readable({
    // One piece passed on; pg-copy-streams holds about one socket read (64 kB) besides.
    highWaterMark: PASS_ON_BYTES,
    read() {
      source?.resume();
    },
    destroy(error, callback) {
      clearTimeout(passOnTimer);
      const held = client;
      client = undefined;
      source?.destroy();
      if (held) {
        // Mid-statement: cancel it (a sort would otherwise run on until it first writes), and
        // close the connection (release with an error), which pg would leave in COPY mode.
        const pid = (held as unknown as { processID?: number }).processID;
        if (pid) pool.query('select pg_cancel_backend($1)', [pid]).catch(() => undefined);
        held.release(error ?? new Error('COPY abandoned before its end'));
      }
      callback(error);
    },
  });
  const names = Object.keys(settings);
  const begin = async (connected: pg.PoolClient) => {
    if (!names.length) return;
    await connected.query('begin transaction read only');
    for (const name of names) await connected.query('select set_config($1, $2, true)', [name, settings[name]]);
  };
  pool.connect().then(
    async (connected) => {
      if (out.destroyed) {
        connected.release();
        return;
      }
      client = connected;
      try {
        await begin(connected);
      } catch (error) {
        out.destroy(error as Error);
        return;
      }
      if (out.destroyed) return;
      source = connected.query(copyTo(statement));
      source.on('data', (chunk: Buffer) => {
        let slices: Buffer[];
        try {
          slices = frames.take(chunk);
        } catch (error) {
          out.destroy(error as Error);
          return;
        }
        for (const slice of slices) {
          gathered.push(slice);
          gatheredBytes += slice.length;
        }
        if (gatheredBytes >= PASS_ON_BYTES) passOn();
        else if (gatheredBytes && !passOnTimer) passOnTimer = setTimeout(passOn, PASS_ON_AFTER_MS);
      });
      source.on('end', () => {
        if (!frames.complete) {
          out.destroy(new Error('COPY ended before its trailer'));
          return;
        }
        passOn();
        const held = client;
        client = undefined;
        if (!held || !names.length) {
          held?.release();
          out.push(null);
          return;
        }
        held.query('commit').then(
          () => {
            held.release();
            out.push(null);
          },
          (error: Error) => {
            held.release(error);
            out.destroy(error);
          },
        );
      });
      source.on('error', (error) => out.destroy(error));
    },
    (error: Error) => out.destroy(error),
  );
  return out;
}
