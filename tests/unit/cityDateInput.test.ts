import { describe, expect, it } from 'vitest';
import { cityDayEdge, cityDayOf } from '../../src/kit/CityDateInput';

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
