import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDistance, formatDuration } from '../../../src/kit/format';
import { DistanceField, DurationField } from '../../../src/kit/MeasureFields';
import { renderKit } from './renderKit';

afterEach(() => vi.restoreAllMocks());

describe('DurationField and DistanceField', () => {
  it('show seconds as hours and minutes, and meters as kilometres', async () => {
    renderKit(
      <>
        <DurationField source="durationSeconds" />
        <DistanceField source="distanceMeters" />
      </>,
      { record: { id: 1, durationSeconds: 3900, distanceMeters: 12_400 } },
    );
    expect(await screen.findByText('1 h 05 min')).toBeInTheDocument();
    expect(screen.getByText('12.4 km')).toBeInTheDocument();
  });

  it('show a dash without a value', async () => {
    renderKit(<DurationField source="durationSeconds" />, { record: { id: 1, durationSeconds: null } });
    expect(await screen.findByLabelText('none')).toHaveTextContent('—');
  });
});

describe('the formatters', () => {
  it.each([
    [42, '42 s'],
    [720, '12 min'],
    [7200, '2 h 00 min'],
  ])('a duration of %i s reads %s', (seconds, text) => expect(formatDuration(seconds)).toBe(text));

  it.each([
    [850, '850 m'],
    [1000, '1.0 km'],
    [123_456, '123.5 km'],
  ])('a distance of %i m reads %s', (meters, text) => expect(formatDistance(meters)).toBe(text));

  it('refuse negative or missing values', () => {
    expect(formatDuration(-1)).toBeUndefined();
    expect(formatDistance('12')).toBeUndefined();
  });
});
