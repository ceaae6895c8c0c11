import type { DatePreset } from '../../domain/dateRange';

/**
 * The dashboard's card group: one request for every KPI card, for the period first shown. Shared by
 * the dashboard and startDashboard (which loads the dashboard's chunk) without an import circle.
 */
export const KPIS_PATH = 'dashboard/kpis';
export const FIRST_PRESET: DatePreset = 'today';
/** The cards' answer stays fresh this long, so the one started at sign-in is not asked again. */
export const KPIS_FRESH_MS = 15_000;
