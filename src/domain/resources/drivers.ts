import * as yup from 'yup';
import { calendarDay, email, fileId, MULTILINE, name, oneOf, phone, requiredName } from '../fieldRules';
import { defineManifest, labelFields } from './manifest';
import { DOCUMENT_KINDS, DOCUMENT_REJECT_REASONS, DRIVER_APPROVAL_STATUSES, PAYOUT_METHODS, SEXES } from '../enums';
import { refusal } from '../messageCodes';
import { payoutDetailsRules } from '../payoutDetails';

const day = calendarDay;
const shortText = (label: string, max: number) =>
  yup
    .string()
    .trim()
    .max(max, refusal('maxChars', { label, max }))
    .transform((value: unknown) => (value === '' ? null : value))
    .nullable();

/** One uploaded document: its kind, the uploaded file (POST files), and what is printed on it. */
export const documentInput = yup.object({
  kind: oneOf(DOCUMENT_KINDS, 'Document kind').required(refusal('required', { label: 'Document kind' })),
  fileId: fileId().required(refusal('uploadDocument')),
  number: shortText('Document number', 40),
  expiryDate: day('Expiry date'),
});

/** What staff and the sign-up may write about a driver's profile and vehicle; the update takes any of them. */
const writable = {
  firstName: name('First name'),
  lastName: name('Last name'),
  phone: phone(),
  email: email().nullable(),
  sex: oneOf(SEXES, 'Sex').nullable(),
  photo: fileId(),
  licenceNumber: shortText('Licence number', 40),
  licenceExpiry: day('Licence expiry'),
  vehicleTypeId: yup
    .number()
    .typeError(refusal('chooseA', { label: 'vehicle type' }))
    .integer()
    .positive()
    .nullable(),
  vehicleMake: shortText('Vehicle make', 40),
  vehicleModel: shortText('Vehicle model', 40),
  vehiclePlate: shortText('Plate', 20),
  vehicleColour: shortText('Colour', 30),
  vehicleYear: yup
    .number()
    .typeError(refusal('number', { label: 'Vehicle year' }))
    .integer()
    .min(1980, refusal('orLater', { label: 'Vehicle year', min: '1980' }))
    .max(2100)
    .nullable(),
  // How the driver is paid out; the account number is write-only (answered masked, bankAccountMasked).
  ...payoutDetailsRules,
};

/** Body of approve-document: the document and the version the reviewer saw. */
export const documentDecision = {
  documentId: yup
    .number()
    .typeError(refusal('chooseA', { label: 'document' }))
    .integer()
    .positive()
    .required(refusal('chooseA', { label: 'document' })),
  version: yup
    .number()
    .typeError(refusal('number', { label: 'Version' }))
    .integer()
    .min(1)
    .required(refusal('reloadDriver')),
};
export const approveDocumentSchema = yup.object(documentDecision);
export const rejectDocumentSchema = yup.object({
  ...documentDecision,
  reason: oneOf(DOCUMENT_REJECT_REASONS, 'Reason').required(refusal('chooseA', { label: 'reason' })),
  note: yup
    .string()
    .trim()
    .max(500, refusal('maxChars', { label: 'Note', max: '500' }))
    .meta(MULTILINE)
    .nullable()
    .when('reason', {
      is: 'other',
      then: (s) => s.required(refusal('otherReason')),
    }),
});
export const requestReuploadSchema = yup.object({
  documentId: documentDecision.documentId,
  note: yup
    .string()
    .trim()
    .meta(MULTILINE)
    .max(500, refusal('maxChars', { label: 'Note', max: '500' }))
    .required(refusal('tellDriver')),
});
/** Suspend and reinstate: the reason is required, and goes to the driver. */
export const suspensionSchema = yup.object({
  reason: yup
    .string()
    .trim()
    .meta(MULTILINE)
    .min(3, refusal('giveAReason'))
    .max(500, refusal('maxChars', { label: 'Reason', max: '500' }))
    .required(refusal('giveAReason')),
});

export const drivers = defineManifest({
  name: 'drivers',
  service: 'user',
  subject: 'Driver',
  path: 'driver-management/drivers',
  fields: {
    firstName: { type: 'text', sort: true },
    lastName: { type: 'text', sort: true },
    phone: { type: 'text', filter: true },
    email: { type: 'text', filter: true },
    sex: { type: 'text', filter: true, enum: SEXES, enumLabels: 'app.enums.sex' },
    photo: { type: 'int' },
    licenceNumber: { type: 'text', filter: true },
    licenceExpiry: { type: 'date', sort: true, filter: true },
    approvalStatus: {
      type: 'text',
      filter: true,
      sort: true,
      enum: DRIVER_APPROVAL_STATUSES,
      enumLabels: 'app.enums.driverApproval',
      description: 'Derived from the documents and the suspension, never written directly',
    },
    suspendedAt: { type: 'timestamp', nullable: true, sort: true },
    suspensionReason: { type: 'text', nullable: true },
    vehicleTypeId: { type: 'int', filter: true, sort: true },
    vehicleMake: { type: 'text' },
    vehicleModel: { type: 'text' },
    vehiclePlate: { type: 'text', filter: true },
    vehicleColour: { type: 'text' },
    vehicleYear: { type: 'int', sort: true },
    rating: { type: 'number', sort: true, filter: true },
    online: { type: 'bool', filter: true, sort: true },
    lastLat: { type: 'number' },
    lastLng: { type: 'number' },
    lastSeenAt: { type: 'timestamp', sort: true },
    creditBalance: { type: 'number', format: 'money', sort: true, filter: true },
    payoutMethod: { type: 'text', filter: true, enum: PAYOUT_METHODS, enumLabels: 'app.enums.payoutMethod' },
    bankCode: { type: 'text', nullable: true, filter: true, description: 'Central Bank of Kenya bank code' },
    bankBranchCode: { type: 'text', nullable: true },
    bankAccountHolder: { type: 'text', nullable: true },
    payoutDetailsUpdatedAt: { type: 'timestamp', nullable: true, list: false },
    createdAt: { type: 'timestamp', sort: true, filter: true },
    updatedAt: { type: 'timestamp', sort: true },
  },
  search: ['firstName', 'lastName', 'phone', 'email', 'vehiclePlate', 'licenceNumber'],
  searchIds: ['id'],
  defaultSort: ['createdAt', 'DESC'],
  label: labelFields('firstName', 'lastName'),
  menu: { none: "the Driver Management group's approved and unapproved lists (src/layout/menu.ts)" },
  create: yup.object({
    ...writable,
    firstName: requiredName('First name'),
    lastName: requiredName('Last name'),
    phone: writable.phone.required(refusal('required', { label: 'Phone' })),
    documents: yup
      .array(documentInput)
      .default([])
      .test('one-per-kind', refusal('documentOnce'), (docs) => {
        const kinds = (docs ?? []).map((d) => d?.kind);
        return new Set(kinds).size === kinds.length;
      }),
  }),
  update: yup.object(writable),
});
