/** Runs `insert` over `rows` in slices, keeping each statement's parameter count in bounds. */
export async function chunked<T>(rows: T[], size: number, insert: (slice: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}
