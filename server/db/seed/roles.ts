import { ALL_PERMISSIONS, P } from '../../../src/domain/permissions.js';

/** The seeded roles and what each may do. */
export const SEED_ROLES: { name: string; description: string; permissions: readonly string[] }[] = [
  { name: 'Super Admin', description: 'Every permission', permissions: ALL_PERMISSIONS },
  {
    name: 'Dispatcher',
    description: 'Books phone-in trips, assigns drivers and follows them',
    permissions: [
      P.viewTrip,
      'create-Trip',
      'update-Trip',
      P.viewPassenger,
      'create-Passenger',
      P.viewDispatcherPage,
      // The service zones on the dispatcher's map (issue 32).
      'view-Zone',
    ],
  },
  {
    name: 'Support Agent',
    description: 'Handles complaints, SOS calls and passenger questions',
    permissions: [
      P.viewTrip,
      P.viewPassenger,
      'update-Passenger',
      P.viewDriver,
      P.viewIssue,
      'create-Issue',
      'update-Issue',
      P.viewSosContacts,
      'update-SosContacts',
      P.viewDispatcherPage,
    ],
  },
  {
    name: 'Finance',
    description: 'Revenue, pricing, discounts and driver credit',
    permissions: [
      P.viewReport,
      P.viewTrip,
      P.viewDriver,
      // Drivers' payout details and the payout batches; suspending and reviewing drivers stay with others (issue 43).
      'update-DriverPayoutDetails',
      P.viewPassenger,
      P.viewGateway,
      'update-Gateway',
      P.viewPriceSettings,
      'update-PriceSettings',
      P.viewDiscount,
      'create-Discount',
      'update-Discount',
      'delete-Discount',
    ],
  },
];
