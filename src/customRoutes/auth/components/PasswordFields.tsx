import { PasswordInput, useTranslate } from 'react-admin';

/** The password and its confirmation, each with a show/hide toggle. */
export function PasswordFields({ passwordLabel }: { passwordLabel: string }) {
  const translate = useTranslate();
  return (
    <>
      <PasswordInput source="password" label={passwordLabel} autoComplete="new-password" />
      <PasswordInput
        source="confirmPassword"
        label={translate('app.auth.fields.confirmPassword')}
        autoComplete="new-password"
      />
    </>
  );
}
