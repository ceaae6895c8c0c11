import { describe, expect, it } from 'vitest';
import { bucketStart, bucketStarts, localMidnight, parseDateRange } from '../../src/domain/dateRange.js';

const NAIROBI = 'Africa/Nairobi';
// 22:30 UTC on Tuesday 31 March 2026 is already Wednesday 1 April in Nairobi (UTC+3).
const NOW = new Date('2026-03-31T22:30:00Z');
const range = (input: Parameters<typeof parseDateRange>[0], tz = NAIROBI) => {
  const out = parseDateRange(input, NOW, tz);
  if ('error' in out) throw new Error(out.error);
  return out.range;
};
const error = (input: Parameters<typeof parseDateRange>[0]) => {
  const out = parseDateRange(input, NOW, NAIROBI);
  return 'error' in out ? out.error : undefined;
};

describe('parseDateRange', () => {
  it('reads from/to as inclusive local days bounded by local midnights', () => {
    const r = range({ from: '2026-03-01', to: '2026-03-31', groupBy: 'week' });
    expect(r).toMatchObject({ fromDay: '2026-03-01', toDay: '2026-03-31', groupBy: 'week', timeZone: NAIROBI });
    expect(r.from.toISOString()).toBe('2026-02-28T21:00:00.000Z');
    expect(r.to.toISOString()).toBe('2026-03-31T21:00:00.000Z');
  });

  it('resolves presets against today in the city, not in UTC', () => {
    expect(range({ preset: 'today' })).toMatchObject({ fromDay: '2026-04-01', toDay: '2026-04-01' });
    expect(range({ preset: 'yesterday' })).toMatchObject({ fromDay: '2026-03-31', toDay: '2026-03-31' });
    expect(range({ preset: 'last7days' })).toMatchObject({ fromDay: '2026-03-26', toDay: '2026-04-01' });
    expect(range({ preset: 'last30days' })).toMatchObject({ fromDay: '2026-03-03', toDay: '2026-04-01' });
    expect(range({ preset: 'thisMonth' })).toMatchObject({ fromDay: '2026-04-01', toDay: '2026-04-01' });
    expect(range({ preset: 'today' }, 'UTC')).toMatchObject({ fromDay: '2026-03-31' });
    expect(range({})).toMatchObject({ fromDay: '2026-03-03', toDay: '2026-04-01', groupBy: 'day' });
  });

  it('refuses a malformed, reversed, too long or ambiguous period and an unknown grouping', () => {
    expect(error({ from: '2026-02-30', to: '2026-03-01' })).toBe('"from" must be a date like 2026-03-31');
    expect(error({ from: '2026-03-01' })).toBe('"to" must be a date like 2026-03-31');
    expect(error({ from: '2026-03-02', to: '2026-03-01' })).toBe('"to" cannot be before "from"');
    expect(error({ from: '2025-01-01', to: '2026-02-05' })).toBe('The period may cover at most 400 days');
    expect(error({ from: '2025-01-01', to: '2026-02-04' })).toBeUndefined();
    expect(error({ preset: 'today', from: '2026-03-01', to: '2026-03-02' })).toBe(
      'Give either "preset" or "from" and "to"',
    );
    expect(error({ preset: 'lastYear' })).toMatch(/^"preset" must be one of: today, yesterday/);
    expect(error({ groupBy: 'hour' })).toBe('"groupBy" must be one of: day, week, month');
  });
});

describe('buckets', () => {
  it('start weeks on Monday and months on the first, covering the whole period', () => {
    expect(bucketStart('2026-04-01', 'week')).toBe('2026-03-30');
    expect(bucketStart('2026-03-29', 'week')).toBe('2026-03-23');
    expect(bucketStarts({ fromDay: '2026-03-01', toDay: '2026-03-31', groupBy: 'week' })).toEqual([
      '2026-02-23',
      '2026-03-02',
      '2026-03-09',
      '2026-03-16',
      '2026-03-23',
      '2026-03-30',
    ]);
    expect(bucketStarts({ fromDay: '2025-12-15', toDay: '2026-02-01', groupBy: 'month' })).toEqual([
      '2025-12-01',
      '2026-01-01',
      '2026-02-01',
    ]);
    expect(bucketStarts({ fromDay: '2026-02-27', toDay: '2026-03-02', groupBy: 'day' })).toHaveLength(4);
  });

  it('finds local midnight in a zone that changes its clock', () => {
    // Berlin moved to summer time on 29 March 2026: midnight was still UTC+1, the next one UTC+2.
    expect(localMidnight('2026-03-29', 'Europe/Berlin').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(localMidnight('2026-03-30', 'Europe/Berlin').toISOString()).toBe('2026-03-29T22:00:00.000Z');
  });
});
