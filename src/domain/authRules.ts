import * as yup from 'yup';
import { refusal } from './messageCodes';

export const OTP_LENGTH = 6;

export const emailField = () => yup.string().trim().required(refusal('emailRequired')).email(refusal('invalidEmail'));

export const loginSchema = yup.object({
  email: emailField(),
  password: yup.string().required(refusal('passwordRequired')),
});

export const forgotSchema = yup.object({ email: emailField() });

export const otpField = () =>
  yup
    .string()
    .required(refusal('codeRequired'))
    .matches(/^\d{6}$/, refusal('codeDigits'));
