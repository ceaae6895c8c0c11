/** The value at a dotted key of a message catalogue ("app.menu.trips"), or undefined. */
export const catalogueAt = (catalogue: unknown, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);
