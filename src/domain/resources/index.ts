import { auditLogs } from './auditLogs';
import { discounts } from './discounts';
import { driverTransactions } from './driverTransactions';
import { drivers } from './drivers';
import { issues } from './issues';
import { passengers } from './passengers';
import { passengerTransactions } from './passengerTransactions';
import { paymentGateways } from './paymentGateways';
import { payoutBatches } from './payoutBatches';
import { permissions } from './permissions';
import { priceSettings } from './priceSettings';
import { reviews } from './reviews';
import { roles } from './roles';
import { sosCallLogs } from './sosCallLogs';
import { sosContacts } from './sosContacts';
import { staffs } from './staffs';
import { trips } from './trips';
import { vehicleTypes } from './vehicleTypes';
import { zones } from './zones';
import { zoneFares } from './zoneFares';
import type { ResourceManifest } from './manifest';
import { DECLARED } from './declared';

export * from './manifest';
export { DECLARED };
export {
  staffs,
  roles,
  permissions,
  auditLogs,
  drivers,
  passengers,
  vehicleTypes,
  priceSettings,
  trips,
  paymentGateways,
  discounts,
  issues,
  sosContacts,
  sosCallLogs,
  driverTransactions,
  reviews,
  passengerTransactions,
  payoutBatches,
  zones,
  zoneFares,
};

/** Every resource of panel and services, once: the hand-written ones, then the generated ones (./declared). */
export const MANIFEST: readonly ResourceManifest[] = [
  staffs,
  roles,
  permissions,
  auditLogs,
  drivers,
  passengers,
  vehicleTypes,
  priceSettings,
  trips,
  paymentGateways,
  discounts,
  issues,
  sosContacts,
  sosCallLogs,
  driverTransactions,
  reviews,
  passengerTransactions,
  payoutBatches,
  zones,
  zoneFares,
  ...DECLARED,
];
