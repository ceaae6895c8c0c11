import { Box, Card, CardContent, CardHeader, Chip, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { Form, TextInput, Title, useNotify, useTranslate } from 'react-admin';
import { replaceSessionProfile } from '../../auth/sessionProfile';
import { yupResolver } from '../../forms/yupResolver';
import type { UserInfo } from '../../session';
import { PhotoInput } from '../shared/PhotoInput';
import { ChangePasswordCard } from './ChangePasswordCard';
import { fieldErrorsOf, profileApi, type ProfileChange } from './profileApi';
import { profileSchema } from './profileValidation';
import { SubmitButton } from './SubmitButton';
import { FieldRow } from '../../kit/DetailBlocks';

const resolver = yupResolver(profileSchema);

/** The signed-in staff member's own profile: names and photo, and the password. */
export function OwnProfile({ me }: { me: UserInfo }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [saving, setSaving] = useState(false);

  const save = async (values: FieldValues) => {
    setSaving(true);
    try {
      const profile = await profileApi.save(values as ProfileChange);
      replaceSessionProfile(profile);
      notify('app.access.profile.saved', { type: 'success' });
      return undefined;
    } catch (error) {
      return fieldErrorsOf(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack spacing={2} sx={{ mt: 2, maxWidth: 820 }} data-testid="own-profile">
      <Title title={translate('app.access.profile.title')} />
      <Card>
        <CardHeader
          title={translate('app.access.profile.details')}
          subheader={translate('app.access.profile.detailsHint')}
          slotProps={{
            title: { variant: 'subtitle1', component: 'h2', sx: { fontWeight: 700 } },
            subheader: { variant: 'body2' },
          }}
        />
        <CardContent sx={{ pt: 0 }}>
          <Form
            onSubmit={save}
            resolver={resolver}
            reValidateMode="onChange"
            noValidate
            defaultValues={{ firstName: me.firstName, lastName: me.lastName, photo: me.photo ?? null }}
            resource="staff-management/staffs"
          >
            <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap', rowGap: 1 }} alignItems="center">
              <Typography variant="body2">{me.email}</Typography>
              <Chip size="small" variant="outlined" label={me.role.name} />
            </Stack>
            <PhotoInput source="photo" name={me.fullName} />
            <FieldRow>
              <TextInput source="firstName" isRequired />
              <TextInput source="lastName" isRequired />
            </FieldRow>
            <Box sx={{ mt: 1 }}>
              <SubmitButton label={translate('ra.action.save')} pending={saving} />
            </Box>
          </Form>
        </CardContent>
      </Card>
      <ChangePasswordCard />
    </Stack>
  );
}
