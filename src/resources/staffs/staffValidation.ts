import * as yup from 'yup';
import { SEXES, STAFF_STATUSES } from '../../domain/enums';

/** The same limits the user service applies (server/rest/fields.ts), with messages that say what to do. */
const PHONE = /^\+?[0-9 ()-]{7,20}$/;

const nameField = (label: string) =>
  yup.string().trim().required(`${label} is required`).max(80, `${label} must be at most 80 characters`);

const common = {
  firstName: nameField('First name'),
  lastName: nameField('Last name'),
  phone: yup
    .string()
    .trim()
    .nullable()
    .matches(PHONE, { message: 'Enter a phone number such as +254 712 345 678', excludeEmptyString: true }),
  sex: yup
    .string()
    .nullable()
    .oneOf([...SEXES, null], 'Choose male, female or other'),
  roleId: yup.number().typeError('Choose a role').required('Choose a role'),
  photo: yup.number().nullable(),
};

export const staffCreateSchema = yup.object({
  ...common,
  email: yup
    .string()
    .trim()
    .lowercase()
    .required('Email is required')
    .email('Enter a valid email address, such as name@example.com')
    .max(254, 'Email must be at most 254 characters'),
});

export const staffEditSchema = yup.object({
  ...common,
  // Absent when the input is disabled (your own account): the status then stays as it is.
  status: yup.string().oneOf([...STAFF_STATUSES], 'Choose active or inactive'),
});
