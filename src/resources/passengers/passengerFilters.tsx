import { SearchInput, SelectInput } from 'react-admin';
import { CityDateInput } from '../../kit/CityDateInput';
import { enumChoices } from '../../kit/enumChoices';

/**
 * The passenger list's filters, always shown: search (q: name, phone, email
 * or id), status, joined from/to (days in the city's time zone) and "has an
 * open issue". They live in the URL, so a filtered list can be shared.
 */
export const passengerFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="status"
    source="status"
    choices={enumChoices('passengerStatus')}
    emptyText="app.passengers.anyStatus"
    alwaysOn
    sx={{ minWidth: 150 }}
  />,
  <CityDateInput key="createdAt_gte" source="createdAt_gte" edge="start" label="app.passengers.joinedFrom" alwaysOn />,
  <CityDateInput key="createdAt_lte" source="createdAt_lte" edge="end" label="app.passengers.joinedTo" alwaysOn />,
  <SelectInput
    key="hasOpenIssue"
    source="hasOpenIssue"
    label="app.passengers.openIssue"
    choices={[
      { id: 'true', name: 'app.passengers.withOpenIssue' },
      { id: 'false', name: 'app.passengers.withoutOpenIssue' },
    ]}
    emptyText="app.passengers.anyIssue"
    alwaysOn
    sx={{ minWidth: 170 }}
  />,
];
