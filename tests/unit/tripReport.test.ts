import { describe, expect, it } from 'vitest';
import { changeText, tripFigureText, tripReportLines, type TripSummary } from '../../src/domain/tripReport';
import { formatDuration } from '../../src/kit/format';
import { insightMessages } from '../../src/i18n/insightMessages';
import { insightMessages as frInsight } from '../../src/i18n/fr/insightMessages';
import { insightMessages as swInsight } from '../../src/i18n/sw/insightMessages';

const summary = (over: Partial<TripSummary>): TripSummary => ({
  requested: 0,
  completed: 0,
  cancelled: 0,
  noDriverFound: 0,
  cancellationRate: null,
  averageDistanceKm: null,
  averageDurationMin: null,
  averageFare: null,
  averageAcceptSeconds: null,
  averagePickupWaitSeconds: null,
  ...over,
});

describe('the trip report’s comparison lines', () => {
  it('writes each figure as the page, its CSV and the PDF show it', () => {
    expect(tripFigureText('count', 12345)).toBe('12,345');
    expect(tripFigureText('percent', 0.1134)).toBe('11.3%');
    expect(tripFigureText('km', 8.6449)).toBe('8.64 km');
    expect(tripFigureText('minutes', 26.94)).toBe('26.9 min');
    expect(tripFigureText('money', 596.35)).toMatch(/^KES\s596\.35$/);
    expect(tripFigureText('seconds', 95)).toBe('2 min');
    expect(tripFigureText('seconds', 3900)).toBe('1 h 05 min');
    expect(tripFigureText('money', null)).toBe('—');
    expect(formatDuration(3900)).toBe('1 h 05 min');
  });

  it('marks the change against the previous period', () => {
    expect(changeText(110, 100)).toBe('▲ 10%');
    expect(changeText(90, 100)).toBe('▼ 10%');
    expect(changeText(5, 5)).toBe('■ 0%');
    expect(changeText(3, 0)).toBe('▲');
    expect(changeText(null, 4)).toBe('—');
  });

  it('writes the figures and changes in another language, with its units', () => {
    const units = insightMessages.reports.pdf;
    const sw = swInsight.reports.pdf;
    const plain = (s: string) => s.replace(/\s/g, ' ');
    expect(plain(tripFigureText('km', 8.6449, 'fr', frInsight.reports.pdf))).toBe('8,64 km');
    expect(plain(tripFigureText('minutes', 26.94, 'fr', units))).toBe('26,9 min');
    expect(tripFigureText('minutes', 26.94, 'sw-KE', sw)).toBe('dak 26.9');
    expect(tripFigureText('seconds', 3900, 'sw-KE', sw)).toBe('saa 1 dak 05');
    expect(plain(changeText(112.5, 100, 'fr'))).toBe('▲ 12,5 %');
    expect(plain(changeText(5, 5, 'fr'))).toBe('■ 0 %');
    // English keeps its figures ungrouped, as before: 1234.5 km, not 1,234.50.
    expect(tripFigureText('km', 1234.5)).toBe('1234.50 km');
    expect(changeText(2345, 100)).toBe('▲ 2245%');
  });

  it('gives nine labelled lines, "—" where a period has no trips to average', () => {
    const lines = tripReportLines(
      summary({ requested: 10, completed: 8, averageFare: 500 }),
      summary({}),
      (key) => `<${key}>`,
    );
    expect(lines.map((l) => l.label)).toEqual([
      '<requested>',
      '<completed>',
      '<cancelled>',
      '<cancellationRate>',
      '<averageDistance>',
      '<averageDuration>',
      '<averageFare>',
      '<averageAccept>',
      '<averageWait>',
    ]);
    expect(lines[0]).toMatchObject({ current: '10', previous: '0', change: '▲' });
    expect(lines[6]).toMatchObject({ current: expect.stringMatching(/^KES\s500\.00$/), previous: '—', change: '—' });
  });
});
