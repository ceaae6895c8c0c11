import type { TranslateFunction } from 'ra-core';
import { AutocompleteInput, SelectInput } from 'react-admin';
import { GuardedReferenceInput } from '../../kit/GuardedReferenceInput';
import { resources } from '../registry';
import { AuditActionInput } from './AuditActionInput';
import { createdAtRangeFilters } from '../../kit/createdAtRangeFilters';

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
    ...createdAtRangeFilters('app.access.audit.from', 'app.access.audit.to'),
  ];
}
