import type { TranslateFunction } from 'ra-core';
import { AutocompleteInput, DateTimeInput, SelectInput } from 'react-admin';
import { GuardedReferenceInput } from '../../kit/GuardedReferenceInput';
import { resources } from '../registry';
import { AuditActionInput } from './AuditActionInput';
import { DATE_TIME_BOUNDS } from '../../kit/dateBounds';

/** The datetime-local value (local time) as an instant, so the server compares the time the person meant. */
export const parseLocalDateTime = (value: string) => (value ? new Date(value).toISOString() : null);

/** Every backend resource the panel knows, named as the panel names it ("Roles"), alphabetically. */
const resourceChoices = (translate: TranslateFunction) =>
  resources
    .map((resource) => ({
      id: resource.name,
      name: translate(`resources.${resource.path}.name`, { smart_count: 2, _: resource.name }),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));

const STAFF_PATH = 'staff-management/staffs';

/**
 * The audit log's filters: staff member (needs view-Staff to pick one),
 * resource, action, and a time window.
 */
export function auditLogFilters(translate: TranslateFunction) {
  return [
    <GuardedReferenceInput
      key="staffId"
      source="staffId"
      reference={STAFF_PATH}
      sort={{ field: 'firstName', order: 'ASC' }}
      alwaysOn
    >
      <AutocompleteInput optionText="fullName" filterToQuery={(q: string) => ({ q })} sx={{ minWidth: 220 }} />
    </GuardedReferenceInput>,
    <SelectInput
      key="resource"
      source="resource"
      choices={resourceChoices(translate)}
      translateChoice={false}
      alwaysOn
      sx={{ minWidth: 180 }}
    />,
    <AuditActionInput key="action" source="action" alwaysOn sx={{ minWidth: 180 }} />,
    <DateTimeInput
      key="from"
      source="createdAt_gte"
      label="app.access.audit.from"
      parse={parseLocalDateTime}
      slotProps={{ htmlInput: DATE_TIME_BOUNDS }}
      alwaysOn
    />,
    <DateTimeInput
      key="to"
      source="createdAt_lte"
      label="app.access.audit.to"
      parse={parseLocalDateTime}
      slotProps={{ htmlInput: DATE_TIME_BOUNDS }}
      alwaysOn
    />,
  ];
}
