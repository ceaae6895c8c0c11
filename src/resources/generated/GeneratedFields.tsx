import {
  AutocompleteInput,
  BooleanField,
  BooleanInput,
  NullableBooleanInput,
  NumberField,
  NumberInput,
  ReferenceField,
  SearchInput,
  SelectField,
  SelectInput,
  TextField,
  TextInput,
  useRecordContext,
  type TranslateFunction,
} from 'react-admin';
import { enumWords, type FieldSpec, type ResourceManifest } from '../../domain/resources';
import { CityDateInput } from '../../kit/CityDateInput';
import { CityDateTimeInput } from '../../kit/CityDateTimeInput';
import { DateTimeField } from '../../kit/DateTimeField';
import { DayField } from '../../kit/DayField';
import { DayInput } from '../../kit/DayInput';
import { GuardedReferenceInput } from '../../kit/GuardedReferenceInput';
import { MoneyField } from '../../kit/MoneyField';
import { MoneyInput } from '../../kit/MoneyInput';
import { PhoneField, PhoneInput } from '../../kit/PhoneField';
import { FileAvatar } from '../shared/FileAvatar';
import { PhotoInput } from '../shared/PhotoInput';
import { fieldKind, isRequired, referencePath } from './fieldKinds';

/** An enum field's choices: the catalogue's words when the manifest names them (react-admin translates), else the value as words. */
export const choicesOf = ({ enum: values = [], enumLabels }: FieldSpec) =>
  values.map((id) => ({ id, name: enumLabels ? `${enumLabels}.${id}` : enumWords(id) }));

/** A number without grouping (`format: 'plain'`): a year reads "2018". */
const PLAIN: Intl.NumberFormatOptions = { useGrouping: false };

/** The kit's field for a manifest field, by its kind (list cells and the show page). */
export function GeneratedField({ manifest, source }: { manifest: ResourceManifest; source: string }) {
  const spec = manifest.fields[source]!;
  switch (fieldKind(spec)) {
    case 'money':
      return <MoneyField source={source} />;
    case 'number':
      return <NumberField source={source} options={spec.format === 'plain' ? PLAIN : undefined} />;
    case 'boolean':
      return <BooleanField source={source} />;
    case 'date':
      // The panel's one way of writing a day ("31 Mar 2027"), as DateTimeField writes a time's.
      return <DayField source={source} />;
    case 'datetime':
      return <DateTimeField source={source} />;
    case 'enum':
      return <SelectField source={source} choices={choicesOf(spec)} />;
    case 'reference':
      return <ReferenceField source={source} reference={referencePath(spec.reference!)} link="show" />;
    case 'phone':
      return <PhoneField source={source} />;
    case 'file':
      return <FileAvatarOf source={source} />;
    default:
      return <TextField source={source} />;
  }
}

function FileAvatarOf({ source }: { source: string }) {
  const record = useRecordContext();
  return <FileAvatar fileId={record?.[source] as number | null | undefined} name={source} />;
}

/** The kit's input for a manifest field, by its kind (create and edit forms). */
export function GeneratedInput({ manifest, source }: { manifest: ResourceManifest; source: string }) {
  const spec = manifest.fields[source]!;
  const common = { source, fullWidth: true, isRequired: isRequired(manifest, source) };
  switch (fieldKind(spec)) {
    case 'money':
      return <MoneyInput {...common} />;
    case 'number':
      return <NumberInput {...common} />;
    case 'boolean':
      return <BooleanInput source={source} />;
    case 'date':
      return <DayInput {...common} />;
    case 'datetime':
      return <CityDateTimeInput {...common} />;
    case 'enum':
      return <SelectInput {...common} choices={choicesOf(spec)} emptyText="" />;
    case 'reference':
      return (
        <GuardedReferenceInput source={source} reference={referencePath(spec.reference!)}>
          <AutocompleteInput fullWidth isRequired={common.isRequired} />
        </GuardedReferenceInput>
      );
    case 'phone':
      return <PhoneInput {...common} />;
    case 'file':
      return <PhotoInput source={source} />;
    default:
      return <TextInput {...common} />;
  }
}

/**
 * The list's filters: `q` when the manifest searches, then one per filterable field, by kind. All
 * are shown at once (the panel's lists have no "Add filter" menu); a date or datetime field gets a
 * "from" and a "to" day in the city's time.
 */
export function generatedFilters(manifest: ResourceManifest, translate: TranslateFunction) {
  const filters = manifest.search?.length ? [<SearchInput key="q" source="q" alwaysOn />] : [];
  const labelOf = (source: string) => translate(`resources.${manifest.path}.fields.${source}`);
  for (const [source, spec] of Object.entries(manifest.fields)) {
    if (!spec.filter) continue;
    switch (fieldKind(spec)) {
      case 'boolean':
        filters.push(<NullableBooleanInput key={source} source={source} alwaysOn />);
        break;
      case 'enum':
        filters.push(<SelectInput key={source} source={source} choices={choicesOf(spec)} alwaysOn />);
        break;
      case 'reference':
        filters.push(
          <GuardedReferenceInput key={source} source={source} reference={referencePath(spec.reference!)} alwaysOn>
            <AutocompleteInput />
          </GuardedReferenceInput>,
        );
        break;
      case 'date':
      case 'datetime':
        filters.push(
          <CityDateInput
            key={`${source}_gte`}
            source={`${source}_gte`}
            edge="start"
            label={translate('app.kit.fieldFrom', { field: labelOf(source) })}
            alwaysOn
          />,
          <CityDateInput
            key={`${source}_lte`}
            source={`${source}_lte`}
            edge="end"
            label={translate('app.kit.fieldTo', { field: labelOf(source) })}
            alwaysOn
          />,
        );
        break;
      case 'number':
      case 'money':
        filters.push(<NumberInput key={source} source={source} alwaysOn />);
        break;
      default:
        filters.push(<TextInput key={source} source={source} alwaysOn />);
    }
  }
  return filters;
}
