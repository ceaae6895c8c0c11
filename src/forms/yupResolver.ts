import { set, type FieldErrors, type FieldValues, type Resolver } from 'react-hook-form';
import { ValidationError, type AnyObjectSchema } from 'yup';
import { translateMessage } from '../i18n/translateMessage';

export type FlatFieldErrors = Record<string, { type: string; message: string }>;

/** The first message of each field of a yup validation failure (flat forms), in the chosen language. */
export function fieldErrorsFromYup(error: ValidationError): FlatFieldErrors {
  const errors: FlatFieldErrors = {};
  for (const issue of error.inner.length > 0 ? error.inner : [error]) {
    if (issue.path && !(issue.path in errors)) {
      errors[issue.path] = { type: issue.type ?? 'validation', message: translateMessage(issue.message) };
    }
  }
  return errors;
}

/**
 * An empty text field counts as no value. yup checks `oneOf` before
 * `required` and skips it only for undefined, so without this an empty
 * confirmation would read 'Password not match' instead of 'confirm password is required'.
 */
export const withoutEmptyText = (values: FieldValues): FieldValues =>
  Object.fromEntries(Object.entries(values).map(([field, value]) => [field, value === '' ? undefined : value]));

/** Lets a react-hook-form (react-admin `<Form resolver>`) validate with a yup schema of src/domain. */
export function yupResolver(schema: AnyObjectSchema): Resolver<FieldValues> {
  return async (values) => {
    try {
      const validated: FieldValues = await schema.validate(withoutEmptyText(values), { abortEarly: false });
      return { values: validated, errors: {} };
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      // A nested field's message (`passenger.phone`) where react-hook-form reads and clears it.
      const errors: FieldValues = {};
      for (const [path, issue] of Object.entries(fieldErrorsFromYup(error))) set(errors, path, issue);
      return { values: {}, errors: errors as FieldErrors<FieldValues> };
    }
  };
}
