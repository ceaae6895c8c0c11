import type { ISSUE_CATEGORIES } from './trip.js';
import type { ISSUE_PRIORITIES } from './enums.js';

/** A rating below this opens an issue for the support desk (issue 16). */
export const LOW_RATING_BELOW = 3;

export type IssueCategory = (typeof ISSUE_CATEGORIES)[number];
export type IssuePriority = (typeof ISSUE_PRIORITIES)[number];

export interface LowRatingIssue {
  category: IssueCategory;
  priority: IssuePriority;
  description: string;
}

/** Words in a comment that point to a more precise category than the rated party's behaviour. */
const HINTS: [IssueCategory, RegExp][] = [
  ['safety', /\b(unsafe|danger\w*|drunk|speed(ing)?|reckless|harass\w*|threat\w*|assault\w*|scared|attack\w*)\b/i],
  ['lost_item', /\b(lost|forgot|left (my|a|the))\b/i],
  ['fare_dispute', /\b(fare|overcharg\w*|charged?|price|expensive|money|change)\b/i],
  ['route', /\b(route|detour|wrong way|long way|map)\b/i],
  ['vehicle_condition', /\b(car|vehicle|dirty|smell\w*|seat\w*|broken|aircon|a\/c)\b/i],
];

/**
 * The issue a rating opens, or null when it opens none (LOW_RATING_BELOW and above). The category
 * is the rated party's behaviour unless the comment points elsewhere (safety first); the priority
 * follows the rating (1 high, 2 medium) and anything about safety is urgent.
 */
export function issueForLowRating(input: {
  rating: number;
  comment?: string | null;
  rater: 'passenger' | 'driver';
}): LowRatingIssue | null {
  if (!(input.rating < LOW_RATING_BELOW)) return null;
  const comment = input.comment?.trim() ?? '';
  const hinted = comment ? HINTS.find(([, re]) => re.test(comment))?.[0] : undefined;
  const category: IssueCategory = hinted ?? (input.rater === 'passenger' ? 'driver_behaviour' : 'passenger_behaviour');
  const priority: IssuePriority = category === 'safety' ? 'urgent' : input.rating <= 1 ? 'high' : 'medium';
  const who = input.rater === 'passenger' ? 'The passenger rated the driver' : 'The driver rated the passenger';
  const description = `${who} ${input.rating}/5${comment ? `: “${comment}”` : ' without a comment'}.`;
  return { category, priority, description };
}
