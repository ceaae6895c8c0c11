import * as yup from 'yup';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;
export const PASSWORD_SPECIALS = '@$!%*?&';

/** Each rule of the spec's password policy, in display order. */
export const PASSWORD_RULES = [
  {
    id: 'min',
    label: 'At least 8 characters',
    message: 'must be at least 8 characters',
    test: (v: string) => v.length >= PASSWORD_MIN,
  },
  {
    id: 'max',
    label: 'At most 20 characters',
    message: 'Maximum values allowed are 20 characters',
    test: (v: string) => v.length <= PASSWORD_MAX,
  },
  {
    id: 'lower',
    label: 'A lowercase letter',
    message: 'must contain at least one lowercase letter',
    test: (v: string) => /[a-z]/.test(v),
  },
  {
    id: 'upper',
    label: 'An uppercase letter',
    message: 'must contain at least one uppercase letter',
    test: (v: string) => /[A-Z]/.test(v),
  },
  {
    id: 'number',
    label: 'A number',
    message: 'must contain at least one number',
    test: (v: string) => /[0-9]/.test(v),
  },
  {
    id: 'special',
    label: 'A special character (@ $ ! % * ? &)',
    message: 'must contain at least one special character (@ $ ! % * ? &)',
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
export const newPasswordField = () => passwordField('New password is required');
/** The set-password field (password entry after verification). */
export const setPasswordField = () => passwordField('Password is required');

export const confirmPasswordField = (ref = 'password') =>
  yup
    .string()
    .required('confirm password is required')
    .oneOf([yup.ref(ref)], 'Password not match');

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
  if (typeof value !== 'string' || value === '') return 'Password is required';
  const broken = PASSWORD_RULES.find((r) => !r.test(value));
  return broken ? broken.message : null;
}
