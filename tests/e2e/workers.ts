/**
 * Browser test files run in this many workers at once, each against a server of its own (its own
 * data directory and port): most of a browser test's time is spent waiting on the page, so two files
 * at once take little more than one. `E2E_WORKERS=1` runs them one by one on one server.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
