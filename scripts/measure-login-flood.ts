/**
 * How long the owner's sign-in takes while a flood of wrong passwords is in flight (issue 43): the
 * real app on a fresh in-memory PGlite (migrated, one Super Admin, no demo city), with the shipped
 * scrypt cost (N=2^17). `--flood` (20) wrong sign-ins are kept in flight, each from its own address
 * and half of them for unknown emails, for `--seconds` (20); every 2 s the owner signs in with the
 * right password from a browser that signed in before (its device cookie). Prints the owner's
 * sign-in times and the flood's answers. `--unbounded` lifts the hash gate (every hash at once, as
 * before the fix).
 *
 *   npx tsx scripts/measure-login-flood.ts [--flood 20] [--seconds 20] [--unbounded | --concurrency n]
 */
import { buildApp } from '../server/app.js';
import { hashGate, hashPassword } from '../server/auth/passwords.js';
import { loadConfig } from '../server/config.js';
import { createDb } from '../server/db/index.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const flood = arg('flood', 20);
const seconds = arg('seconds', 20);
if (process.argv.includes('--unbounded')) hashGate.concurrency = Number.POSITIVE_INFINITY;
else hashGate.concurrency = arg('concurrency', hashGate.concurrency);

const handle = await createDb({});
const config = { ...loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false' }), dataDir: undefined, logLevel: 'silent' };
const app = await buildApp({ ...config, staticDir: undefined }, { db: handle });
await app.ready();
const role = await handle.db.insertInto('roles').values({ name: 'Owner' }).returning('id').executeTakeFirstOrThrow();
await handle.db
  .insertInto('staffs')
  .values({
    firstName: 'Owner',
    lastName: 'Owner',
    email: 'owner@example.com',
    roleId: role.id,
    passwordHash: await hashPassword('Owner@1234', 2 ** 17),
  })
  .execute();

let address = 0;
const login = (email: string, password: string, cookie?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/user/auth/login',
    payload: { email, password },
    remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address++ & 255}`,
    headers: cookie ? { cookie } : {},
  });
const first = await login('owner@example.com', 'Owner@1234');
const cookie = String(first.headers['set-cookie']).split(';')[0];

const answers = new Map<number, number>();
let stop = false;
const attacker = async (n: number) => {
  while (!stop) {
    const res = await login(n % 2 ? 'owner@example.com' : `nobody${n}@example.com`, 'wrong');
    answers.set(res.statusCode, (answers.get(res.statusCode) ?? 0) + 1);
  }
};
const attackers = Array.from({ length: flood }, (_, n) => attacker(n));
const times: string[] = [];
const started = Date.now();
while (Date.now() - started < seconds * 1000) {
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const t0 = performance.now();
  const res = await login('owner@example.com', 'Owner@1234', cookie);
  times.push(`${res.statusCode} in ${Math.round(performance.now() - t0)} ms`);
}
stop = true;
await Promise.all(attackers);
console.log(`flood ${flood} in flight, gate ${hashGate.concurrency}+${hashGate.queue}, ${seconds} s`);
console.log(`owner: ${times.join(', ')}`);
console.log(`flood answers: ${[...answers].map(([s, n]) => `${s}: ${n}`).join(', ')}`);
await app.close();
await handle.close();
