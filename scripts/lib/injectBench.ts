import type { FastifyInstance } from 'fastify';
import { DEMO_ACCOUNTS } from '../../server/db/seed/demoAccounts.js';

/** Signs the first demo account (Super Admin) in through the app and answers the request headers to use. */
export async function signedInHeaders(app: FastifyInstance): Promise<Record<string, string>> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/user/auth/login',
    payload: { email: DEMO_ACCOUNTS[0].email, password: DEMO_ACCOUNTS[0].password },
  });
  return { authorization: `Bearer ${login.json().data.accessToken as string}` };
}

/** The p-th percentile of samples (nearest rank). */
export function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** A list filter or sort as the API's query string: each value JSON-encoded (`?range=[0,24]&sort=…`). */
export const listQueryString = (o: object) =>
  '?' + new URLSearchParams(Object.entries(o).map(([k, v]): [string, string] => [k, JSON.stringify(v)])).toString();

/**
 * Times each case through inject (routing, auth, validation, engine, serialization) after warm-up
 * calls, and prints one line per case: p50, p95 and the answer's size. A case answering other than
 * 200 stops the benchmark.
 */
export async function timeCases(
  app: FastifyInstance,
  headers: Record<string, string>,
  cases: readonly { name: string; url: string }[],
  { warmup, iterations }: { warmup: number; iterations: number },
): Promise<void> {
  console.log('case'.padEnd(48), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'bytes'.padStart(8));
  for (const c of cases) {
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < warmup + iterations; i++) {
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url: c.url, headers });
      if (res.statusCode !== 200) throw new Error(`${c.name}: ${res.statusCode} ${res.body}`);
      if (i >= warmup) times.push(performance.now() - started);
      bytes = res.body.length;
    }
    console.log(
      c.name.padEnd(48),
      percentile(times, 50).toFixed(1).padStart(8),
      percentile(times, 95).toFixed(1).padStart(8),
      String(bytes).padStart(8),
    );
  }
}
