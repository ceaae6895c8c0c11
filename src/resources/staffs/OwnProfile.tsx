import { Box, Card, CardContent, CardHeader, Chip, Stack, Typography } from '@mui/material';
import { Form, TextInput, Title, useTranslate } from 'react-admin';
import { replaceSessionProfile } from '../../auth/sessionProfile';
import type { ProfileChange } from '../../dataProviders/customMethods';
import { useAction } from '../../dataProviders/useAction';
import { yupResolver } from '../../forms/yupResolver';
import type { UserInfo } from '../../session';
import { PhotoInput } from '../shared/PhotoInput';
import { ChangePasswordCard } from './ChangePasswordCard';
import { profileSchema } from './profileValidation';
import { SubmitButton } from './SubmitButton';
import { FieldRow } from '../../kit/DetailBlocks';

const resolver = yupResolver(profileSchema);

/** The signed-in staff member's own profile: names and photo, and the password. */
export function OwnProfile({ me }: { me: UserInfo }) {
  const translate = useTranslate();
  const save = useAction((dataProvider, change: ProfileChange) => dataProvider.saveProfile(change), {
    successMessage: 'app.access.profile.saved',
    onSuccess: ({ data }) => replaceSessionProfile(data),
    refresh: false,
  });

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
            onSubmit={save.submit}
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
              <SubmitButton label={translate('ra.action.save')} pending={save.isPending} />
            </Box>
          </Form>
        </CardContent>
      </Card>
      <ChangePasswordCard />
    </Stack>
  );
}
