import type { ReactNode } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import { AuthForm, type AuthAction } from './AuthForm';
import { PasswordFields } from './PasswordFields';

interface NewPasswordFormProps {
  resolver: Resolver<FieldValues>;
  /** The action that sends the password. */
  action: AuthAction<{ password: string }>;
  passwordLabel: string;
  submitLabel: string;
  disabled?: boolean;
  /** Shown above the fields. */
  intro?: ReactNode;
  /** Shown under the fields (e.g. the rule checklist). */
  children?: ReactNode;
}

/** A new password and its confirmation. */
export function NewPasswordForm({
  resolver,
  action,
  passwordLabel,
  submitLabel,
  disabled,
  intro,
  children,
}: NewPasswordFormProps) {
  return (
    <AuthForm<{ password: string; confirmPassword: string }>
      resolver={resolver}
      defaultValues={{ password: '', confirmPassword: '' }}
      action={action}
      submitLabel={submitLabel}
      disabled={disabled}
    >
      {intro}
      <PasswordFields passwordLabel={passwordLabel} />
      {children}
    </AuthForm>
  );
}
