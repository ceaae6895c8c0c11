import { describe, expect, it } from 'vitest';
import { LOW_RATING_BELOW, issueForLowRating } from '../../src/domain/lowRating.js';

describe('a low rating opens an issue', () => {
  it('opens none for a rating of 3 or more', () => {
    expect(LOW_RATING_BELOW).toBe(3);
    for (const rating of [3, 4, 5]) expect(issueForLowRating({ rating, rater: 'passenger' })).toBeNull();
  });

  it("files it under the rated party's behaviour, high for 1 and medium for 2", () => {
    expect(issueForLowRating({ rating: 1, rater: 'passenger' })).toEqual({
      category: 'driver_behaviour',
      priority: 'high',
      description: 'The passenger rated the driver 1/5 without a comment.',
    });
    expect(issueForLowRating({ rating: 2, rater: 'driver', comment: '  rude and late ' })).toEqual({
      category: 'passenger_behaviour',
      priority: 'medium',
      description: 'The driver rated the passenger 2/5: “rude and late”.',
    });
  });

  it('follows the comment to a closer category, and anything about safety is urgent', () => {
    const of = (comment: string, rating = 2) => issueForLowRating({ rating, rater: 'passenger', comment });
    expect(of('He was speeding the whole way', 2)).toMatchObject({ category: 'safety', priority: 'urgent' });
    expect(of('I was overcharged')).toMatchObject({ category: 'fare_dispute', priority: 'medium' });
    expect(of('took a long detour', 1)).toMatchObject({ category: 'route', priority: 'high' });
    expect(of('The car was dirty')).toMatchObject({ category: 'vehicle_condition' });
    expect(of('I forgot my phone in the back')).toMatchObject({ category: 'lost_item' });
    expect(of('I lost my bag in the car')).toMatchObject({ category: 'lost_item' });
    // Safety wins over the other hints.
    expect(of('dirty car and a drunk driver')).toMatchObject({ category: 'safety', priority: 'urgent' });
  });
});
