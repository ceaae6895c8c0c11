import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

/** File bytes live under DATA_DIR/files; the database keeps name, type and size. */
export class FileStore {
  constructor(private readonly dir: string) {}

  async save(
    db: Kysely<Database> | Transaction<Database>,
    file: { bytes: Buffer; contentType: string; filename: string; uploadedBy: number | null },
  ): Promise<number> {
    const storageKey = randomUUID();
    await fs.mkdir(this.dir, { recursive: true });
    await fs.writeFile(path.join(this.dir, storageKey), file.bytes);
    const row = await db
      .insertInto('files')
      .values({
        filename: file.filename,
        contentType: file.contentType,
        size: file.bytes.length,
        storageKey,
        uploadedBy: file.uploadedBy,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async read(storageKey: string): Promise<Buffer | undefined> {
    if (!/^[0-9a-f-]{36}$/.test(storageKey)) return undefined;
    try {
      return await fs.readFile(path.join(this.dir, storageKey));
    } catch {
      return undefined;
    }
  }
}
