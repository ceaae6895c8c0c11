import { SelectInput, TextInput } from 'react-admin';
import { FieldRow } from '../../kit/DetailBlocks';
import { enumChoices } from '../../kit/enumChoices';
import { PhoneInput } from '../../kit/PhoneField';

/** A passenger's contact details: names, phone (the shared E.164 rule), email and sex. */
export function PassengerFormFields() {
  return (
    <>
      <FieldRow>
        <TextInput source="firstName" isRequired autoComplete="off" autoFocus />
        <TextInput source="lastName" isRequired autoComplete="off" />
      </FieldRow>
      <FieldRow>
        <PhoneInput source="phone" isRequired helperText="app.passengers.phoneHint" autoComplete="off" />
        <TextInput source="email" type="email" autoComplete="off" />
      </FieldRow>
      <FieldRow>
        <SelectInput source="sex" choices={enumChoices('sex')} emptyText="app.access.staff.notSaid" />
      </FieldRow>
    </>
  );
}
