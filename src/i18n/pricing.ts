/** Strings of the pricing screens (vehicle types, price settings, discounts, payment gateways), merged into en.ts. */
export const pricingAppMessages = {
  vehicleTypes: {
    icon: 'Icon',
    uploadIcon: 'Upload icon',
    changeIcon: 'Change icon',
    rates: 'Rates',
    ratesHint:
      'Amounts in %{currency}. A fare is base + per km × distance + per minute × duration, raised to the minimum.',
    commissionHint: 'Leave empty to use the default commission of the price settings.',
    details: 'Vehicle',
    counts: 'Use',
    active: 'Active',
    anyStatus: 'Any status',
    inactive: 'Inactive',
    defaultCommission: 'Default',
    perKm: '%{amount} / km',
    perMinute: '%{amount} / min',
    seatsCount: '1 seat |||| %{smart_count} seats',
    deactivate: 'Deactivate',
    activate: 'Activate',
    deactivateTitle: 'Deactivate %{name}?',
    deactivateBody:
      'Passengers can no longer order %{name}, and its %{drivers} get no new trips of this type until it is activated again. Trips already quoted keep their fare.',
    approvedDrivers: '1 approved driver |||| %{smart_count} approved drivers',
    activateTitle: 'Activate %{name}?',
    activateBody: 'Passengers can order %{name} again at its current rates.',
    empty: 'No vehicle types yet. Create one to let passengers order it.',
  },
  farePreview: {
    title: 'Fare preview',
    subtitle:
      'Three sample trips priced with computeFare, the code the server prices trips with (no surge, no discount).',
    trip: 'Sample trip',
    saved: 'Now',
    edited: 'With your changes',
    change: 'Change',
    incomplete: 'Fill in the base fare, per km, per minute and minimum fare to see the fares.',
    newType: 'A new vehicle type: these are its fares.',
    unchanged: 'No change',
    minimumApplies: 'minimum fare',
  },
};

export const pricingResources = {
  'vehicle-management/vehicles': {
    name: 'Vehicle Type |||| Vehicle Types',
    fields: {
      icon: 'Icon',
      name: 'Name',
      description: 'Description',
      seats: 'Seats',
      baseFare: 'Base fare',
      pricePerKm: 'Per km',
      pricePerMinute: 'Per minute',
      minimumFare: 'Minimum fare',
      cancellationFee: 'Cancellation fee',
      commissionPercent: 'Commission',
      active: 'Status',
      approvedDrivers: 'Approved drivers',
      tripsLast7Days: 'Trips, last 7 days',
      driverCount: 'Drivers',
      createdAt: 'Created',
      updatedAt: 'Updated',
      q: 'Search',
    },
  },
};
