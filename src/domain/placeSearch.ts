/**
 * Searching known places for a booking: the seeded places and the addresses of past trips, ranked
 * by how often trips start or end there. Pure functions over a prepared list, so the server keeps
 * the list in memory and answers a keystroke in well under a millisecond.
 */

export interface KnownPlace {
  /** The address as a trip stores it ("Yaya Centre, Kilimani"). */
  address: string;
  lat: number;
  lng: number;
  /** Trips that started or ended here (a seeded place counts its weight until trips use it). */
  uses: number;
}

export interface IndexedPlace extends KnownPlace {
  /** Lowercased, accents and punctuation folded. */
  folded: string;
  /** The same with a leading space, so " word" finds the start of any word. */
  spaced: string;
}

export interface PlaceMatch extends KnownPlace {
  /** The part before the first comma ("Yaya Centre"). */
  name: string;
}

export const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

export const placeName = (address: string) => address.split(',')[0].trim();

/** Prepares places for search; the same address twice (a place and a trip's) is one entry, its uses summed. */
export function indexPlaces(places: Iterable<KnownPlace>): IndexedPlace[] {
  const byKey = new Map<string, IndexedPlace>();
  for (const place of places) {
    const folded = fold(place.address);
    if (!folded) continue;
    const known = byKey.get(folded);
    if (known) known.uses += place.uses;
    else
      byKey.set(folded, {
        address: place.address,
        lat: place.lat,
        lng: place.lng,
        uses: place.uses,
        folded,
        spaced: ` ${folded}`,
      });
  }
  return [...byKey.values()].sort(byUse);
}

const byUse = (a: KnownPlace, b: KnownPlace) => b.uses - a.uses || a.address.localeCompare(b.address);

/**
 * How well a place answers the query: 3 when its address starts with it, 2 when every word of the
 * query starts a word of the address ("yaya kil"; `wordStarts` are the query's words with a leading
 * space), 1 when the query occurs inside, 0 otherwise.
 */
export function matchScore(place: IndexedPlace, query: string, wordStarts: string[]): number {
  if (place.folded.startsWith(query)) return 3;
  let every = true;
  for (const start of wordStarts)
    if (!place.spaced.includes(start)) {
      every = false;
      break;
    }
  if (every) return 2;
  return place.folded.includes(query) ? 1 : 0;
}

/**
 * Whether an address still answers what is typed now (any kind of match): a list fetched for an
 * earlier keystroke is narrowed with it, so Enter never picks a place the text no longer means.
 */
export function matchesPlace(address: string, typed: string): boolean {
  const q = fold(typed);
  if (!q) return true;
  const folded = fold(address);
  return folded.includes(q) || q.split(' ').every((w) => ` ${folded}`.includes(` ${w}`));
}

/**
 * The best places for what was typed: better matches first, then the most used. An empty query
 * gives the most used. The index is kept sorted by use, so one pass fills a bucket per kind of
 * match in use order and stops once the best kind alone has enough.
 */
export function searchPlaces(index: readonly IndexedPlace[], query: string, limit: number): PlaceMatch[] {
  const q = fold(query);
  if (!q) return index.slice(0, limit).map(toMatch);
  const words = q.split(' ').map((w) => ` ${w}`);
  const buckets: IndexedPlace[][] = [[], [], [], []];
  for (const place of index) {
    const score = matchScore(place, q, words);
    if (score > 0 && buckets[score].length < limit) {
      buckets[score].push(place);
      if (score === 3 && buckets[3].length === limit) break;
    }
  }
  return [...buckets[3], ...buckets[2], ...buckets[1]].slice(0, limit).map(toMatch);
}

const toMatch = ({ address, lat, lng, uses }: IndexedPlace): PlaceMatch => ({
  address,
  name: placeName(address),
  lat,
  lng,
  uses,
});

/** Great-circle distance in km. */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 12742 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Closer than this, a clicked point is the place itself rather than "near" it. */
export const AT_PLACE_KM = 0.05;

export interface NearestPlace {
  /** What the booking stores as the address: the place's own, or "near Yaya Centre, Kilimani". */
  address: string;
  /** The place's short name, or "near Yaya Centre". */
  label: string;
  place: string;
  distanceKm: number;
}

/** Names a clicked point after the nearest known place. Undefined without places. */
export function nearestPlace(
  index: readonly KnownPlace[],
  point: { lat: number; lng: number },
): NearestPlace | undefined {
  let best: KnownPlace | undefined;
  let bestKm = Infinity;
  for (const place of index) {
    // A place named after another ("near Yaya Centre, …", from an earlier click) names nothing new.
    if (place.address.startsWith('near ')) continue;
    const km = distanceKm(point, place);
    if (km < bestKm || (km === bestKm && best && place.uses > best.uses)) {
      best = place;
      bestKm = km;
    }
  }
  if (!best) return undefined;
  const name = placeName(best.address);
  const at = bestKm < AT_PLACE_KM;
  return {
    address: at ? best.address : `near ${best.address}`,
    label: at ? name : `near ${name}`,
    place: best.address,
    distanceKm: Math.round(bestKm * 1000) / 1000,
  };
}
