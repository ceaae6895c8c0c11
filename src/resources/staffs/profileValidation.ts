import * as yup from 'yup';
import { fileId, requiredName } from '../../domain/fieldRules';
import { confirmPasswordField, newPasswordField } from '../../domain/passwordRules';
import { refusal } from '../../domain/messageCodes';

export const profileSchema = yup.object({
  firstName: requiredName('First name'),
  lastName: requiredName('Last name'),
  photo: fileId(),
});

/** The spec's password rules for the new password (src/domain/passwordRules.ts). */
export const changePasswordSchema = yup.object({
  currentPassword: yup.string().required(refusal('currentPasswordRequired')),
  password: newPasswordField().notOneOf(
    [yup.ref('currentPassword')],
    refusal('chooseA', { label: 'password different from the current one' }),
  ),
  confirmPassword: confirmPasswordField(),
});
