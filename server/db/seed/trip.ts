import { sql } from 'kysely';
import type { Db } from '../index.js';
import { FileStore } from '../../files/store.js';
import { CITY } from '../../../src/domain/city.js';
import {
  commissionOn,
  computeFare,
  estimateRoute,
  resolvePricing,
  surgeMultiplier,
  type DiscountRule,
  type PriceProfile,
  type PricingRules,
  type SurgeRule,
  type VehicleTypeRates,
} from '../../../src/domain/fare.js';
import { ACTIVE_TRIP_STATUSES, SOS_WINDOW_AFTER_TRIP_MS } from '../../../src/domain/trip.js';
import { encodeRoute, pointAlong } from '../../trip/geo/route.js';
import { settlementAmount } from '../../trip/transactions/ledger.js';
import { settlementNote } from '../../../src/domain/ledgerNotes.js';
import { codeSeededLedgerNotes } from '../ledgerNoteCodes.js';
import { PLACES, type Place } from './tripPlaces.js';
import { insertRows, prng, syncSequence, type Prng } from './tripBulk.js';

/** How many trips the demo city has over its six months. */
export const SEED_TRIPS = 32_000;
export const HISTORY_DAYS = 182;

export interface SeedVehicleType extends VehicleTypeRates {
  name: string;
  description: string;
  seats: number;
  active: boolean;
  /** Share of the approved drivers who drive one. */
  share: number;
  /** Make and model pairs; empty keeps the user seed's cars. */
  vehicles: [string, string][];
  colour: string;
}

export const SEED_VEHICLE_TYPES: SeedVehicleType[] = [
  {
    name: 'Boda',
    description: 'Motorbike taxi for one passenger, helmet provided: the quickest way through traffic.',
    seats: 1,
    baseFare: 50,
    pricePerKm: 18,
    pricePerMinute: 2,
    minimumFare: 100,
    cancellationFee: 50,
    commissionPercent: 15,
    active: true,
    share: 0.2,
    vehicles: [
      ['Bajaj', 'Boxer 150'],
      ['TVS', 'HLX 125'],
      ['Honda', 'Ace CB125'],
      ['Haojue', 'HJ125'],
    ],
    colour: '#f59e0b',
  },
  {
    name: 'Tuk-Tuk',
    description: 'Three-wheeler for up to three passengers and some shopping.',
    seats: 3,
    baseFare: 70,
    pricePerKm: 25,
    pricePerMinute: 3,
    minimumFare: 150,
    cancellationFee: 50,
    commissionPercent: 15,
    active: true,
    share: 0.08,
    vehicles: [
      ['Bajaj', 'RE 4S'],
      ['TVS', 'King Deluxe'],
      ['Piaggio', 'Ape City'],
    ],
    colour: '#10b981',
  },
  {
    name: 'Economy',
    description: 'Everyday hatchbacks and sedans for up to four.',
    seats: 4,
    baseFare: 100,
    pricePerKm: 35,
    pricePerMinute: 4,
    minimumFare: 250,
    cancellationFee: 100,
    commissionPercent: null,
    active: true,
    share: 0.45,
    vehicles: [],
    colour: '#3b82f6',
  },
  {
    name: 'Comfort',
    description: 'Newer, roomier sedans with top-rated drivers.',
    seats: 4,
    baseFare: 150,
    pricePerKm: 45,
    pricePerMinute: 5,
    minimumFare: 350,
    cancellationFee: 150,
    commissionPercent: 20,
    active: true,
    share: 0.15,
    vehicles: [
      ['Toyota', 'Premio'],
      ['Mazda', 'Axela'],
      ['Toyota', 'Camry'],
      ['Honda', 'Accord'],
    ],
    colour: '#8b5cf6',
  },
  {
    name: 'XL',
    description: 'Seven-seater vans for groups and airport runs with luggage.',
    seats: 6,
    baseFare: 200,
    pricePerKm: 55,
    pricePerMinute: 6,
    minimumFare: 450,
    cancellationFee: 200,
    commissionPercent: 20,
    active: true,
    share: 0.12,
    vehicles: [
      ['Toyota', 'Noah'],
      ['Toyota', 'Voxy'],
      ['Nissan', 'Serena'],
      ['Toyota', 'Sienta'],
    ],
    colour: '#ef4444',
  },
  {
    name: 'Executive',
    description: 'Premium sedans for business travel (paused while the fleet is renewed).',
    seats: 4,
    baseFare: 300,
    pricePerKm: 80,
    pricePerMinute: 8,
    minimumFare: 800,
    cancellationFee: 300,
    commissionPercent: 22,
    active: false,
    share: 0,
    vehicles: [
      ['Mercedes-Benz', 'E 200'],
      ['BMW', '520i'],
    ],
    colour: '#111827',
  },
];

export const DEFAULT_SURGE: SurgeRule[] = [
  { label: 'Weekday morning rush', days: [1, 2, 3, 4, 5], from: '07:00', to: '09:30', multiplier: 1.3 },
  { label: 'Weekday evening rush', days: [1, 2, 3, 4, 5], from: '17:00', to: '20:00', multiplier: 1.5 },
  { label: 'Weekend nights', days: [5, 6], from: '22:00', to: '03:00', multiplier: 1.4 },
];

export const SEED_PRICE_SETTINGS: { name: string; vehicleType: string | null; profile: PriceProfile }[] = [
  {
    name: 'Default pricing',
    vehicleType: null,
    profile: { commissionPercent: 18, bidPercent: 20, surgeRules: DEFAULT_SURGE },
  },
  {
    name: 'Boda pricing',
    vehicleType: 'Boda',
    profile: {
      commissionPercent: null,
      bidPercent: 10,
      surgeRules: [
        { label: 'Weekday evening rush', days: [1, 2, 3, 4, 5], from: '17:00', to: '19:30', multiplier: 1.2 },
      ],
    },
  },
  { name: 'XL pricing', vehicleType: 'XL', profile: { commissionPercent: null, bidPercent: 15, surgeRules: null } },
];

/** Relative demand by hour of day (city time), weekdays and weekends (the simulator's daily rhythm too). */
export const HOURS_WEEKDAY = [
  0.3, 0.2, 0.15, 0.1, 0.15, 0.4, 1.0, 2.2, 2.6, 1.6, 1.2, 1.2, 1.4, 1.3, 1.2, 1.3, 1.7, 2.5, 2.6, 1.9, 1.4, 1.1, 0.9,
  0.6,
];
export const HOURS_WEEKEND = [
  0.9, 0.7, 0.5, 0.3, 0.2, 0.3, 0.5, 0.7, 0.9, 1.1, 1.3, 1.5, 1.6, 1.6, 1.5, 1.5, 1.5, 1.6, 1.7, 1.7, 1.6, 1.6, 1.5,
  1.2,
];
const DAY_FACTOR = [0.8, 0.95, 0.95, 1, 1, 1.15, 1.05];
/** Nairobi keeps UTC+3 all year. */
const NAIROBI_OFFSET_MS = 3 * 3600_000;

/** Relative demand at an instant: time of day, weekday, and a city that grows over the half-year. */
export function demandAt(t: number, start: number, span: number): number {
  const local = new Date(t + NAIROBI_OFFSET_MS);
  const day = local.getUTCDay();
  const hour = local.getUTCHours();
  const weekend = day === 0 || day === 6 || (day === 5 && hour >= 18);
  const hourly = weekend ? HOURS_WEEKEND[hour] : HOURS_WEEKDAY[hour];
  return hourly * DAY_FACTOR[day] * (0.75 + (0.5 * (t - start)) / span);
}
export const MAX_DEMAND = 2.6 * 1.15 * 1.25;

