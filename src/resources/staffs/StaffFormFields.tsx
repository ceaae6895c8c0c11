import { SelectInput, TextInput } from 'react-admin';
import { enumChoices } from '../../kit/enumChoices';
import { PhoneInput as KitPhoneInput } from '../../kit/PhoneField';

export const FirstNameInput = () => <TextInput source="firstName" isRequired autoComplete="off" />;
export const LastNameInput = () => <TextInput source="lastName" isRequired autoComplete="off" />;
export const PhoneInput = () => <KitPhoneInput source="phone" helperText="app.access.staff.phoneHint" />;
export const SexInput = () => (
  <SelectInput source="sex" choices={enumChoices('sex')} emptyText="app.access.staff.notSaid" />
);
