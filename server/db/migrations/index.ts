import type { Migration } from 'kysely';
import { declaredMigrations } from './declared/index.js';
import * as m001 from './001_user_service.js';
import * as m002 from './002_trip_service.js';
import * as m003 from './003_one_active_trip_per_driver.js';
import * as m004 from './004_trip_events.js';
import * as m005 from './005_passenger_stats.js';
import * as m006 from './006_driver_documents.js';
import * as m008 from './008_trip_rollups.js';
import * as m009 from './009_sos_alarms.js';
import * as m010 from './010_issue_desk.js';
import * as m011 from './011_apps.js';
import * as m012 from './012_dispatcher_booking.js';
import * as m013 from './013_driver_revenue_letters.js';
import * as m014 from './014_trip_issues_passenger_search.js';
import * as m015 from './015_passenger_wallet.js';
import * as m016 from './016_driver_rollup_cents.js';
import * as m017 from './017_auth_counters.js';
import * as m020 from './020_sos_escalation.js';
import * as m021 from './021_sos_simulated.js';
import * as m030 from './030_staff_locale.js';
import * as m031 from './031_notification_title_code.js';
import * as m035 from './035_ledger_note_codes.js';
import * as m050 from './050_record_change_notices.js';
import * as m060 from './060_scheduled_trips.js';
import * as m061 from './061_service_zones.js';
import * as m062 from './062_zone_fares.js';
import * as m063 from './063_left_service_area.js';
import * as m066 from './066_driver_payout_details.js';
import * as m067 from './067_payout_line_destination.js';
import * as m070 from './070_payout_batches.js';
import * as m071 from './071_trip_day_counts.js';
import * as m072 from './072_driver_payout_details_permission.js';
import * as m074 from './074_held_messages.js';
import * as m075 from './075_payout_line_results.js';

/** Every migration in order. Add a line here with each new file; the generated resources' come last (./declared). */
export const migrations: Record<string, Migration> = {
  '001_user_service': m001,
  '002_trip_service': m002,
  '003_one_active_trip_per_driver': m003,
  '004_trip_events': m004,
  '005_passenger_stats': m005,
  '006_driver_documents': m006,
  '008_trip_rollups': m008,
  '009_sos_alarms': m009,
  '010_issue_desk': m010,
  '011_apps': m011,
  '012_dispatcher_booking': m012,
  '013_driver_revenue_letters': m013,
  '014_trip_issues_passenger_search': m014,
  '015_passenger_wallet': m015,
  '016_driver_rollup_cents': m016,
  '017_auth_counters': m017,
  '020_sos_escalation': m020,
  '021_sos_simulated': m021,
  '030_staff_locale': m030,
  '031_notification_title_code': m031,
  '035_ledger_note_codes': m035,
  '050_record_change_notices': m050,
  '060_scheduled_trips': m060,
  '061_service_zones': m061,
  '062_zone_fares': m062,
  '063_left_service_area': m063,
  '066_driver_payout_details': m066,
  '067_payout_line_destination': m067,
  '070_payout_batches': m070,
  '071_trip_day_counts': m071,
  '072_driver_payout_details_permission': m072,
  '074_held_messages': m074,
  '075_payout_line_results': m075,
  ...declaredMigrations,
};
