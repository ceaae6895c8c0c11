import {
  AutocompleteInput,
  BooleanInput,
  SearchInput,
  SelectArrayInput,
  SelectInput,
  useTranslate,
  type SearchInputProps,
} from 'react-admin';
import { drivers, passengers, vehicleTypes } from '../../domain/resources';
import { enumChoices } from '../../kit/enumChoices';
import { FilterAfterRows } from '../../kit/FilterAfterRows';
import { GuardedReferenceInput } from '../../kit/GuardedReferenceInput';
import { ReferenceSelectInput } from '../../kit/ReferenceSelectInput';

const personText = (r: { firstName?: string; lastName?: string; phone?: string } | undefined) =>
  r ? `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim() + (r.phone ? ` · ${r.phone}` : '') : '';

/** The search box, its placeholder in the chosen language (SearchInput does not translate one). */
function TripSearchInput(props: SearchInputProps) {
  const translate = useTranslate();
  return <SearchInput {...props} placeholder={translate('app.trips.searchPlaceholder')} />;
}

/** A driver or passenger filter: an autocomplete over their names and phones, with their list permission. */
const personFilter = (source: string, reference: string, label: string) => (
  <FilterAfterRows key={source} source={source} alwaysOn width={200}>
    <GuardedReferenceInput source={source} reference={reference} perPage={10}>
      <AutocompleteInput
        label={label}
        optionText={personText}
        filterToQuery={(q: string) => ({ q })}
        sx={{ minWidth: 200 }}
      />
    </GuardedReferenceInput>
  </FilterAfterRows>
);

/**
 * The trips list's filters, all in the URL: q (address or trip number), several statuses, vehicle
 * type and payment method, the driver and the passenger (autocomplete, with their list permission),
 * and "active only". The requested-time range and the quick tabs sit above the table.
 */
export const tripFilters = [
  <TripSearchInput key="q" source="q" alwaysOn />,
  <FilterAfterRows key="status" source="status" alwaysOn width={200}>
    <SelectArrayInput source="status" choices={enumChoices('tripStatus')} sx={{ minWidth: 200 }} />
  </FilterAfterRows>,
  <FilterAfterRows key="vehicleTypeId" source="vehicleTypeId" alwaysOn width={170}>
    <ReferenceSelectInput
      source="vehicleTypeId"
      reference={vehicleTypes.path}
      emptyText="app.trips.filters.anyVehicleType"
      sx={{ minWidth: 170 }}
    />
  </FilterAfterRows>,
  <FilterAfterRows key="paymentMethod" source="paymentMethod" alwaysOn width={150}>
    <SelectInput
      source="paymentMethod"
      choices={enumChoices('paymentMethod')}
      emptyText="app.trips.filters.anyPayment"
      sx={{ minWidth: 150 }}
    />
  </FilterAfterRows>,
  personFilter('driverId', drivers.path, 'app.trips.filters.driver'),
  personFilter('passengerId', passengers.path, 'app.trips.filters.passenger'),
  <FilterAfterRows key="active" source="active" alwaysOn width={129} bare>
    <BooleanInput
      source="active"
      label="app.trips.filters.activeOnly"
      format={(v: unknown) => v === true || v === 'true'}
      parse={(v: boolean) => (v ? true : undefined)}
    />
  </FilterAfterRows>,
];
