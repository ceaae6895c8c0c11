import { auditLogs } from './audit-logs';
import { discounts } from './discounts';
import { driverTransactions } from './driver-transactions';
import { drivers } from './drivers';
import { issues } from './issues';
import { passengers } from './passengers';
import { paymentGateways } from './payment-gateways';
import { permissions } from './permissions';
import { priceSettings } from './price-settings';
import { reviews } from './reviews';
import { roles } from './roles';
import { sosCallLogs } from './sos-call-logs';
import { sosContacts } from './sos-contacts';
import { staffs } from './staffs';
import { trips } from './trips';
import { vehicleTypes } from './vehicle-types';
import { createResourceLookup } from './resourceLookup';
import type { ResourceDefinition } from './types';

/** Every resource of the panel: adding one means one folder and one line here. */
export const resources: readonly ResourceDefinition[] = [
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
];

export const resourceLookup = createResourceLookup(resources);
