import * as yup from 'yup';
import { refusal } from './messageCodes';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;
export const PASSWORD_SPECIALS = '@$!%*?&';

/** Each rule of the spec's password policy, in display order. */
export const PASSWORD_RULES = [
  {
    id: 'min',
    label: 'At least 8 characters',
    message: refusal('passwordMin'),
    test: (v: string) => v.length >= PASSWORD_MIN,
  },
  {
    id: 'max',
    label: 'At most 20 characters',
    message: refusal('passwordMax'),
    test: (v: string) => v.length <= PASSWORD_MAX,
  },
  {
    id: 'lower',
    label: 'A lowercase letter',
    message: refusal('passwordLower'),
    test: (v: string) => /[a-z]/.test(v),
  },
  {
    id: 'upper',
    label: 'An uppercase letter',
    message: refusal('passwordUpper'),
    test: (v: string) => /[A-Z]/.test(v),
  },
  {
    id: 'number',
    label: 'A number',
    message: refusal('passwordNumber'),
    test: (v: string) => /[0-9]/.test(v),
  },
  {
    id: 'special',
    label: 'A special character (@ $ ! % * ? &)',
    message: refusal('passwordSpecial'),
    test: (v: string) => /[@$!%*?&]/.test(v),
  },
] as const;

function passwordField(requiredMessage: string) {
  let schema = yup.string().required(requiredMessage);
  for (const rule of PASSWORD_RULES) {
    schema = schema.test(rule.id, rule.message, (value) => value === undefined || value === '' || rule.test(value));
  }
  return schema;
}

/** The new-password field (reset password, profile change). */
export const newPasswordField = () => passwordField(refusal('newPasswordRequired'));
/** The set-password field (password entry after verification). */
export const setPasswordField = () => passwordField(refusal('passwordRequired'));

export const confirmPasswordField = (ref = 'password') =>
  yup
    .string()
    .required(refusal('confirmRequired'))
    .oneOf([yup.ref(ref)], refusal('passwordMismatch'));

export const resetPasswordSchema = yup.object({
  password: newPasswordField(),
  confirmPassword: confirmPasswordField(),
});

export const setPasswordSchema = yup.object({
  password: setPasswordField(),
  confirmPassword: confirmPasswordField(),
});

/** Which rules a candidate password meets, for the ticking checklist. */
export const passwordRuleStates = (value: string) => PASSWORD_RULES.map((r) => ({ ...r, met: r.test(value) }));

/** Server-side check: the first broken rule's message, or null when the password is acceptable. */
export function passwordPolicyError(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return refusal('passwordRequired');
  const broken = PASSWORD_RULES.find((r) => !r.test(value));
  return broken ? broken.message : null;
}
