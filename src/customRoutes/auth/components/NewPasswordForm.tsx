import { Stack } from '@mui/material';
import type { ReactNode } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import { Form } from 'react-admin';
import { FormMessage } from './FormMessage';
import { PasswordFields } from './PasswordFields';
import { SubmitButton } from './SubmitButton';

interface NewPasswordFormProps {
  resolver: Resolver<FieldValues>;
  /** The auth action (useAuthAction) that sends the password. */
  action: { run(values: { password: string }): Promise<void>; pending: boolean; error?: string };
  passwordLabel: string;
  submitLabel: string;
  disabled?: boolean;
  /** Shown above the fields. */
  intro?: ReactNode;
  /** Shown under the fields (e.g. the rule checklist). */
  children?: ReactNode;
}

/** A new password and its confirmation, validated on touch, with the server's message and the submit button. */
export function NewPasswordForm({ resolver, action, passwordLabel, submitLabel, disabled, intro, children }: NewPasswordFormProps) {
  return (
    <Form
      onSubmit={(values: FieldValues) => action.run(values as { password: string })}
      resolver={resolver}
      mode="onTouched"
      noValidate
      disableInvalidFormNotification
      defaultValues={{ password: '', confirmPassword: '' }}
    >
      <Stack>
        {intro}
        <PasswordFields passwordLabel={passwordLabel} />
        {children}
        <FormMessage message={action.error} />
        <SubmitButton label={submitLabel} loading={action.pending} disabled={disabled} />
      </Stack>
    </Form>
  );
}
