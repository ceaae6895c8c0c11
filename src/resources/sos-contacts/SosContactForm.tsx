import { EditorForm } from '../../kit/EditorForm';
import { Box } from '@mui/material';
import { BooleanInput, Create, Edit, TextInput, useTranslate } from 'react-admin';
import { sosContacts } from '../../domain/resources';
import { yupResolver } from '../../forms/yupResolver';
import type { SosContact } from './types';

const createResolver = yupResolver(sosContacts.create!);
/** The edit form sends every field: the name and phone stay required. */
const editResolver = yupResolver(
  sosContacts.update!.shape({
    name: sosContacts.create!.fields.name,
    phone: sosContacts.create!.fields.phone,
  }),
);

function Fields() {
  const translate = useTranslate();
  return (
    <Box sx={{ width: '100%', maxWidth: 560 }}>
      <TextInput source="name" fullWidth autoFocus />
      <TextInput source="phone" type="tel" helperText={translate('app.sosContactsPage.phoneHint')} fullWidth />
      <TextInput source="description" multiline minRows={2} fullWidth />
      <BooleanInput source="active" helperText={translate('app.sosContactsPage.hint')} />
    </Box>
  );
}

/** /sos-contacts/create: a new contact goes last in the apps' order. */
export function SosContactCreate() {
  return (
    <Create<SosContact> redirect="list">
      <EditorForm resolver={createResolver} noValidate defaultValues={{ active: true, description: null }}>
        <Fields />
      </EditorForm>
    </Create>
  );
}

/** /sos-contacts/:id: the contact's name, number, description and whether the apps show it. */
export function SosContactEdit() {
  return (
    <Edit<SosContact> redirect="list" mutationMode="pessimistic">
      <EditorForm resolver={editResolver} noValidate>
        <Fields />
      </EditorForm>
    </Edit>
  );
}
