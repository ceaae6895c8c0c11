/** Every server declaration (`defineResource`), one line each; server/resources.ts reads them. */
export { discounts } from './trip/discounts/resource.js';
export { paymentGateways } from './trip/gateways/resource.js';
export { issues } from './trip/issues/resource.js';
export { priceSettings } from './trip/priceSettings/resource.js';
export { reviews } from './trip/reviews/resource.js';
export { sosCallLogs } from './trip/sos/resource.js';
export { sosContacts } from './trip/sosContacts/resource.js';
export { driverTransactions } from './trip/transactions/resource.js';
export { passengerTransactions } from './trip/passengerTransactions/resource.js';
export { trips } from './trip/trips/resource.js';
export { vehicleTypes } from './trip/vehicleTypes/resource.js';
export { auditLogs } from './user/audit-logs/resource.js';
export { drivers } from './user/drivers/resource.js';
export { passengers } from './user/passengers/resource.js';
export { permissions } from './user/permissions/resource.js';
export { roles } from './user/roles/resource.js';
export { staffs } from './user/staffs/resource.js';
