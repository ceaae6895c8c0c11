import * as yup from 'yup';

export const OTP_LENGTH = 6;

export const emailField = () => yup.string().trim().required('Email is required').email('Invalid email');

export const loginSchema = yup.object({
  email: emailField(),
  password: yup.string().required('Password is required'),
});

export const forgotSchema = yup.object({ email: emailField() });

export const otpField = () =>
  yup
    .string()
    .required('Verification code is required')
    .matches(/^\d{6}$/, 'Verification code must be 6 digits');
