import { Link } from '@mui/material';
import { TextInput, useFieldValue, type TextInputProps } from 'react-admin';
import { loadPhoneRules, PHONE_MESSAGE, phoneRulesLoaded, toE164 } from '../domain/fieldRules';
import { EmptyValue } from './EmptyValue';
import type { KitFieldProps } from './MoneyField';

/**
 * A phone number that dials when clicked (`tel:` with the E.164 form). A number reads left to
 * right in every language: in a right-to-left page it would otherwise show as "254712345678+".
 */
export function PhoneField({ source }: KitFieldProps) {
  const value: unknown = useFieldValue({ source });
  if (typeof value !== 'string' || value.trim() === '') return <EmptyValue />;
  const dial = toE164(value) ?? value.replace(/[^\d+]/g, '');
  return (
    <Link
      href={`tel:${dial}`}
      dir="ltr"
      variant="body2"
      onClick={(event) => event.stopPropagation()}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {value}
    </Link>
  );
}

/** The shared phone rule (src/domain/fieldRules.ts) as an input validator: empty is fine, else E.164. */
export const validatePhone = (value: unknown): string | undefined | Promise<string | undefined> => {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  // Until the phone rules are loaded (fieldRules) a national number waits for them.
  if (!phoneRulesLoaded()) return loadPhoneRules().then(() => validatePhone(value));
  return toE164(value) !== undefined ? undefined : PHONE_MESSAGE;
};

/**
 * A phone number input. Forms with a yup resolver validate it with their
 * schema (use `phone()` there); without one, the shared rule applies here.
 */
export function PhoneInput(props: Omit<TextInputProps, 'type'>) {
  return <TextInput type="tel" validate={validatePhone} {...props} />;
}
