import * as yup from 'yup';
import { confirmPasswordField, newPasswordField } from '../../domain/passwordRules';

const nameField = (label: string) =>
  yup.string().trim().required(`${label} is required`).max(80, `${label} must be at most 80 characters`);

export const profileSchema = yup.object({
  firstName: nameField('First name'),
  lastName: nameField('Last name'),
  photo: yup.number().nullable(),
});

/** The spec's password rules for the new password (src/domain/passwordRules.ts). */
export const changePasswordSchema = yup.object({
  currentPassword: yup.string().required('Current password is required'),
  password: newPasswordField().notOneOf(
    [yup.ref('currentPassword')],
    'Choose a password different from the current one',
  ),
  confirmPassword: confirmPasswordField(),
});
