import { describe, expect, it } from 'vitest';
import {
  BUSY_CEILING,
  BUSY_FLOOR,
  DEFAULT_BUSY_TARGET,
  TRIP_MINUTES,
  bookingRate,
  busyShareAim,
  cityHour,
} from '../../server/simulator/demand.js';

const HOURS = Array.from({ length: 24 }, (_, h) => h);

describe('the demo city’s busy share aim', () => {
  it('stays between 10 % and 30 % at every hour of a weekday and a weekend with the default target', () => {
    for (const weekend of [false, true])
      for (const hour of HOURS) {
        const aim = busyShareAim(DEFAULT_BUSY_TARGET, hour, weekend);
        expect(aim, `${hour}h`).toBeGreaterThanOrEqual(BUSY_FLOOR);
        expect(aim, `${hour}h`).toBeLessThanOrEqual(BUSY_CEILING);
      }
  });

  it('follows the daily rhythm: the morning and evening rush aim higher than the night', () => {
    const at = (hour: number) => busyShareAim(DEFAULT_BUSY_TARGET, hour);
    expect(at(8)).toBeGreaterThan(at(13));
    expect(at(18)).toBeGreaterThan(at(13));
    expect(at(13)).toBeGreaterThan(at(3));
    expect(at(8) - at(3)).toBeGreaterThan(0.1);
  });

  it('widens its bounds for a target outside them, and aims at nothing for a target of 0', () => {
    expect(busyShareAim(0.5, 8)).toBe(0.5);
    expect(busyShareAim(0.5, 3)).toBeGreaterThan(BUSY_CEILING);
    expect(busyShareAim(0.05, 3)).toBeLessThan(BUSY_FLOOR);
    expect(busyShareAim(0, 8)).toBe(0);
    expect(busyShareAim(Number.NaN, 8)).toBe(0);
  });
});

describe('bookingRate', () => {
  const input = { online: 100, target: DEFAULT_BUSY_TARGET, hour: 13 };

  it('replaces the trips that end when the city is at its aim', () => {
    const aim = busyShareAim(DEFAULT_BUSY_TARGET, 13);
    expect(bookingRate({ ...input, busyShare: aim })).toBeCloseTo((100 * aim) / TRIP_MINUTES, 6);
  });

  it('books faster the fewer drivers are busy, and not at all when the city is far busier than its aim', () => {
    const rates = [0, 0.1, 0.2, 0.3].map((busyShare) => bookingRate({ ...input, busyShare }));
    for (let i = 1; i < rates.length; i++) expect(rates[i]).toBeLessThan(rates[i - 1]);
    expect(bookingRate({ ...input, busyShare: 0.9 })).toBe(0);
  });

  it('grows with the drivers online and books nothing without drivers or with a target of 0', () => {
    expect(bookingRate({ ...input, online: 200, busyShare: 0 })).toBeCloseTo(
      2 * bookingRate({ ...input, busyShare: 0 }),
      6,
    );
    expect(bookingRate({ ...input, online: 0, busyShare: 0 })).toBe(0);
    expect(bookingRate({ ...input, target: 0, busyShare: 0 })).toBe(0);
    expect(bookingRate({ ...input, busyShare: Number.NaN })).toBe(bookingRate({ ...input, busyShare: 0 }));
  });

  it('brings an idle city of 105 drivers to 10 % busy within three minutes and keeps it in 10–30 %, at any hour', () => {
    // A minute-by-minute model: each booking makes a driver busy, each busy driver is freed with
    // probability 1/TRIP_MINUTES a minute (in expectation), and a fifth of the bookings find no driver.
    for (const hour of HOURS) {
      const online = 105;
      let busy = 0;
      const shares: number[] = [];
      for (let minute = 1; minute <= 120; minute++) {
        const booked = bookingRate({ online, busyShare: busy / online, target: DEFAULT_BUSY_TARGET, hour });
        busy = Math.min(online, busy - busy / TRIP_MINUTES + 0.8 * booked);
        shares.push(busy / online);
      }
      expect(shares[2], `${hour}h after 3 minutes`).toBeGreaterThanOrEqual(0.1);
      for (const share of shares.slice(2)) {
        expect(share, `${hour}h`).toBeGreaterThanOrEqual(0.1);
        expect(share, `${hour}h`).toBeLessThanOrEqual(0.3);
      }
    }
  });
});

describe('cityHour', () => {
  it('reads the hour in Nairobi (UTC+3) and the weekend from Friday 18:00', () => {
    expect(cityHour(Date.parse('2026-11-24T05:30:00Z'))).toEqual({ hour: 8, weekend: false });
    expect(cityHour(Date.parse('2026-11-27T14:59:00Z'))).toEqual({ hour: 17, weekend: false });
    expect(cityHour(Date.parse('2026-11-27T15:00:00Z'))).toEqual({ hour: 18, weekend: true });
    expect(cityHour(Date.parse('2026-11-29T22:00:00Z'))).toEqual({ hour: 1, weekend: false });
  });
});
