// pg-copy-streams ships no types; only `to` is used (server/db/copy.ts).
declare module 'pg-copy-streams' {
  import type { Readable } from 'node:stream';
  import type { Submittable } from 'pg';
  export function to(text: string): Readable & Submittable & { rowCount: number };
}
