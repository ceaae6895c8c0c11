import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../server/config.js';
import { simulatorSettings } from '../../server/simulator/settings.js';

describe('the simulator’s settings', () => {
  it('defaults to 150 drivers, a third as many passengers, a fifth of them busy and one SOS an hour', () => {
    expect(simulatorSettings({})).toEqual({ drivers: 150, passengers: 50, busy: 0.2, sosPerHour: 1 });
  });

  it('reads SIMULATOR_DRIVERS (0: off), SIMULATOR_PASSENGERS, SIMULATOR_BUSY and SIMULATOR_SOS_PER_HOUR', () => {
    expect(
      simulatorSettings({
        SIMULATOR_DRIVERS: '30',
        SIMULATOR_BUSY: '0.3',
        SIMULATOR_SOS_PER_HOUR: '0',
      }),
    ).toEqual({ drivers: 30, passengers: 10, busy: 0.3, sosPerHour: 0 });
    expect(simulatorSettings({ SIMULATOR_DRIVERS: '0' }).drivers).toBe(0);
    expect(simulatorSettings({ SIMULATOR_PASSENGERS: '7' }).passengers).toBe(7);
  });

  it('refuses bad values with a message naming each', () => {
    const bad = () =>
      simulatorSettings({ SIMULATOR_DRIVERS: 'many', SIMULATOR_BUSY: '20%', SIMULATOR_SOS_PER_HOUR: '-1' });
    expect(bad).toThrow(ConfigError);
    expect(bad).toThrow('SIMULATOR_DRIVERS must be a whole number (0 turns the simulator off) (got "many")');
    expect(bad).toThrow('SIMULATOR_BUSY must be a share between 0 and 1 (got "20%")');
    expect(bad).toThrow('SIMULATOR_SOS_PER_HOUR must be a number from 0 to 60 (got "-1")');
    expect(() => simulatorSettings({ SIMULATOR_BUSY: '1.5' })).toThrow(
      'SIMULATOR_BUSY must be a share between 0 and 1',
    );
  });
});
