import { Stack } from '@mui/material';
import type { ReactNode } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import { Form } from 'react-admin';
import { FormMessage } from './FormMessage';
import { SubmitButton } from './SubmitButton';

/** What an auth form needs of its action (useAuthAction). */
export interface AuthAction<Values> {
  run(values: Values): Promise<void>;
  pending: boolean;
  error?: string;
}

interface AuthFormProps<Values> {
  resolver: Resolver<FieldValues>;
  defaultValues: Values;
  /** The action that sends the values. */
  action: AuthAction<Values>;
  submitLabel: string;
  disabled?: boolean;
  /** The fields (and what goes with them). */
  children: ReactNode;
  /** Under the submit button. */
  footer?: ReactNode;
}

/**
 * The form of an auth screen: fields checked on touch (no toast for invalid ones), then the
 * action's failure message and the submit button, which spins while the action runs.
 */
export function AuthForm<Values extends FieldValues>({
  resolver,
  defaultValues,
  action,
  submitLabel,
  disabled,
  children,
  footer,
}: AuthFormProps<Values>) {
  return (
    <Form
      onSubmit={(values: FieldValues) => action.run(values as Values)}
      resolver={resolver}
      mode="onTouched"
      noValidate
      disableInvalidFormNotification
      defaultValues={defaultValues}
    >
      <Stack>
        {children}
        <FormMessage message={action.error} />
        <SubmitButton label={submitLabel} loading={action.pending} disabled={disabled} />
        {footer}
      </Stack>
    </Form>
  );
}
