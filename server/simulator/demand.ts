import { HOURS_WEEKDAY, HOURS_WEEKEND } from '../db/seed/trip.js';

/**
 * The demo city's demand (issue 33): the simulated passengers book so that a share of the online
 * drivers is busy (offered, driving to a pickup, waiting there or on a trip) at any hour, with the
 * city's daily rhythm on top. Pure functions, so the rule is tested without a server.
 */

/** The busy share aimed at by default (`SIMULATOR_BUSY`). */
export const DEFAULT_BUSY_TARGET = 0.2;
/** With a target between them, the busy share stays within [10 %, 30 %], whatever the hour. */
export const BUSY_FLOOR = 0.1;
export const BUSY_CEILING = 0.3;
/** The night's aim keeps a margin above the floor: bookings come one at a time, and a small city's share jumps. */
export const AIM_FLOOR = 0.15;
/** Simulated minutes a booking holds its driver on average (offer, drive to the pickup, wait, ride). */
export const TRIP_MINUTES = 18;
/** A gap between the busy share and its aim is closed over about this many simulated minutes. */
export const CATCH_UP_MINUTES = 1;

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const WEEKDAY_MEAN = mean(HOURS_WEEKDAY);
const WEEKEND_MEAN = mean(HOURS_WEEKEND);

/** Nairobi keeps UTC+3 all year. */
const CITY_OFFSET_MS = 3 * 3_600_000;

/** The hour of day in the city (0–23) at `t`, and whether it falls in the weekend (Friday 18:00 to Sunday). */
export function cityHour(t: number): { hour: number; weekend: boolean } {
  const local = new Date(t + CITY_OFFSET_MS);
  const day = local.getUTCDay();
  const hour = local.getUTCHours();
  return { hour, weekend: day === 0 || day === 6 || (day === 5 && hour >= 18) };
}

/**
 * The busy share to aim at this hour: the target scaled by the hour's demand against the day's mean
 * (0.6 + 0.4 × rhythm: about two thirds of the target at 3 a.m., half as much again at the rush
 * hours), kept between AIM_FLOOR and the ceiling (15 % and 30 %; a target outside them widens them).
 */
export function busyShareAim(target: number, hour: number, weekend = false): number {
  if (!(target > 0)) return 0;
  const h = Math.min(23, Math.max(0, Math.floor(hour)));
  const rhythm = weekend ? HOURS_WEEKEND[h] / WEEKEND_MEAN : HOURS_WEEKDAY[h] / WEEKDAY_MEAN;
  const aim = target * (0.6 + 0.4 * rhythm);
  return Math.min(Math.max(BUSY_CEILING, target), Math.max(Math.min(AIM_FLOOR, target), aim));
}

export interface BookingRateInput {
  /** Drivers online now. */
  online: number;
  /** The share of them busy now (0–1). */
  busyShare: number;
  /** The target busy share (`SIMULATOR_BUSY`). */
  target: number;
  /** Hour of day in the city (0–23). */
  hour: number;
  weekend?: boolean;
}

/**
 * Bookings per simulated minute: enough to replace the trips that end (the aimed busy drivers over a
 * trip's length) plus the gap to the aim closed over about a minute; none while the city is
 * busier than that. Never negative, 0 without drivers or with a target of 0.
 */
export function bookingRate({ online, busyShare, target, hour, weekend = false }: BookingRateInput): number {
  if (!(online > 0)) return 0;
  const aimed = online * busyShareAim(target, hour, weekend);
  if (aimed === 0) return 0;
  const busy = online * Math.min(1, Math.max(0, Number.isFinite(busyShare) ? busyShare : 0));
  return Math.max(0, aimed / TRIP_MINUTES + (aimed - busy) / CATCH_UP_MINUTES);
}
