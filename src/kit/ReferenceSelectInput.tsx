import type { ReactNode } from 'react';
import { SelectInput, type SelectInputProps } from 'react-admin';
import { GuardedReferenceInput } from './GuardedReferenceInput';

export interface ReferenceSelectInputProps extends Pick<
  SelectInputProps,
  'label' | 'emptyText' | 'sx' | 'isRequired' | 'helperText'
> {
  source: string;
  /** The referenced resource's panel path, e.g. `vehicle-management/vehicles`. */
  reference: string;
  /** The referenced records' name field, shown and sorted by (default `name`). */
  optionText?: string;
  /** Kept for filter forms, which read it from the element. */
  alwaysOn?: boolean;
  /** What to show when the viewer may not list the referenced resource (default: nothing). */
  fallback?: ReactNode;
}

/**
 * A select of a small referenced resource (roles, vehicle types: up to 100), by name,
 * alphabetically, asked for only when the viewer may list it: a filter or a form field.
 */
export function ReferenceSelectInput({
  source,
  reference,
  optionText = 'name',
  alwaysOn,
  fallback,
  ...select
}: ReferenceSelectInputProps) {
  return (
    <GuardedReferenceInput
      source={source}
      reference={reference}
      sort={{ field: optionText, order: 'ASC' }}
      perPage={100}
      alwaysOn={alwaysOn}
      fallback={fallback}
    >
      <SelectInput optionText={optionText} {...select} />
    </GuardedReferenceInput>
  );
}
