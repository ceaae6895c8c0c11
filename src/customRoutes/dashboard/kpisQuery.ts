import type { DatePreset } from '../../domain/dateRange';

/**
 * The dashboard's card group (`QUERIES.dashboard.kpis`, one request for every KPI card): the period
 * first shown. Shared by the dashboard and startDashboard (which loads the dashboard's chunk) without
 * an import circle.
 */
export const FIRST_PRESET: DatePreset = 'today';
/** The cards' answer stays fresh this long, so the one started at sign-in is not asked again. */
export const KPIS_FRESH_MS = 15_000;