const PASSENGER_CANCEL_REASONS = [
  'Driver was taking too long',
  'Changed my plans',
  'Booked by mistake',
  'Found another ride',
  'Wrong pickup location',
  'Driver asked me to cancel',
];
const DRIVER_CANCEL_REASONS = [
  'Passenger not at the pickup point',
  'Vehicle problem',
  'Passenger asked to cancel',
  'Pickup unreachable: road closed',
  'Passenger had too much luggage',
];
const NO_DRIVER_REASON = 'No driver accepted the request in time';

const COMMENTS: Record<number, string[]> = {
  5: [
    'Excellent ride, very polite',
    'Smooth and safe, thank you!',
    'Knew the shortcuts around the traffic',
    'Clean car and great music',
    'Arrived early, very professional',
    'Asante sana, top driver',
  ],
  4: ['Good trip overall', 'A bit late but friendly', 'Nice ride, the AC was weak', 'Good driver, took a longer route'],
  3: ['Okay, nothing special', 'Took long to arrive', 'Car could have been cleaner'],
  2: [
    'Driver was on the phone most of the way',
    'Rough driving on Mombasa Road',
    'Insisted on cash although I chose M-Pesa',
  ],
  1: ['Very rude and unsafe driving', 'Driver took a much longer route and argued', 'Did not follow the map at all'],
};
const PASSENGER_COMMENTS: Record<number, string[]> = {
  5: ['Great passenger, on time', 'Polite and ready at the pickup', 'Very friendly'],
  4: ['Good passenger', 'Kept me waiting a few minutes'],
  3: ['Wrong pin at pickup, took a while to find'],
  2: ['Slammed the door and ate in the car'],
  1: ['Abusive and refused to pay the full fare'],
};

const ISSUE_TEXT: Record<string, { reporter: 'passenger' | 'driver'; texts: string[]; priority: string }> = {
  lost_item: {
    reporter: 'passenger',
    priority: 'medium',
    texts: [
      'I left my phone on the back seat.',
      'Forgot a laptop bag in the boot.',
      'Left my umbrella and a paper bag from the supermarket.',
      'My house keys fell out of my pocket during the ride.',
    ],
  },
  driver_behaviour: {
    reporter: 'passenger',
    priority: 'high',
    texts: [
      'The driver was rude and kept talking on the phone.',
      'Driver asked for extra money on top of the fare.',
      'The driver was speeding on Thika Road.',
    ],
  },
  passenger_behaviour: {
    reporter: 'driver',
    priority: 'medium',
    texts: [
      'The passenger smoked in the car after I asked them not to.',
      'Passenger refused to pay the full cash fare.',
      'Passenger damaged the seat cover.',
    ],
  },
  fare_dispute: {
    reporter: 'passenger',
    priority: 'medium',
    texts: [
      'I was charged more than the estimate I was shown.',
      'The trip took longer because of a detour and I paid for it.',
      'My discount code was not applied.',
    ],
  },
  payment: {
    reporter: 'passenger',
    priority: 'high',
    texts: ['M-Pesa was debited twice for one trip.', 'My card was charged but the app shows the trip unpaid.'],
  },
  vehicle_condition: {
    reporter: 'passenger',
    priority: 'low',
    texts: [
      'The car smelled of fuel.',
      'Seat belts in the back did not work.',
      'The car was different from the one shown in the app.',
    ],
  },
  route: {
    reporter: 'passenger',
    priority: 'low',
    texts: [
      'The driver did not follow the suggested route.',
      'Driver went through the CBD at rush hour instead of the bypass.',
    ],
  },
  safety: {
    reporter: 'passenger',
    priority: 'urgent',
    texts: [
      'The driver was driving dangerously and ignored my requests to slow down.',
      'I felt unsafe: the driver stopped to pick up a stranger.',
    ],
  },
  app_problem: {
    reporter: 'driver',
    priority: 'low',
    texts: ['The app froze at pickup and I could not start the trip.', 'The map showed the wrong pickup pin.'],
  },
};
const RESOLUTIONS = [
  'Called both parties; refunded the difference to the passenger wallet.',
  'Item returned to the passenger at the Westlands office.',
  'Driver warned and coached; second offence leads to suspension.',
  'Duplicate M-Pesa charge reversed.',
  'Explained the fare breakdown; no refund due.',
  'Passenger blocked from cash trips for a month.',
  'Resolved after a call with the customer.',
];

interface PersonRow {
  id: number;
  createdAt: number;
}

interface SeedTrip {
  id: number;
  passengerId: number;
  driverId: number | null;
  vehicleTypeId: number;
  status: string;
  pickup: { lat: number; lng: number; address: string };
  dropoff: { lat: number; lng: number; address: string };
  requestedAt: number;
  acceptedAt: number | null;
  arrivedAt: number | null;
  startedAt: number | null;
  completedAt: number | null;
  cancelledAt: number | null;
  fare: ReturnType<typeof computeFare>;
  cancellationFee: number;
  commission: number;
  paymentMethod: string;
  discountId: number | null;
  discountCode: string | null;
  bookedBy: number | null;
  cancellationReason: string | null;
}

const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

function jitterPlace(rng: Prng, place: Place, spread = 0.0035) {
  return {
    lat: round6(clamp(place.lat + rng.float(-spread, spread), CITY.bounds.south + 0.001, CITY.bounds.north - 0.001)),
    lng: round6(clamp(place.lng + rng.float(-spread, spread), CITY.bounds.west + 0.001, CITY.bounds.east - 0.001)),
    address: `${place.name}, ${place.area}`,
  };
}

function iconSvg(name: string, colour: string): string {
  const letter = name.slice(0, 1).toUpperCase();
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" rx="20" fill="${colour}"/><text x="48" y="62" font-family="sans-serif" font-size="44" font-weight="700" fill="#fff" text-anchor="middle">${letter}</text></svg>`;
}

