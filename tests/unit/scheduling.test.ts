import { describe, expect, it } from 'vitest';
import {
  cityClock,
  earliestStart,
  releaseDue,
  scheduleProblem,
  startsTooEarly,
  unassignedHorizon,
} from '../../src/domain/scheduling';

const now = new Date('2026-11-24T10:00:00Z');
const plus = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

describe('booking for later', () => {
  it('takes a pickup time in the future and at most 7 days ahead', () => {
    expect(scheduleProblem(plus(1), now)).toBeUndefined();
    expect(scheduleProblem(plus(7 * 24 * 60), now)).toBeUndefined();
    expect(scheduleProblem(now, now)).toBe('The pickup time must be in the future');
    expect(scheduleProblem(plus(-30), now)).toBe('The pickup time must be in the future');
    expect(scheduleProblem(plus(7 * 24 * 60 + 1), now)).toBe('The pickup time can be at most 7 days ahead');
    expect(scheduleProblem(new Date('nope'), now)).toBe('The pickup time must be a date and time');
  });

  it('is due for offers from its lead time before pickup, and reported 5 minutes before', () => {
    expect(releaseDue(plus(16), now, 15)).toBe(false);
    expect(releaseDue(plus(15), now, 15)).toBe(true);
    expect(releaseDue(plus(-2), now, 15)).toBe(true);
    expect(unassignedHorizon(now)).toEqual(plus(5));
  });
});

describe('starting a ride booked for later', () => {
  it('may start from the booked pickup less the grace, a ride asked for now at any time', () => {
    const pickup = plus(30);
    expect(earliestStart(pickup, 5)).toEqual(plus(25));
    expect(startsTooEarly(pickup, plus(19), 5)).toBe(true);
    expect(startsTooEarly(pickup, plus(24.99), 5)).toBe(true);
    expect(startsTooEarly(pickup, plus(25), 5)).toBe(false);
    expect(startsTooEarly(pickup, plus(45), 5)).toBe(false);
    expect(startsTooEarly(pickup, plus(29), 0)).toBe(true);
    expect(earliestStart(null, 5)).toBeUndefined();
    expect(startsTooEarly(null, now, 5)).toBe(false);
  });

  it("says a time on the city's clock (Nairobi, UTC+3)", () => {
    expect(cityClock(new Date('2026-12-08T04:30:00Z'))).toBe('07:30');
  });
});
