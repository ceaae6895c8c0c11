import * as yup from 'yup';

export const roleSchema = yup.object({
  name: yup.string().trim().required('Name is required').max(60, 'Name must be at most 60 characters'),
  description: yup.string().trim().nullable().max(200, 'Description must be at most 200 characters'),
  permissions: yup.array(yup.string().required()).default([]),
});
