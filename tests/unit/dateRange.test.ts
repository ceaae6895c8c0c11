import { describe, expect, it } from 'vitest';
import {
  bucketStart,
  bucketStarts,
  comparisonPeriod,
  localMidnight,
  monthCover,
  parseDateRange,
} from '../../src/domain/dateRange.js';

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

describe('comparisonPeriod', () => {
  // 14:05 in Nairobi on Wednesday 1 April 2026.
  const at = new Date('2026-04-01T11:05:00Z');
  const rangeAt = (input: Parameters<typeof parseDateRange>[0], now = at) => {
    const out = parseDateRange(input, now, NAIROBI);
    if ('error' in out) throw new Error(out.error);
    return out.range;
  };
  const iso = (p: { from: Date; to: Date }) => [p.from.toISOString(), p.to.toISOString()];

  it('compares today so far with yesterday up to the same time of day', () => {
    const p = comparisonPeriod(rangeAt({ preset: 'today' }), at);
    expect(p).toMatchObject({ fromDay: '2026-03-31', toDay: '2026-03-31', partial: true });
    expect(iso(p)).toEqual(['2026-03-30T21:00:00.000Z', '2026-03-31T11:05:00.000Z']);
  });

  it('compares the last 7 days with the 7 before, the last of them cut at the same time', () => {
    const p = comparisonPeriod(rangeAt({ preset: 'last7days' }), at);
    expect(p).toMatchObject({ fromDay: '2026-03-19', toDay: '2026-03-25', partial: true });
    expect(iso(p)).toEqual(['2026-03-18T21:00:00.000Z', '2026-03-25T11:05:00.000Z']);
    // Exactly as long as the part of the range that has passed.
    const r = rangeAt({ preset: 'last7days' });
    expect(p.to.getTime() - p.from.getTime()).toBe(at.getTime() - r.from.getTime());
  });

  it('compares this month so far with as many days before it, cut at the same time', () => {
    const now = new Date('2026-04-10T20:59:59Z'); // 23:59:59 on 10 April
    const p = comparisonPeriod(rangeAt({ preset: 'thisMonth' }, now), now);
    expect(p).toMatchObject({ fromDay: '2026-03-22', toDay: '2026-03-31', partial: true });
    expect(p.to.toISOString()).toBe('2026-03-31T20:59:59.000Z');
  });

  it('compares a period that is over with the whole period before it', () => {
    const yesterday = comparisonPeriod(rangeAt({ preset: 'yesterday' }), at);
    expect(yesterday).toMatchObject({ fromDay: '2026-03-30', toDay: '2026-03-30', partial: false });
    expect(iso(yesterday)).toEqual(['2026-03-29T21:00:00.000Z', '2026-03-30T21:00:00.000Z']);
    const march = comparisonPeriod(rangeAt({ from: '2026-03-01', to: '2026-03-31' }), at);
    expect(march).toMatchObject({ fromDay: '2026-01-29', toDay: '2026-02-28', partial: false });
  });

  it('compares a period that has not begun with the whole period before it', () => {
    const p = comparisonPeriod(rangeAt({ from: '2026-04-02', to: '2026-04-03' }), at);
    expect(p).toMatchObject({ fromDay: '2026-03-31', toDay: '2026-04-01', partial: false });
  });

  it('at local midnight, compares nothing of the cut day (an empty day so far against an empty stretch)', () => {
    const midnight = new Date('2026-03-31T21:00:00Z');
    const p = comparisonPeriod(rangeAt({ preset: 'today' }, midnight), midnight);
    expect(p.to.getTime()).toBe(p.from.getTime());
  });
});

describe('monthCover', () => {
  const days = (from: string, to: string) => {
    const out: string[] = [];
    for (let d = from; d <= to; d = new Date(Date.parse(`${d}T00:00:00Z`) + 86400_000).toISOString().slice(0, 10))
      out.push(d);
    return out;
  };
  /** Each local day's weight after the cover: 1 for days inside the period, 0 outside. */
  const weights = (from: string, to: string) => {
    const c = monthCover(from, to);
    const w = new Map<string, number>();
    for (const m of c.months) {
      const end = new Date(Date.UTC(Number(m.slice(0, 4)), Number(m.slice(5, 7)), 0)).toISOString().slice(0, 10);
      for (const d of days(m, end)) w.set(d, (w.get(d) ?? 0) + 1);
    }
    for (const s of c.days) for (const d of days(s.fromDay, s.toDay)) w.set(d, (w.get(d) ?? 0) + s.sign);
    return w;
  };
  const dailyRows = (from: string, to: string) =>
    monthCover(from, to).days.reduce((n, s) => n + days(s.fromDay, s.toDay).length, 0);

  it('reads whole months from the monthly rollup only', () => {
    expect(monthCover('2026-01-01', '2026-03-31')).toEqual({
      months: ['2026-01-01', '2026-02-01', '2026-03-01'],
      days: [],
    });
  });

  it('reads a month mostly covered as the month minus the days left out', () => {
    expect(monthCover('2026-11-01', '2026-11-24')).toEqual({
      months: ['2026-11-01'],
      days: [{ fromDay: '2026-11-25', toDay: '2026-11-30', sign: -1 }],
    });
    expect(monthCover('2026-05-26', '2026-06-30')).toEqual({
      months: ['2026-06-01'],
      days: [{ fromDay: '2026-05-26', toDay: '2026-05-31', sign: 1 }],
    });
  });

  it('takes away both ends of a month when a period sits inside it', () => {
    expect(monthCover('2026-02-03', '2026-02-26')).toEqual({
      months: ['2026-02-01'],
      days: [
        { fromDay: '2026-02-01', toDay: '2026-02-02', sign: -1 },
        { fromDay: '2026-02-27', toDay: '2026-02-28', sign: -1 },
      ],
    });
  });

  it('counts every day of any period exactly once and no day outside it, reading at most half of each edge month', () => {
    const starts = ['2024-02-01', '2024-02-14', '2024-02-29', '2025-12-31', '2026-01-16', '2026-03-02'];
    const lengths = [1, 2, 15, 16, 29, 45, 182, 400];
    for (const from of starts)
      for (const n of lengths) {
        const to = new Date(Date.parse(`${from}T00:00:00Z`) + (n - 1) * 86400_000).toISOString().slice(0, 10);
        const w = weights(from, to);
        for (const [d, x] of w) expect(x, `${from}…${to} on ${d}`).toBe(d >= from && d <= to ? 1 : 0);
        for (const d of days(from, to)) expect(w.get(d), `${from}…${to} on ${d}`).toBe(1);
        expect(dailyRows(from, to)).toBeLessThanOrEqual(31);
      }
  });
});
