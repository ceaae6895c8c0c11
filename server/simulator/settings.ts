import { ConfigError } from '../config.js';
import { DEFAULT_BUSY_TARGET } from './demand.js';

/** The demo simulator's settings (`npm start`), from the environment. */
export interface SimulatorSettings {
  /** Simulated drivers (SIMULATOR_DRIVERS, 150; 0 turns the simulator off). */
  drivers: number;
  /** Simulated passengers (SIMULATOR_PASSENGERS, a third of the drivers). */
  passengers: number;
  /** The share of online drivers kept busy (SIMULATOR_BUSY, 0.2). */
  busy: number;
  /** Simulated SOS alarms an hour (SIMULATOR_SOS_PER_HOUR, 1; 0: none). */
  sosPerHour: number;
}

/** Reads the simulator's settings; throws ConfigError naming every bad one. */
export function simulatorSettings(env: NodeJS.ProcessEnv): SimulatorSettings {
  const problems: string[] = [];
  const read = (key: string, fallback: number, ok: (n: number) => boolean, rule: string) => {
    const raw = env[key];
    if (raw === undefined || raw.trim() === '') return fallback;
    const n = Number(raw);
    if (!ok(n)) {
      problems.push(`${key} must be ${rule} (got "${raw}")`);
      return fallback;
    }
    return n;
  };
  const count = (n: number) => Number.isInteger(n) && n >= 0;
  const drivers = read('SIMULATOR_DRIVERS', 150, count, 'a whole number (0 turns the simulator off)');
  const passengers = read('SIMULATOR_PASSENGERS', Math.ceil(drivers / 3), count, 'a whole number');
  const busy = read('SIMULATOR_BUSY', DEFAULT_BUSY_TARGET, (n) => n >= 0 && n <= 1, 'a share between 0 and 1');
  const sosPerHour = read('SIMULATOR_SOS_PER_HOUR', 1, (n) => n >= 0 && n <= 60, 'a number from 0 to 60');
  if (problems.length) throw new ConfigError(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  return { drivers, passengers, busy, sosPerHour };
}
