/**
 * npm run simulate -- --url http://host:8080 --drivers 2000 --passengers 500 [--speed 1] [--shard 0/2]
 *   [--busy 0.2] [--sos-per-hour 1] [--trips-per-passenger-hour 0.5]
 * Drives the apps' contract (HTTP + Socket.IO) against any deployment whose development outbox is
 * on (the simulator reads its sign-in codes there). The passengers keep `--busy` of the online drivers
 * busy (a fifth, with the city's daily rhythm), or, with `--trips-per-passenger-hour`, book at that
 * fixed pace (benchmarks). A one-line report every minute; Ctrl+C stops it.
 */
import { parseArgs } from 'node:util';
import { Simulator } from '../server/simulator/simulator.js';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:8080' },
    drivers: { type: 'string', default: '150' },
    passengers: { type: 'string', default: '50' },
    speed: { type: 'string', default: '1' },
    // Several simulators on one city: `--shard i/n` takes every n-th driver and passenger from the i-th.
    shard: { type: 'string', default: '0/1' },
    busy: { type: 'string', default: '0.2' },
    'sos-per-hour': { type: 'string', default: '1' },
    'trips-per-passenger-hour': { type: 'string' },
    'staff-email': { type: 'string' },
    'staff-password': { type: 'string' },
  },
});
const count = (name: string, raw: string | undefined) => {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} must be a whole number (got "${raw}")`);
    process.exit(1);
  }
  return n;
};
const share = (name: string, raw: string | undefined, max: number) => {
  const n = Number(raw);
  if (raw === undefined || raw.trim() === '' || !(n >= 0 && n <= max)) {
    console.error(`--${name} must be a number from 0 to ${max} (got "${raw}")`);
    process.exit(1);
  }
  return n;
};
const fixedPace = values['trips-per-passenger-hour'];
const shardMatch = /^(\d+)\/(\d+)$/.exec(values.shard!);
if (!shardMatch || Number(shardMatch[2]) < 1 || Number(shardMatch[1]) >= Number(shardMatch[2])) {
  console.error(`--shard must be i/n with 0 <= i < n (got "${values.shard}")`);
  process.exit(1);
}
const sim = new Simulator({
  shard: { index: Number(shardMatch[1]), count: Number(shardMatch[2]) },
  url: values.url!.replace(/\/$/, ''),
  drivers: count('drivers', values.drivers),
  passengers: count('passengers', values.passengers),
  speed: Number(values.speed) > 0 ? Number(values.speed) : 1,
  busy: share('busy', values.busy, 1),
  sosPerHour: share('sos-per-hour', values['sos-per-hour'], 60),
  tripsPerPassengerHour: fixedPace === undefined ? undefined : share('trips-per-passenger-hour', fixedPace, 100),
  staffEmail: values['staff-email'],
  staffPassword: values['staff-password'],
});
process.on('SIGINT', () => {
  console.log(sim.report());
  void sim.stop().then(() => process.exit(0));
});
await sim.start();
console.log(`[simulator] ${sim.stats.online} drivers online against ${values.url}`);
// Keep the process alive (the simulator's timers are unref'd).
setInterval(() => undefined, 60_000);
