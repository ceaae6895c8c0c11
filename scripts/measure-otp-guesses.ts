/**
 * How many SMS-code guesses one address gets against one phone (issue 25): the real app on a fresh
 * in-memory PGlite (migrated, one passenger, no demo city), listening on 127.0.0.1, with the shipped
 * limits. For `--seconds` (60) it does what the attacker did: asks for a code, then tries
 * wrong codes, spelling the phone differently on every request, and counts the guesses the server
 * evaluated (answered 'Incorrect verification code'), the SMS it sent and the refusals (429).
 *
 *   npx tsx scripts/measure-otp-guesses.ts [--seconds 60]
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { createDb } from '../server/db/index.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const seconds = arg('seconds', 60);

const PHONE = '+254719051417';
/** The number spelled the n-th way, as the normaliser accepts it. */
const spell = (n: number) => {
  const seps = ['-', ' ', ')', '(', '  ', '--'];
  const at = 2 + (n % (PHONE.length - 2));
  return `${PHONE.slice(0, at)}${seps[n % seps.length]}${PHONE.slice(at)}`;
};

const handle = await createDb({});
const config = { ...loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false' }), dataDir: undefined, logLevel: 'silent' };
const app = await buildApp({ ...config, staticDir: undefined }, { db: handle });
await handle.db
  .insertInto('passengers')
  .values({ firstName: 'Target', lastName: 'Passenger', phone: PHONE } as never)
  .execute();
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/trip/apps/passenger`;
const post = async (path: string, body: object) => {
  const res = await fetch(`${base}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, message: ((await res.json()) as { message?: string }).message ?? '' };
};

let n = 0;
let guesses = 0;
let refused = 0;
let requests = 0;
const started = Date.now();
while (Date.now() - started < seconds * 1000) {
  const asked = await post('request-code', { phone: spell(n++) });
  requests++;
  if (asked.status === 429) refused++;
  for (let i = 0; i < 5; i++) {
    const res = await post('sign-in', { phone: spell(n++), otp: String(100000 + (n % 900000)) });
    requests++;
    if (res.status === 400 && res.message === 'Incorrect verification code') guesses++;
    else if (res.status === 429) refused++;
  }
  // Once refused, wait a little as a patient attacker would rather than spin.
  if (refused > 0) await new Promise((r) => setTimeout(r, 200));
}
const elapsed = (Date.now() - started) / 1000;
const sms = (app.services.messenger.outbox ?? []).filter((m) => m.channel === 'sms').length;
console.log(
  `${seconds} s from one address against one phone: ${requests} requests, ${guesses} guesses evaluated, ${sms} SMS sent, ${refused} answers 429 (${elapsed.toFixed(1)} s)`,
);
await app.close();
await handle.close();
