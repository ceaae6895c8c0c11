import { CityDateTimeInput } from './CityDateTimeInput';

/**
 * The "from" and "to" time filters of a list on its records' creation time, on the city's clock
 * (Africa/Nairobi) like the times the list shows and the panel's other date filters, whatever the
 * browser's zone: "From 01/03/2025 08:30" sends 1 March 05:30 UTC. In the panel's language's format.
 */
export const createdAtRangeFilters = (fromLabel: string, toLabel: string) => [
  <CityDateTimeInput key="from" source="createdAt_gte" label={fromLabel} alwaysOn />,
  <CityDateTimeInput key="to" source="createdAt_lte" label={toLabel} alwaysOn />,
];
