import { describe, expect, it } from 'vitest';
import { releaseDue, scheduleProblem, unassignedHorizon } from '../../src/domain/scheduling';

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