/** Vehicle types with their icons, and the price settings. Returns the pricing per vehicle type id. */
async function seedPricing(db: Db, filesDir: string) {
  const files = new FileStore(filesDir);
  const types: (SeedVehicleType & { id: number })[] = [];
  for (const vt of SEED_VEHICLE_TYPES) {
    const icon = await files.save(db, {
      bytes: Buffer.from(iconSvg(vt.name, vt.colour)),
      contentType: 'image/svg+xml',
      filename: `${vt.name.toLowerCase()}.svg`,
      uploadedBy: null,
    });
    const { id } = await db
      .insertInto('vehicleTypes')
      .values({
        name: vt.name,
        description: vt.description,
        icon,
        seats: vt.seats,
        baseFare: vt.baseFare,
        pricePerKm: vt.pricePerKm,
        pricePerMinute: vt.pricePerMinute,
        minimumFare: vt.minimumFare,
        cancellationFee: vt.cancellationFee,
        commissionPercent: vt.commissionPercent,
        active: vt.active,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    types.push({ ...vt, id });
  }
  const byName = new Map(types.map((t) => [t.name, t]));
  for (const ps of SEED_PRICE_SETTINGS) {
    await db
      .insertInto('priceSettings')
      .values({
        name: ps.name,
        vehicleTypeId: ps.vehicleType ? byName.get(ps.vehicleType)!.id : null,
        commissionPercent: ps.profile.commissionPercent,
        bidPercent: ps.profile.bidPercent,
        surgeRules: ps.profile.surgeRules ? JSON.stringify(ps.profile.surgeRules) : null,
      })
      .execute();
  }
  const defaults = SEED_PRICE_SETTINGS[0].profile;
  const rules = new Map<number, PricingRules>();
  for (const t of types)
    rules.set(t.id, resolvePricing(defaults, SEED_PRICE_SETTINGS.find((p) => p.vehicleType === t.name)?.profile, t));
  return { types, rules };
}

async function seedCatalogue(db: Db, rng: Prng, now: number) {
  const secret = (n: number, alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789') =>
    Array.from({ length: n }, () => rng.pick([...alphabet])).join('');
  const gateways = [
    {
      name: 'M-Pesa (Daraja)',
      provider: 'mpesa',
      mode: 'live',
      enabled: true,
      publicSettings: {
        shortcode: '4123789',
        environment: 'production',
        callbackUrl: 'https://ride-admin.example.com/api/payments/mpesa/callback',
        accountReference: 'RIDEADMIN',
      },
      secretSettings: { consumerKey: secret(32), consumerSecret: secret(16), passkey: secret(64, '0123456789abcdef') },
    },
    {
      name: 'Stripe cards',
      provider: 'stripe',
      mode: 'test',
      enabled: true,
      publicSettings: {
        publishableKey: `pk_test_${secret(24)}`,
        currency: 'kes',
        statementDescriptor: 'RIDE ADMIN NBO',
      },
      secretSettings: { secretKey: `sk_test_${secret(24)}`, webhookSecret: `whsec_${secret(32)}` },
    },
    {
      name: 'Flutterwave',
      provider: 'flutterwave',
      mode: 'test',
      enabled: false,
      publicSettings: { publicKey: `FLWPUBK_TEST-${secret(32, '0123456789abcdef')}-X`, country: 'KE' },
      secretSettings: {
        secretKey: `FLWSECK_TEST-${secret(32, '0123456789abcdef')}-X`,
        encryptionKey: secret(24, '0123456789abcdef'),
      },
    },
    {
      name: 'Pesapal',
      provider: 'pesapal',
      mode: 'live',
      enabled: false,
      publicSettings: { ipnUrl: 'https://ride-admin.example.com/api/payments/pesapal/ipn' },
      secretSettings: { consumerKey: secret(28), consumerSecret: secret(28) },
    },
  ];
  await db
    .insertInto('paymentGateways')
    .values(
      gateways.map((g) => ({
        ...g,
        publicSettings: JSON.stringify(g.publicSettings),
        secretSettings: JSON.stringify(g.secretSettings),
      })),
    )
    .execute();

  await db
    .insertInto('sosContacts')
    .values([
      { name: 'National Police Service', phone: '999', description: 'Police emergency, free from any network' },
      {
        name: 'Emergency (all networks)',
        phone: '112',
        description: 'Police, fire and ambulance from any mobile phone',
      },
      { name: 'Kenya Red Cross ambulance', phone: '1199', description: 'Ambulance and first response, 24 hours' },
      { name: 'Gender-based violence helpline', phone: '1195', description: 'Free and confidential, 24 hours' },
      { name: 'Childline Kenya', phone: '116', description: 'For children in danger' },
      {
        name: 'Ride Admin safety desk',
        phone: '+254 709 000 999',
        description: 'Our own team, 24 hours: stays on the line until help arrives',
      },
      {
        name: 'Nairobi Fire Brigade',
        phone: '+254 20 222 2181',
        description: 'Fire station, Tom Mboya Street (use 112 first)',
        active: false,
      },
    ])
    .execute();

  const day = 86400_000;
  const start = now - HISTORY_DAYS * day;
  const discounts = [
    {
      code: 'KARIBU',
      name: 'Welcome: 25% off your first ride',
      kind: 'percent',
      value: 25,
      maxDiscount: 250,
      minFare: null,
      validFrom: start - 30 * day,
      validTo: null,
      usageLimit: null,
      perPassengerLimit: 1,
      active: true,
    },
    {
      code: 'WIKENDI10',
      name: '10% off, all weekend long',
      kind: 'percent',
      value: 10,
      maxDiscount: 150,
      minFare: 300,
      validFrom: start,
      validTo: now + 60 * day,
      usageLimit: null,
      perPassengerLimit: 4,
      active: true,
    },
    {
      code: 'SAFARI200',
      name: 'KES 200 off long rides',
      kind: 'fixed',
      value: 200,
      maxDiscount: null,
      minFare: 900,
      validFrom: start,
      validTo: start + 60 * day,
      usageLimit: 400,
      perPassengerLimit: 2,
      active: true,
    },
    {
      code: 'MASHUJAA',
      name: 'Mashujaa Day: KES 100 off',
      kind: 'fixed',
      value: 100,
      maxDiscount: null,
      minFare: 300,
      validFrom: start + 80 * day,
      validTo: start + 87 * day,
      usageLimit: null,
      perPassengerLimit: 1,
      active: true,
    },
    {
      code: 'SHULE20',
      name: 'Back to school: 20% off',
      kind: 'percent',
      value: 20,
      maxDiscount: 300,
      minFare: null,
      validFrom: now - 90 * day,
      validTo: now + 30 * day,
      usageLimit: 80,
      perPassengerLimit: 3,
      active: true,
    },
    {
      code: 'NEWYEAR',
      name: 'New year: 15% off',
      kind: 'percent',
      value: 15,
      maxDiscount: 200,
      minFare: null,
      validFrom: now + 10 * day,
      validTo: now + 20 * day,
      usageLimit: 1000,
      perPassengerLimit: 1,
      active: true,
    },
    {
      code: 'STAFF50',
      name: 'Staff rides (withdrawn)',
      kind: 'percent',
      value: 50,
      maxDiscount: 500,
      minFare: null,
      validFrom: start,
      validTo: null,
      usageLimit: null,
      perPassengerLimit: null,
      active: false,
    },
  ];
  const rows = [];
  for (const d of discounts) {
    const { id } = await db
      .insertInto('discounts')
      .values({
        ...d,
        validFrom: iso(d.validFrom),
        validTo: iso(d.validTo),
        createdAt: iso(Math.min(d.validFrom, now) - 5 * day)!,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    rows.push({ ...d, id, used: 0 });
  }
  return rows;
}

/** Phase timings on the console when SEED_TIMINGS is set. */
/** The steps of the trip service's seed, in order (npm start prints each as it starts). */
export const TRIP_SEED_STEPS = [
  'prices, vehicle types and discounts',
  'drawing six months of trips',
  'writing the trips',
  'wallets and the ledger',
  'reviews',
  'issues, SOS alarms and where drivers are',
] as const;

/** Announces each step as it starts, and prints the last one's time when SEED_TIMINGS is set. */
function stepTimer(progress?: (step: string) => void) {
  let last = Date.now();
  let current: string | undefined;
  return (next?: (typeof TRIP_SEED_STEPS)[number]) => {
    if (current && process.env.SEED_TIMINGS) console.log(`[trip seed] ${current}: ${Date.now() - last} ms`);
    current = next;
    last = Date.now();
    if (next) progress?.(next);
  };
}

/** Binary search: how many of `sorted` were created before t. */
function createdBefore(sorted: PersonRow[], t: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid].createdAt < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The trip service's demo data: vehicle types and pricing, gateways, SOS
 * contacts, discounts, then six months of Nairobi trips in time order, with
 * the reviews, issues, SOS calls and driver ledger they imply. Runs after the
 * user-service seed (drivers 1–150, passengers 1–1000).
 */
export async function seedTripService(
  db: Db,
  opts: { filesDir: string; now?: Date; trips?: number; progress?: (step: string) => void },
): Promise<void> {
  const rng = prng(20261122);
  const now = (opts.now ?? new Date()).getTime();
  const day = 86400_000;
  const start = now - HISTORY_DAYS * day;
  const span = now - start;

  const step = stepTimer(opts.progress);
  step('prices, vehicle types and discounts');
  const { types, rules } = await seedPricing(db, opts.filesDir);
  const discounts = await seedCatalogue(db, rng, now);

  const staff = await db
    .selectFrom('staffs')
    .innerJoin('roles', 'roles.id', 'staffs.roleId')
    .select(['staffs.id', 'roles.name as role', 'staffs.status'])
    .orderBy('staffs.id')
    .execute();
  const staffIn = (role: string) => staff.filter((s) => s.role === role && s.status === 'active').map((s) => s.id);
  const dispatchers = staffIn('Dispatcher');
  const support = staffIn('Support Agent');
  const finance = staffIn('Finance');

  // Drivers: a vehicle type each (approved ones by fleet share), matching vehicles.
  const driverRows = await db
    .selectFrom('drivers')
    .select(['id', 'approvalStatus', 'createdAt'])
    .orderBy('id')
    .execute();
  const activeTypes = types.filter((t) => t.active);
  const driverType = new Map<number, (typeof types)[number]>();
  const vehicleUpdates: Record<string, unknown>[] = [];
  for (const d of driverRows) {
    const vt = rng.weighted(activeTypes, (t) => t.share);
    driverType.set(d.id, vt);
    const [make, model] = vt.vehicles.length ? rng.pick(vt.vehicles) : [null, null];
    vehicleUpdates.push({ id: d.id, vehicle_type_id: vt.id, make, model });
  }
  await sql`update drivers set vehicle_type_id = x.vehicle_type_id,
      vehicle_make = coalesce(x.make, drivers.vehicle_make), vehicle_model = coalesce(x.model, drivers.vehicle_model)
    from json_to_recordset(${JSON.stringify(vehicleUpdates)}::json) as x(id int, vehicle_type_id int, make text, model text)
    where drivers.id = x.id`.execute(db);

  const approved = driverRows
    .filter((d) => d.approvalStatus === 'approved')
    .map((d) => ({ id: d.id, createdAt: d.createdAt.getTime() }));
  const driversByType = new Map<number, PersonRow[]>();
  for (const d of approved) {
    const list = driversByType.get(driverType.get(d.id)!.id) ?? [];
    list.push(d);
    driversByType.set(driverType.get(d.id)!.id, list);
  }
  for (const list of driversByType.values()) list.sort((a, b) => a.createdAt - b.createdAt || a.id - b.id);
  const typeDemand = activeTypes.filter((t) => driversByType.has(t.id));
  const passengers = (await db.selectFrom('passengers').select(['id', 'createdAt']).execute())
    .map((p) => ({ id: p.id, createdAt: p.createdAt.getTime() }))
    .sort((a, b) => a.createdAt - b.createdAt || a.id - b.id);

  step('drawing six months of trips');
  // Request times: demand-weighted over the half-year, in order.
  const target = opts.trips ?? SEED_TRIPS;
  const times: number[] = [];
  while (times.length < target) {
    const t = start + Math.floor(rng.next() * span);
    if (rng.next() * MAX_DEMAND < demandAt(t, start, span)) times.push(t);
  }
  // And a burst in the last three quarters of an hour, so that trips are under way right now.
  for (let k = 0; k < 14; k++) times.push(now - rng.int(60, 45 * 60) * 1000);
  times.sort((a, b) => a - b);

  const driverFree = new Map<number, number>();
  const passengerFree = new Map<number, number>();
  const lastDropoff = new Map<number, { lat: number; lng: number; at: number }>();
  const discountUse = new Map<string, number>();
  const trips: SeedTrip[] = [];

  for (const requestedAt of times) {
    // A passenger who exists by then and is not on another trip.
    const eligible = createdBefore(passengers, requestedAt);
    if (eligible === 0) continue;
    let passenger: PersonRow | undefined;
    for (let k = 0; k < 6 && !passenger; k++) {
      const p = passengers[Math.floor(Math.pow(rng.next(), 1.3) * eligible)];
      if ((passengerFree.get(p.id) ?? 0) < requestedAt) passenger = p;
    }
    if (!passenger) continue;
    const vt = rng.weighted(typeDemand, (t) => t.share);
    const rates = vt;
    const pricing = rules.get(vt.id)!;
    const from = rng.weighted(PLACES, (p) => p.weight);
    let to = rng.weighted(PLACES, (p) => p.weight);
    for (let k = 0; k < 4 && to === from; k++) to = rng.weighted(PLACES, (p) => p.weight);
    if (to === from) continue;
    const pickup = jitterPlace(rng, from);
    const dropoff = jitterPlace(rng, to);
    const route = estimateRoute(pickup, dropoff);
    if (vt.name === 'Boda' && route.distanceKm > 18 && rng.chance(0.7)) continue;
    const surge = surgeMultiplier(pricing.surgeRules, new Date(requestedAt));
    const paymentMethod = rng.weighted(
      ['cash', 'wallet', 'card'] as const,
      (m) => ({ cash: 50, wallet: 35, card: 15 })[m],
    );

    // A discount code now and then, when it is valid and not used up.
    let discount: (typeof discounts)[number] | undefined;
    if (rng.chance(0.07)) {
      const d = rng.pick(discounts);
      const mine = discountUse.get(`${d.id}:${passenger.id}`) ?? 0;
      const valid = d.active && requestedAt >= d.validFrom && (d.validTo === null || requestedAt <= d.validTo);
      if (
        valid &&
        (d.usageLimit === null || d.used < d.usageLimit) &&
        (d.perPassengerLimit === null || mine < d.perPassengerLimit)
      )
        discount = d;
    }
    const rule: DiscountRule | null = discount
      ? {
          kind: discount.kind as DiscountRule['kind'],
          value: discount.value,
          maxDiscount: discount.maxDiscount,
          minFare: discount.minFare,
        }
      : null;
    // The upfront estimate; a discount that does not apply (minimum fare) is not recorded.
    const quoted = computeFare({
      rates,
      commissionPercent: pricing.commissionPercent,
      distanceKm: route.distanceKm,
      durationMin: route.durationMin,
      surgeMultiplier: surge,
      discount: rule,
    });
    if (discount && quoted.discount === 0) discount = undefined;

    const trip: SeedTrip = {
      id: trips.length + 1,
      passengerId: passenger.id,
      driverId: null,
      vehicleTypeId: vt.id,
      status: 'requested',
      pickup,
      dropoff,
      requestedAt,
      acceptedAt: null,
      arrivedAt: null,
      startedAt: null,
      completedAt: null,
      cancelledAt: null,
      fare: quoted,
      cancellationFee: 0,
      commission: 0,
      paymentMethod,
      discountId: discount?.id ?? null,
      discountCode: discount?.code ?? null,
      bookedBy: dispatchers.length && rng.chance(0.06) ? rng.pick(dispatchers) : null,
      cancellationReason: null,
    };

    // The whole story of the trip first; below, whatever lies after "now" is cut off.
    let driver: PersonRow | undefined;
    const localHour = new Date(requestedAt + NAIROBI_OFFSET_MS).getUTCHours();
    const scarce =
      localHour < 5 || localHour >= 23
        ? 0.09
        : (localHour >= 7 && localHour < 9) || (localHour >= 17 && localHour < 19)
          ? 0.05
          : 0.015;
    if (rng.chance(0.035)) {
      trip.cancelledAt = requestedAt + rng.int(20, 200) * 1000;
      trip.status = 'cancelled_by_passenger';
      trip.cancellationReason = rng.pick(PASSENGER_CANCEL_REASONS.slice(0, 5));
    } else {
      const pool = driversByType.get(vt.id)!;
      const ready = createdBefore(pool, requestedAt - day);
      for (let k = 0; k < 8 && !driver && ready > 0 && !rng.chance(scarce); k++) {
        const cand = pool[Math.floor(rng.next() * ready)];
        if ((driverFree.get(cand.id) ?? 0) < requestedAt) driver = cand;
      }
      if (!driver) {
        trip.status = 'no_driver_found';
        trip.cancelledAt = requestedAt + rng.int(120, 300) * 1000;
        trip.cancellationReason = NO_DRIVER_REASON;
      }
    }
    if (driver) {
      trip.driverId = driver.id;
      trip.status = 'accepted';
      trip.acceptedAt = requestedAt + rng.int(8, 150) * 1000;
      const roll = rng.next();
      const arrival = trip.acceptedAt + rng.int(150, 720) * 1000;
      if (roll < 0.03) {
        trip.status = 'cancelled_by_driver';
        trip.cancelledAt = trip.acceptedAt + Math.floor((arrival - trip.acceptedAt) * rng.float(0.1, 0.9));
        trip.cancellationReason = rng.pick(DRIVER_CANCEL_REASONS);
      } else if (roll < 0.07) {
        trip.status = 'cancelled_by_passenger';
        trip.cancelledAt = trip.acceptedAt + Math.floor((arrival - trip.acceptedAt) * rng.float(0.1, 0.9));
        trip.cancellationReason = rng.pick(PASSENGER_CANCEL_REASONS);
      } else {
        trip.arrivedAt = arrival;
        if (roll < 0.085) {
          trip.status = 'cancelled_by_passenger';
          trip.cancelledAt = arrival + rng.int(60, 420) * 1000;
          trip.cancellationReason = rng.pick(PASSENGER_CANCEL_REASONS);
          if (paymentMethod !== 'cash') {
            trip.cancellationFee = rates.cancellationFee;
            trip.commission = commissionOn(rates.cancellationFee, pricing.commissionPercent);
          }
        } else {
          trip.status = 'completed';
          trip.startedAt = arrival + rng.int(20, 300) * 1000;
          const local = new Date(requestedAt + NAIROBI_OFFSET_MS).getUTCHours();
          const rush = (local >= 7 && local < 10) || (local >= 17 && local < 20);
          const durationMin = Math.max(
            1,
            Math.round(route.durationMin * (rush ? rng.float(1.1, 1.5) : rng.float(0.85, 1.15))),
          );
          // Metered as the trip service does on completion: whole minutes, rounded up.
          trip.completedAt = trip.startedAt + durationMin * 60_000 - rng.int(0, 55) * 1000;
          trip.fare = computeFare({
            rates,
            commissionPercent: pricing.commissionPercent,
            distanceKm: route.distanceKm,
            durationMin,
            surgeMultiplier: surge,
            discount: discount ? rule : null,
          });
          trip.commission = trip.fare.commission;
        }
      }
    }
    const ends = trip.completedAt ?? trip.cancelledAt!;
    if (ends > now) {
      // Still under way: the stage reached by now, the estimate, no end.
      let status = 'requested';
      if (trip.acceptedAt !== null && trip.acceptedAt <= now) status = 'accepted';
      if (trip.arrivedAt !== null && trip.arrivedAt <= now) status = 'arrived';
      if (trip.startedAt !== null && trip.startedAt <= now) status = 'in_progress';
      trip.status = status;
      if (status === 'requested') trip.driverId = null;
      for (const k of ['acceptedAt', 'arrivedAt', 'startedAt'] as const)
        if (trip[k] !== null && trip[k]! > now) trip[k] = null;
      trip.completedAt = null;
      trip.cancelledAt = null;
      trip.cancellationReason = null;
      trip.cancellationFee = 0;
      trip.commission = 0;
      trip.fare = quoted;
    }

    const end = trip.completedAt ?? trip.cancelledAt ?? Number.MAX_SAFE_INTEGER;
    passengerFree.set(passenger.id, end);
    if (trip.driverId !== null) {
      driverFree.set(trip.driverId, end);
      if (trip.completedAt !== null)
        lastDropoff.set(trip.driverId, { lat: trip.dropoff.lat, lng: trip.dropoff.lng, at: trip.completedAt });
    }
    if (discount && trip.status === 'completed') {
      discount.used++;
      discountUse.set(`${discount.id}:${passenger.id}`, (discountUse.get(`${discount.id}:${passenger.id}`) ?? 0) + 1);
    }
    trips.push(trip);
  }

  step('writing the trips');
  await insertRows(db, 'trips', TRIP_COLUMNS, trips.map(tripRow));
  await syncSequence(db, 'trips');
  for (const d of discounts)
    if (d.used) await db.updateTable('discounts').set({ timesUsed: d.used }).where('id', '=', d.id).execute();

  step('wallets and the ledger');
  await seedLedger(db, rng, trips, approved, finance, now);
  step('reviews');
  await seedReviews(db, rng, trips, now);
  step('issues, SOS alarms and where drivers are');
  await seedIssues(db, rng, trips, support, now);
  await seedSos(db, rng, trips, support, now);
  await seedDriverState(db, rng, trips, approved, lastDropoff, now);
  step();
}

export const TRIP_COLUMNS: Record<string, string> = {
  id: 'int',
  passenger_id: 'int',
  driver_id: 'int',
  vehicle_type_id: 'int',
  status: 'text',
  pickup_address: 'text',
  pickup_lat: 'float8',
  pickup_lng: 'float8',
  dropoff_address: 'text',
  dropoff_lat: 'float8',
  dropoff_lng: 'float8',
  route_polyline: 'text',
  requested_at: 'timestamptz',
  accepted_at: 'timestamptz',
  arrived_at: 'timestamptz',
  started_at: 'timestamptz',
  completed_at: 'timestamptz',
  cancelled_at: 'timestamptz',
  distance_km: 'numeric',
  duration_min: 'int',
  surge_multiplier: 'numeric',
  fare_base: 'numeric',
  fare_distance: 'numeric',
  fare_time: 'numeric',
  fare_surge: 'numeric',
  fare_minimum_top_up: 'numeric',
  fare_discount: 'numeric',
  fare_total: 'numeric',
  cancellation_fee: 'numeric',
  commission: 'numeric',
  payment_method: 'text',
  discount_id: 'int',
  discount_code: 'text',
  booked_by: 'int',
  cancellation_reason: 'text',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
};

function tripRow(t: SeedTrip): Record<string, unknown> {
  const f = t.fare;
  const last = t.completedAt ?? t.cancelledAt ?? t.startedAt ?? t.arrivedAt ?? t.acceptedAt ?? t.requestedAt;
  return {
    id: t.id,
    passenger_id: t.passengerId,
    driver_id: t.driverId,
    vehicle_type_id: t.vehicleTypeId,
    status: t.status,
    pickup_address: t.pickup.address,
    pickup_lat: t.pickup.lat,
    pickup_lng: t.pickup.lng,
    dropoff_address: t.dropoff.address,
    dropoff_lat: t.dropoff.lat,
    dropoff_lng: t.dropoff.lng,
    route_polyline: encodeRoute(t.pickup, t.dropoff),
    requested_at: iso(t.requestedAt),
    accepted_at: iso(t.acceptedAt),
    arrived_at: iso(t.arrivedAt),
    started_at: iso(t.startedAt),
    completed_at: iso(t.completedAt),
    cancelled_at: iso(t.cancelledAt),
    distance_km: f.distanceKm,
    duration_min: f.durationMin,
    surge_multiplier: f.surgeMultiplier,
    fare_base: f.base,
    fare_distance: f.distance,
    fare_time: f.time,
    fare_surge: f.surge,
    fare_minimum_top_up: f.minimumTopUp,
    fare_discount: f.discount,
    fare_total: f.total,
    cancellation_fee: t.cancellationFee,
    commission: t.commission,
    payment_method: t.paymentMethod,
    discount_id: t.discountId,
    discount_code: t.discountCode,
    booked_by: t.bookedBy,
    cancellation_reason: t.cancellationReason,
    created_at: iso(t.requestedAt),
    updated_at: iso(last),
  };
}

/** Local Monday 10:00 (Nairobi) at or after t. */
function nextPayoutAfter(t: number): number {
  const local = new Date(t + NAIROBI_OFFSET_MS);
  const dayStart = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - NAIROBI_OFFSET_MS;
  const daysToMonday = (8 - local.getUTCDay()) % 7;
  let at = dayStart + daysToMonday * 86400_000 + 10 * 3600_000;
  if (at <= t) at += 7 * 86400_000;
  return at;
}

/**
 * The drivers' ledger in time order: trip settlements, top-ups when credit
 * runs low, and Monday payouts of large balances; each row's balance_after is
 * the running sum, and the driver's credit_balance the final one.
 */
async function seedLedger(
  db: Db,
  rng: Prng,
  trips: SeedTrip[],
  approved: PersonRow[],
  finance: number[],
  now: number,
): Promise<void> {
  const byDriver = new Map<number, SeedTrip[]>();
  for (const t of trips) {
    const charged = t.status === 'completed' ? t.fare.total : t.cancellationFee;
    if (t.driverId === null || charged <= 0 || (t.status !== 'completed' && t.status !== 'cancelled_by_passenger'))
      continue;
    const list = byDriver.get(t.driverId) ?? [];
    list.push(t);
    byDriver.set(t.driverId, list);
  }
  type LedgerRow = {
    driver_id: number;
    kind: string;
    amount: number;
    balance_after: number;
    trip_id: number | null;
    staff_id: number | null;
    note: string;
    at: number;
    seq: number;
  };
  const rows: LedgerRow[] = [];
  const balances = new Map<number, number>();
  const financeStaff = () => (finance.length ? rng.pick(finance) : null);
  for (const driver of approved) {
    const settled = (byDriver.get(driver.id) ?? [])
      .map((t) => ({ t, at: t.completedAt ?? t.cancelledAt! }))
      .sort((a, b) => a.at - b.at);
    if (!settled.length) continue;
    let cents = 0;
    const push = (
      kind: string,
      amountCents: number,
      at: number,
      extra: { trip_id?: number; staff_id?: number | null; note: string },
    ) => {
      if (amountCents === 0) return;
      cents += amountCents;
      rows.push({
        driver_id: driver.id,
        kind,
        amount: amountCents / 100,
        balance_after: cents / 100,
        trip_id: extra.trip_id ?? null,
        staff_id: extra.staff_id ?? null,
        note: extra.note,
        at,
        seq: rows.length,
      });
    };
    const topUp = (at: number) => {
      const ref = `${rng.pick(['QK', 'QL', 'RA', 'RB'])}${Math.floor(rng.next() * 2 ** 40)
        .toString(36)
        .toUpperCase()
        .padStart(8, '0')}`;
      push('credit_topup', rng.pick([1000, 1500, 2000, 2500, 3000]) * 100, at, {
        staff_id: financeStaff(),
        note: `M-Pesa top-up, ref ${ref}`,
      });
    };
    topUp(settled[0].at - rng.int(1, 20) * 3600_000);
    let payoutAt = nextPayoutAfter(settled[0].at);
    let topUpAt = Number.POSITIVE_INFINITY;
    let previousAt = Number.NEGATIVE_INFINITY;
    for (const { t, at } of settled) {
      // Payouts and top-ups due before this settlement, in time order. A
      // top-up is placed a second before the settlement, but never before
      // the previous one (two settlements can be under a second apart); a
      // payout due in that last second still comes before this settlement.
      for (;;) {
        const topUpDue = topUpAt < at ? Math.max(Math.min(topUpAt, at - 1000), previousAt) : Number.POSITIVE_INFINITY;
        if (payoutAt < at && payoutAt <= topUpDue) {
          if (cents > 500_000)
            push('payout', -(Math.floor((cents - 200_000) / 10_000) * 10_000), payoutAt, {
              staff_id: financeStaff(),
              note: 'Weekly payout to M-Pesa',
            });
          payoutAt += 7 * 86400_000;
        } else if (topUpDue !== Number.POSITIVE_INFINITY) {
          topUp(topUpDue);
          topUpAt = Number.POSITIVE_INFINITY;
        } else break;
      }
      const charged = t.status === 'completed' ? t.fare.total : t.cancellationFee;
      push('commission', Math.round(settlementAmount(t.paymentMethod, charged, t.commission) * 100), at, {
        trip_id: t.id,
        note: settlementNote(t, charged, t.status !== 'completed').note,
      });
      if (cents < 20_000 && topUpAt === Number.POSITIVE_INFINITY) topUpAt = at + rng.int(10, 180) * 60_000;
      previousAt = at;
    }
    const last = settled[settled.length - 1].at;
    if (rng.chance(0.08) && last + 86400_000 < now) {
      const note = rng.pick([
        'Refund of a disputed commission',
        'Penalty: repeated late arrivals',
        'Goodwill credit after an app outage',
        'Fuel support campaign',
      ]);
      push('adjustment', note.startsWith('Penalty') ? -25000 : rng.pick([15000, 30000]), last + 86400_000, {
        staff_id: financeStaff(),
        note,
      });
    }
    balances.set(driver.id, cents / 100);
  }
  rows.sort((a, b) => a.at - b.at || a.seq - b.seq);
  // balance_after is the running sum in the order the ledger is read (time,
  // then id), whatever order the rows were generated in.
  const running = new Map<number, number>();
  for (const row of rows) {
    const cents = (running.get(row.driver_id) ?? 0) + Math.round(row.amount * 100);
    running.set(row.driver_id, cents);
    row.balance_after = cents / 100;
  }
  await insertRows(
    db,
    'driver_transactions',
    {
      driver_id: 'int',
      kind: 'text',
      amount: 'numeric',
      balance_after: 'numeric',
      trip_id: 'int',
      staff_id: 'int',
      note: 'text',
      created_at: 'timestamptz',
    },
    rows.map(({ at, seq: _seq, ...r }) => ({ ...r, created_at: iso(at) })),
  );
  await codeSeededLedgerNotes(db);
  const updates = [...balances].map(([id, balance]) => ({ id, balance }));
  await sql`update drivers set credit_balance = x.balance from json_to_recordset(${JSON.stringify(updates)}::json) as x(id int, balance numeric) where drivers.id = x.id`.execute(
    db,
  );
}

async function seedReviews(db: Db, rng: Prng, trips: SeedTrip[], now: number): Promise<void> {
  const rows: Record<string, unknown>[] = [];
  const stars = () => rng.weighted([5, 4, 3, 2, 1], (s) => ({ 5: 62, 4: 25, 3: 8, 2: 3, 1: 2 })[s]!);
  for (const t of trips) {
    if (t.status !== 'completed' || t.driverId === null) continue;
    for (const [direction, p, texts] of [
      ['passenger_to_driver', 0.7, COMMENTS],
      ['driver_to_passenger', 0.5, PASSENGER_COMMENTS],
    ] as const) {
      if (!rng.chance(p)) continue;
      const at = t.completedAt! + rng.int(1, 180) * 60_000;
      if (at > now) continue;
      const rating = stars();
      rows.push({
        trip_id: t.id,
        direction,
        driver_id: t.driverId,
        passenger_id: t.passengerId,
        rating,
        comment: rng.chance(0.35) ? rng.pick(texts[rating]) : null,
        created_at: iso(at),
      });
    }
  }
  rows.sort((a, b) => String(a.created_at).localeCompare(String(b.created_at)));
  await insertRows(
    db,
    'reviews',
    {
      trip_id: 'int',
      direction: 'text',
      driver_id: 'int',
      passenger_id: 'int',
      rating: 'int',
      comment: 'text',
      created_at: 'timestamptz',
    },
    rows,
  );
  await sql`update drivers set rating = coalesce((select round(avg(r.rating), 2) from reviews r where r.driver_id = drivers.id and r.direction = 'passenger_to_driver'), 5)`.execute(
    db,
  );
  await sql`update passengers set rating = coalesce((select round(avg(r.rating), 2) from reviews r where r.passenger_id = passengers.id and r.direction = 'driver_to_passenger'), 5)`.execute(
    db,
  );
}

async function seedIssues(db: Db, rng: Prng, trips: SeedTrip[], support: number[], now: number): Promise<void> {
  const rows: Record<string, unknown>[] = [];
  const categories = Object.keys(ISSUE_TEXT);
  for (const t of trips) {
    const end = t.completedAt ?? t.cancelledAt;
    if (end === null) continue;
    // The last three days complain more often, so the desk has a working queue (open, some unassigned).
    const recent = now - end < 3 * 86400_000 ? 4 : 1;
    if (!rng.chance((t.status === 'completed' ? 0.011 : 0.006) * recent)) continue;
    let category = rng.pick(categories);
    if (t.status !== 'completed') category = rng.pick(['driver_behaviour', 'fare_dispute', 'app_problem']);
    const spec = ISSUE_TEXT[category];
    const reporter = t.driverId === null ? 'passenger' : spec.reporter;
    // A recent trip's complaint comes within hours; an older one's within two days.
    const createdAt = end + rng.int(10, recent > 1 ? 240 : 2880) * 60_000;
    if (createdAt > now) continue;
    const ageDays = (now - createdAt) / 86400_000;
    const status =
      ageDays > 10
        ? rng.weighted(['closed', 'resolved'], (s) => (s === 'closed' ? 3 : 1))
        : ageDays > 3
          ? rng.pick(['resolved', 'in_progress', 'resolved'])
          : rng.pick(['open', 'open', 'in_progress']);
    const resolved = status === 'resolved' || status === 'closed';
    const resolvedAt = resolved ? Math.min(now, createdAt + rng.int(1, 72) * 3600_000) : null;
    rows.push({
      trip_id: t.id,
      reporter_kind: reporter,
      reporter_id: reporter === 'driver' ? t.driverId : t.passengerId,
      category,
      priority: spec.priority,
      status,
      assignee_id: status === 'open' && rng.chance(0.5) ? null : support.length ? rng.pick(support) : null,
      description: rng.pick(spec.texts),
      resolution_note: resolved ? rng.pick(RESOLUTIONS) : null,
      resolved_at: iso(resolvedAt),
      created_at: iso(createdAt),
      updated_at: iso(resolvedAt ?? createdAt),
    });
  }
  rows.sort((a, b) => String(a.created_at).localeCompare(String(b.created_at)));
  await insertRows(
    db,
    'issues',
    {
      trip_id: 'int',
      reporter_kind: 'text',
      reporter_id: 'int',
      category: 'text',
      priority: 'text',
      status: 'text',
      assignee_id: 'int',
      description: 'text',
      resolution_note: 'text',
      resolved_at: 'timestamptz',
      created_at: 'timestamptz',
      updated_at: 'timestamptz',
    },
    rows,
  );
  await seedIssueTimelines(db, now);
}

const ISSUE_NOTES = [
  'Called the passenger, no answer. Will try again after 5 pm.',
  'Spoke to the driver; his account matches the passenger’s.',
  'Checked the route on the map: the detour was about 3 km.',
  'Asked the driver for the dashcam clip.',
  'Passenger confirmed by SMS that the item was returned.',
  'Waiting for finance to confirm the card reversal.',
];

/**
 * The seeded issues' timelines (issue_events, migration 010), from their rows: opened; taken by the
 * assignee a few minutes later; in progress; one or two internal notes by the assignee; resolved
 * with the note; closed a day later. Deterministic (by issue id).
 */
async function seedIssueTimelines(db: Db, now: number): Promise<void> {
  const nowAt = iso(now);
  const notes = sql.join(ISSUE_NOTES.map((n, i) => sql`(${i}::int, ${n}::text)`));
  await sql`insert into issue_events (issue_id, at, kind, to_value) select id, created_at, 'opened', 'open' from issues`.execute(
    db,
  );
  // The trips' timelines say an issue was opened about them, by its reporter (migration 014).
  await sql`insert into trip_events (trip_id, at, kind, status, actor, issue_id, note)
    select i.trip_id, i.created_at, 'issue_opened', t.status, i.reporter_kind, i.id, i.category
    from issues i join trips t on t.id = i.trip_id`.execute(db);
  // Taken and started within the first quarter of the time it stayed open.
  await sql`insert into issue_events (issue_id, at, kind, staff_id, from_value, to_value)
    select id, created_at + (coalesce(resolved_at, ${nowAt}::timestamptz) - created_at) * ((id % 7) + 1) / 40, 'assigned', assignee_id, null, assignee_id::text
    from issues where assignee_id is not null`.execute(db);
  await sql`insert into issue_events (issue_id, at, kind, staff_id, from_value, to_value)
    select id, created_at + (coalesce(resolved_at, ${nowAt}::timestamptz) - created_at) * ((id % 7) + 2) / 40, 'status', assignee_id, 'open', 'in_progress'
    from issues where assignee_id is not null and status <> 'open'`.execute(db);
  await sql`insert into issue_events (issue_id, at, kind, staff_id, note)
    select i.id, i.created_at + (coalesce(i.resolved_at, ${nowAt}::timestamptz) - i.created_at) * (n.k + 1) / 3, 'note', i.assignee_id, notes.text
    from issues i cross join (values (1), (2)) as n(k)
    join (values ${notes}) as notes(i, text) on notes.i = (i.id + n.k) % ${ISSUE_NOTES.length}
    where i.assignee_id is not null and (i.id * 13 + n.k) % 5 < 2`.execute(db);
  await sql`insert into issue_events (issue_id, at, kind, staff_id, from_value, to_value, note)
    select id, resolved_at, 'status', assignee_id, case when assignee_id is null then 'open' else 'in_progress' end, 'resolved', resolution_note
    from issues where resolved_at is not null`.execute(db);
  await sql`insert into issue_events (issue_id, at, kind, staff_id, from_value, to_value)
    select id, least(resolved_at + interval '1 day', ${nowAt}::timestamptz), 'status', assignee_id, 'resolved', 'closed'
    from issues where status = 'closed'`.execute(db);
}

async function seedSos(db: Db, rng: Prng, trips: SeedTrip[], support: number[], now: number): Promise<void> {
  const candidates = trips.filter((t) => t.startedAt !== null && t.driverId !== null);
  const chosen = new Set<SeedTrip>();
  for (let k = 0; k < 48 && candidates.length; k++) chosen.add(rng.pick(candidates));
  // A trip under way now gets a fresh alarm, so the bell has something to show.
  // Two trips under way now: one alarm still new (the banner's), one already taken. The new one is
  // flagged simulated (issue 33): raised a few minutes ago, it is closed 10 minutes after, so a
  // fresh start shows no stale alarm on the banner; the past hours' open alarms are all taken.
  const live = trips.filter((t) => t.status === 'in_progress');
  const liveOne = live.length ? live[live.length - 1] : undefined;
  const liveTaken = live.length > 1 ? live[live.length - 2] : undefined;
  if (liveOne) chosen.add(liveOne);
  if (liveTaken) chosen.add(liveTaken);
  const rows: Record<string, unknown>[] = [];
  for (const t of [...chosen].sort((a, b) => a.startedAt! - b.startedAt!)) {
    const finish = t.completedAt ?? now;
    // Never before the trip started, even for a trip that started within the last minute.
    const calledAt = Math.max(
      t.startedAt!,
      t === liveOne
        ? now - rng.int(60, 240) * 1000
        : Math.min(now - 60_000, t.startedAt! + Math.floor((finish - t.startedAt!) * rng.float(0.1, 0.9))),
    );
    const fraction = Math.max(0, Math.min(1, (calledAt - t.startedAt!) / Math.max(1, finish - t.startedAt!)));
    const at = pointAlong(t.pickup, t.dropoff, fraction);
    const recent = now - calledAt < SOS_WINDOW_AFTER_TRIP_MS * 6;
    const status =
      t === liveOne
        ? 'new'
        : t === liveTaken
          ? 'acknowledged'
          : recent
            ? 'acknowledged'
            : rng.weighted(['resolved', 'false_alarm'], (s) => (s === 'resolved' ? 2 : 3));
    const handled = status !== 'new';
    // Most alarms are taken within a minute or two; a few wait longer.
    const ackSeconds = handled ? (rng.chance(0.85) ? rng.int(6, 150) : rng.int(150, 600)) : null;
    const handledAt = ackSeconds === null ? null : Math.min(now, calledAt + ackSeconds * 1000);
    const closed = status === 'resolved' || status === 'false_alarm';
    const handler = handled && support.length ? rng.pick(support) : null;
    rows.push({
      trip_id: t.id,
      caller_kind: rng.chance(0.75) ? 'passenger' : 'driver',
      lat: round6(at.lat),
      lng: round6(at.lng),
      called_at: iso(calledAt),
      status,
      handled_by: handler,
      handled_at: iso(handledAt),
      ack_seconds: handledAt === null ? null : Math.round((handledAt - calledAt) / 1000),
      resolved_by: closed ? handler : null,
      resolved_at: closed && handledAt !== null ? iso(Math.min(now, handledAt + rng.int(2, 25) * 60_000)) : null,
      report_count: status === 'new' || rng.chance(0.7) ? 1 : rng.int(2, 4),
      last_reported_at: iso(calledAt),
      notes:
        status === 'false_alarm'
          ? rng.pick(['Pressed by mistake; called back, all fine.', 'Child playing with the phone; confirmed safe.'])
          : status === 'resolved'
            ? rng.pick([
                'Police met the car at the next junction.',
                'Called the passenger; dispute over the route, calmed down.',
                'Driver reported a mob near Ngara; rerouted safely.',
              ])
            : null,
      created_at: iso(calledAt),
      updated_at: iso(calledAt),
      passenger_id: t.passengerId,
      driver_id: t.driverId,
      simulated: t === liveOne,
    });
  }
  for (const r of rows) r.caller_id = r.caller_kind === 'driver' ? r.driver_id : r.passenger_id;
  await insertRows(
    db,
    'sos_call_logs',
    {
      trip_id: 'int',
      caller_kind: 'text',
      caller_id: 'int',
      lat: 'float8',
      lng: 'float8',
      called_at: 'timestamptz',
      status: 'text',
      handled_by: 'int',
      handled_at: 'timestamptz',
      notes: 'text',
      ack_seconds: 'int',
      resolved_by: 'int',
      resolved_at: 'timestamptz',
      report_count: 'int',
      last_reported_at: 'timestamptz',
      simulated: 'boolean',
      created_at: 'timestamptz',
      updated_at: 'timestamptz',
    },
    rows,
  );
  // Each alarm's timeline, from its columns: raised, reported again, acknowledged, a note, closed.
  await sql`insert into sos_call_events (sos_call_log_id, at, kind, staff_id, seconds, note)
    select id, called_at, 'raised', null::int, null::int, null::text from sos_call_logs
    union all
    select id, called_at + (g * interval '20 seconds'), 'reported_again', null, null, null
      from sos_call_logs cross join generate_series(1, report_count - 1) g where report_count > 1
    union all
    select id, handled_at, 'acknowledged', handled_by, ack_seconds, null from sos_call_logs where handled_at is not null
    union all
    select id, least(now(), handled_at + interval '40 seconds'), 'note', handled_by, null, 'Safety desk on the line with the caller.'
      from sos_call_logs where handled_at is not null
    union all
    select id, resolved_at, status, resolved_by, null, notes from sos_call_logs where status in ('resolved', 'false_alarm')
    order by 2`.execute(db);
  await sql`update sos_call_logs set last_reported_at = called_at + ((report_count - 1) * interval '20 seconds'), updated_at = coalesce(resolved_at, handled_at, called_at)`.execute(
    db,
  );
  // The title as refusal('sosFrom') says it, with its code and parameters (src/i18n/validation.ts).
  await sql`insert into notifications (type, title, title_code, title_params, permission, subject_type, subject_id, created_at)
    select 'sos', 'SOS from ' || l.caller_kind || ' ' || coalesce(p.first_name || ' ' || p.last_name, d.first_name || ' ' || d.last_name) || ' on trip #' || l.trip_id,
      'sosFrom',
      jsonb_build_object('caller', l.caller_kind, 'who', coalesce(p.first_name || ' ' || p.last_name, d.first_name || ' ' || d.last_name), 'trip', l.trip_id::text),
      'view-SosContacts', 'sos-call-log', l.id, l.called_at
    from sos_call_logs l
    left join passengers p on l.caller_kind = 'passenger' and p.id = l.caller_id
    left join drivers d on l.caller_kind = 'driver' and d.id = l.caller_id
    order by l.called_at`.execute(db);
}

/** Who is online now and where: drivers on a trip are along it, the others where their last trip ended. */
async function seedDriverState(
  db: Db,
  rng: Prng,
  trips: SeedTrip[],
  approved: PersonRow[],
  lastDropoff: Map<number, { lat: number; lng: number; at: number }>,
  now: number,
): Promise<void> {
  const busy = new Map<number, SeedTrip>();
  for (const t of trips)
    if (t.driverId !== null && (ACTIVE_TRIP_STATUSES as readonly string[]).includes(t.status)) busy.set(t.driverId, t);
  const hour = new Date(now + NAIROBI_OFFSET_MS).getUTCHours();
  const onlineShare = hour >= 6 && hour < 22 ? 0.45 : 0.2;
  const updates = approved.map((d) => {
    const trip = busy.get(d.id);
    if (trip) {
      let at = trip.pickup as { lat: number; lng: number };
      if (trip.status === 'accepted')
        at = { lat: trip.pickup.lat + rng.float(-0.008, 0.008), lng: trip.pickup.lng + rng.float(-0.008, 0.008) };
      if (trip.status === 'in_progress')
        at = pointAlong(
          trip.pickup,
          trip.dropoff,
          Math.min(0.95, (now - trip.startedAt!) / (trip.fare.durationMin * 60_000)),
        );
      return {
        id: d.id,
        online: true,
        lat: round6(clamp(at.lat, CITY.bounds.south, CITY.bounds.north)),
        lng: round6(clamp(at.lng, CITY.bounds.west, CITY.bounds.east)),
        seen: iso(now - rng.int(2, 20) * 1000),
      };
    }
    const last =
      lastDropoff.get(d.id) ??
      (() => {
        const p = rng.weighted(PLACES, (x) => x.weight);
        return { lat: p.lat, lng: p.lng, at: now - rng.int(2, 20) * 86400_000 };
      })();
    const online = rng.chance(onlineShare);
    const pos = online ? { lat: last.lat + rng.float(-0.01, 0.01), lng: last.lng + rng.float(-0.01, 0.01) } : last;
    return {
      id: d.id,
      online,
      lat: round6(clamp(pos.lat, CITY.bounds.south, CITY.bounds.north)),
      lng: round6(clamp(pos.lng, CITY.bounds.west, CITY.bounds.east)),
      seen: iso(online ? now - rng.int(2, 90) * 1000 : Math.min(now - 600_000, last.at + rng.int(1, 60) * 60_000)),
    };
  });
  await sql`update drivers set online = x.online, last_lat = x.lat, last_lng = x.lng, last_seen_at = x.seen
    from json_to_recordset(${JSON.stringify(updates)}::json) as x(id int, online boolean, lat float8, lng float8, seen timestamptz)
    where drivers.id = x.id`.execute(db);
}
