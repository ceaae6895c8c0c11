/** The offer cascade's rules (issue 16): how long a driver has, how far the search reaches, when to give up. */

/** A driver has this long to accept or decline an offer. */
export const OFFER_TIMEOUT_MS = 15_000;
/** The search radius of each step, km: the nearest driver within it is offered the trip. */
export const OFFER_RADII_KM = [2, 4, 7, 10] as const;
/** After this many steps (offers made or radii searched in vain) the trip has no driver. */
export const OFFER_MAX_STEPS = 6;
/** A step that found nobody waits this long before searching wider. */
export const OFFER_EMPTY_STEP_WAIT_MS = 5_000;

export const OFFER_OUTCOMES = ['accepted', 'declined', 'timeout', 'cancelled'] as const;
export type OfferOutcome = (typeof OFFER_OUTCOMES)[number];

/** The radius of step `n` (1-based): wider with each step, then stays at the widest. */
export function offerRadiusKm(step: number): number {
  return OFFER_RADII_KM[Math.min(Math.max(1, step), OFFER_RADII_KM.length) - 1];
}

/** Whether a trip that has taken `steps` steps without a driver should stop searching. */
export const cascadeExhausted = (steps: number, maxSteps = OFFER_MAX_STEPS) => steps >= maxSteps;
