import { describe, expect, it } from 'vitest';
import { localInstant, localWallTime } from '../../src/domain/dateRange';
import { cityDayEdge, cityDayOf } from '../../src/kit/CityDateInput';
import { cityWallTimeOf, cityWallTimeToInstant } from '../../src/kit/CityDateTimeInput';

describe('a calendar day in the city (Africa/Nairobi, UTC+3) for range filters', () => {
  it('starts at local midnight and ends at the last millisecond of the day', () => {
    expect(cityDayEdge('2026-03-03', 'start')).toBe('2026-03-02T21:00:00.000Z');
    expect(cityDayEdge('2026-03-03', 'end')).toBe('2026-03-03T20:59:59.999Z');
    expect(cityDayEdge('2026-12-31', 'end')).toBe('2026-12-31T20:59:59.999Z');
  });

  it('sends nothing for a cleared or partial date', () => {
    expect(cityDayEdge('', 'start')).toBeNull();
    expect(cityDayEdge('2026-03', 'end')).toBeNull();
  });

  it('shows the day back from the instant a filter holds', () => {
    expect(cityDayOf('2026-03-02T21:00:00.000Z')).toBe('2026-03-03');
    expect(cityDayOf('2026-03-03T20:59:59.999Z')).toBe('2026-03-03');
    expect(cityDayOf('2026-03-03')).toBe('2026-03-03');
    expect(cityDayOf(undefined)).toBe('');
    expect(cityDayOf('nonsense')).toBe('');
  });
});

describe('a date and time on the city clock (Africa/Nairobi, UTC+3) for datetime inputs', () => {
  it('reads a typed wall-clock time as the city’s, whatever the machine’s zone', () => {
    expect(cityWallTimeToInstant('2030-03-01T08:00')).toBe('2030-03-01T05:00:00.000Z');
    expect(cityWallTimeToInstant('2030-03-01T01:30')).toBe('2030-02-28T22:30:00.000Z');
    expect(localInstant('2030-03-01T08:00', 'Europe/London')?.toISOString()).toBe('2030-03-01T08:00:00.000Z');
    // London in summer is UTC+1.
    expect(localInstant('2030-07-01T08:00', 'Europe/London')?.toISOString()).toBe('2030-07-01T07:00:00.000Z');
  });

  it('sends nothing for a cleared, partial or impossible time', () => {
    expect(cityWallTimeToInstant('')).toBeNull();
    expect(cityWallTimeToInstant('2030-03-01')).toBeNull();
    expect(cityWallTimeToInstant('2030-02-30T08:00')).toBeNull();
    expect(cityWallTimeToInstant('2030-03-01T24:00')).toBeNull();
  });

  it('shows a stored instant back on the city clock', () => {
    expect(cityWallTimeOf('2030-03-01T05:00:00.000Z')).toBe('2030-03-01T08:00');
    expect(cityWallTimeOf('2030-02-28T22:30:59.999Z')).toBe('2030-03-01T01:30');
    expect(cityWallTimeOf(new Date('2030-12-31T21:00:00Z'))).toBe('2031-01-01T00:00');
    expect(localWallTime(new Date('2030-07-01T07:00:00Z'), 'Europe/London')).toBe('2030-07-01T08:00');
    // Already on the wall clock (react-admin formats twice): kept.
    expect(cityWallTimeOf('2030-03-01T08:00')).toBe('2030-03-01T08:00');
    expect(cityWallTimeOf(null)).toBe('');
    expect(cityWallTimeOf('nonsense')).toBe('');
  });
});
