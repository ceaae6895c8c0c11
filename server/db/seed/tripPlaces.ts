/** The seeded places live in src/domain/places.ts: the panel's offline map labels them too. */
export { PLACES, type Place } from '../../../src/domain/places.js';
