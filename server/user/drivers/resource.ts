import * as yup from 'yup';
import { defineResource } from '../../rest/declaration.js';
import { drivers as driversManifest } from '../../../src/domain/resources/drivers.js';
import { email, fileId, name, oneOf, phone } from '../../rest/fields.js';
import { MULTILINE } from '../../rest/inputScreen.js';
import {
  DOCUMENT_KINDS,
  DOCUMENT_REVIEW_STATUSES,
  DRIVER_APPROVAL_STATUSES,
  SEXES,
} from '../../../src/domain/enums.js';
import { registrationNotice } from './registration.js';

const documents = yup.array(
  yup.object({
    kind: oneOf(DOCUMENT_KINDS, 'Document kind').required('Document kind is required'),
    fileId: fileId(),
    status: oneOf(DOCUMENT_REVIEW_STATUSES, 'Review status').default('pending'),
    note: yup.string().trim().max(500).meta(MULTILINE).nullable().default(null),
  }),
);

/** What staff and the sign-up may write about a driver. */
export const driverFields = {
  firstName: name('First name'),
  lastName: name('Last name'),
  phone: phone(),
  email: email().nullable(),
  sex: oneOf(SEXES, 'Sex').nullable(),
  photo: fileId(),
  licenceNumber: yup.string().trim().max(40).nullable(),
  licenceExpiry: yup
    .string()
    .matches(/^\d{4}-\d{2}-\d{2}$/, 'Use a date such as 2027-12-31')
    .nullable(),
  documents,
  vehicleTypeId: yup.number().integer().positive().nullable(),
  vehicleMake: yup.string().trim().max(40).nullable(),
  vehicleModel: yup.string().trim().max(40).nullable(),
  vehiclePlate: yup.string().trim().max(20).nullable(),
  vehicleColour: yup.string().trim().max(30).nullable(),
  vehicleYear: yup.number().integer().min(1980, 'Vehicle year must be 1980 or later').max(2100).nullable(),
};

export const driverCreateSchema = yup.object({
  ...driverFields,
  firstName: driverFields.firstName.required('First name is required'),
  lastName: driverFields.lastName.required('Last name is required'),
  phone: driverFields.phone.required('Phone is required'),
  documents: documents.default([]),
});

export const drivers = defineResource(driversManifest, {
  table: 'drivers',
  description:
    'Drivers with their documents, vehicle and approval state. Credit balance changes only through driver transactions.',
  create: driverCreateSchema,
  update: yup.object({ ...driverFields, approvalStatus: oneOf(DRIVER_APPROVAL_STATUSES, 'Approval status') }),
  delete: true,
  async afterWrite({ action, after, trx, services, afterCommit }) {
    if (action === 'create' && after) afterCommit(await registrationNotice(trx, services, after));
  },
});
