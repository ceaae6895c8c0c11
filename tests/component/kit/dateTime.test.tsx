import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DateTimeField } from '../../../src/kit/DateTimeField';
import { DATE_ONLY, formatCalendarDay, formatRelativeTime } from '../../../src/kit/format';
import { renderKit } from './renderKit';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('DateTimeField', () => {
  it("shows the city's clock (Africa/Nairobi, UTC+3), not the browser's", async () => {
    renderKit(<DateTimeField source="at" />, { record: { id: 1, at: '2026-01-02T22:05:00Z' } });
    // 22:05 UTC is already the next day in Nairobi.
    const time = await screen.findByText('3 Jan 2026, 01:05');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', '2026-01-02T22:05:00.000Z');
  });

  it('takes Intl options, and says what it should without a value', async () => {
    renderKit(
      <>
        <DateTimeField source="at" options={DATE_ONLY} />
        <DateTimeField source="never" emptyText="Never" />
      </>,
      { record: { id: 1, at: '2026-01-02T10:05:00Z', never: null } },
    );
    expect(await screen.findByText('2 Jan 2026')).toBeInTheDocument();
    expect(screen.getByText('Never')).toBeInTheDocument();
  });

  it('shows relative time with the exact time on hover', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-02T10:10:00Z'));
    renderKit(<DateTimeField source="at" relative />, { record: { id: 1, at: '2026-01-02T10:05:00Z' } });
    const time = await screen.findByText('5 min ago');
    expect(time).toHaveAttribute('title', '2 Jan 2026, 13:05');
  });
});

describe('formatRelativeTime', () => {
  const now = new Date('2026-01-02T12:00:00Z');
  it.each([
    ['2026-01-02T11:59:30Z', 'just now'],
    ['2026-01-02T11:15:00Z', '45 min ago'],
    ['2026-01-02T09:00:00Z', '3 h ago'],
    ['2025-12-30T12:00:00Z', '3 d ago'],
    ['2026-01-02T12:10:00Z', 'in 10 min'],
    ['2025-10-01T12:00:00Z', '1 Oct 2025'],
  ])('%s reads "%s"', (at, text) => {
    expect(formatRelativeTime(at, now)).toBe(text);
  });

  it('gives nothing for what is not a time', () => {
    expect(formatRelativeTime('yesterday-ish', now)).toBeUndefined();
  });
});

describe('formatCalendarDay', () => {
  it('writes a calendar day as the city does, the same day whatever the zone, and leaves other text alone', () => {
    expect(formatCalendarDay('2027-06-27')).toBe('27 Jun 2027');
    expect(formatCalendarDay('2026-12-31')).toBe('31 Dec 2026');
    expect(formatCalendarDay('2026-01-01')).toBe('1 Jan 2026');
    expect(formatCalendarDay('soon')).toBe('soon');
    expect(formatCalendarDay('')).toBeUndefined();
    expect(formatCalendarDay(null)).toBeUndefined();
  });
});
