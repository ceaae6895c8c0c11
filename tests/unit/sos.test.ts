import { describe, expect, it } from 'vitest';
import {
  formatAckTime,
  formatAge,
  percentile,
  shortName,
  sosActionRefusal,
  sosBannerChanges,
  sosBannerText,
} from '../../src/domain/sos';

describe('SOS rules', () => {
  it('writes an age as a clock', () => {
    expect(formatAge(0)).toBe('0:00');
    expect(formatAge(42)).toBe('0:42');
    expect(formatAge(59.9)).toBe('0:59');
    expect(formatAge(60)).toBe('1:00');
    expect(formatAge(725)).toBe('12:05');
    expect(formatAge(3599)).toBe('59:59');
    expect(formatAge(3723)).toBe('1:02:03');
    expect(formatAge(-5)).toBe('0:00');
  });

  it('writes a time to acknowledge in words', () => {
    expect(formatAckTime(42)).toBe('42 s');
    expect(formatAckTime(60)).toBe('1 min 00 s');
    expect(formatAckTime(125)).toBe('2 min 05 s');
    expect(formatAckTime(3720)).toBe('1 h 02 min');
  });

  it('shortens names for the banner', () => {
    expect(shortName('Jane Wanjiru')).toBe('Jane W.');
    expect(shortName('Mary Anne  wambui')).toBe('Mary W.');
    expect(shortName('Cher')).toBe('Cher');
    expect(shortName(null)).toBe('');
  });

  it('builds the banner line', () => {
    const now = new Date('2026-03-04T15:00:42Z');
    expect(
      sosBannerText(
        { callerKind: 'passenger', callerName: 'Jane Wanjiru', tripId: 48213, calledAt: '2026-03-04T15:00:00Z' },
        now,
      ),
    ).toBe('SOS from passenger Jane W., trip #48213, 0:42 ago');
    expect(
      sosBannerText({ callerKind: 'driver', callerName: null, tripId: 7, calledAt: '2026-03-04T14:58:42Z' }, now),
    ).toBe('SOS from driver unknown, trip #7, 2:00 ago');
  });

  it('computes percentiles like percentile_cont', () => {
    const tens = [100, 10, 20, 30, 40, 50, 60, 70, 80, 90];
    expect(percentile(tens, 50)).toBe(55);
    expect(percentile(tens, 90)).toBeCloseTo(91);
    expect(percentile([7], 90)).toBe(7);
    expect(percentile([], 50)).toBeNull();
  });

  it('refuses what a status does not allow, naming who', () => {
    expect(sosActionRefusal('acknowledge', { status: 'new' })).toBeNull();
    expect(sosActionRefusal('acknowledge', { status: 'acknowledged', acknowledgedBy: 'Amara Okafor' })).toBe(
      'Already acknowledged by Amara Okafor',
    );
    expect(sosActionRefusal('resolve', { status: 'acknowledged' })).toBeNull();
    expect(sosActionRefusal('acknowledge', { status: 'resolved', resolvedBy: 'Amara Okafor' })).toBe(
      'This alarm was already resolved by Amara Okafor',
    );
    expect(sosActionRefusal('resolve', { status: 'false_alarm' })).toBe(
      'This alarm was already marked as a false alarm',
    );
    expect(sosActionRefusal('note', { status: 'resolved' })).toBeNull();
  });
});

describe('what the SOS banner announces', () => {
  it('names nothing on its first load: the waiting alarms are already on screen', () => {
    expect(sosBannerChanges(undefined, [3, 2, 1])).toEqual({ arrived: [], gone: 0 });
  });

  it('names the alarms that arrived since, newest first, and counts the ones that left', () => {
    expect(sosBannerChanges([2, 1], [4, 3, 2, 1])).toEqual({ arrived: [4, 3], gone: 0 });
    expect(sosBannerChanges([4, 3, 2], [4, 2])).toEqual({ arrived: [], gone: 1 });
    expect(sosBannerChanges([2], [5])).toEqual({ arrived: [5], gone: 1 });
    expect(sosBannerChanges([2, 1], [2, 1])).toEqual({ arrived: [], gone: 0 });
  });
});
