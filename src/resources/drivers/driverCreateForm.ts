import * as yup from 'yup';
import { DOCUMENT_KINDS } from '../../domain/enums';
import { fileId } from '../../domain/fieldRules';
import type { DocumentKind } from '../../domain/driverDocuments';
import { documentInput, drivers } from '../../domain/resources/drivers';

/**
 * What the create form asks of each document beside its file: the licence's number and expiry are
 * the profile's (one place to type them), the photo has neither.
 */
export const DOCUMENT_DETAILS: Readonly<Record<DocumentKind, { number: boolean; expiry: boolean }>> = {
  licence: { number: false, expiry: false },
  identity: { number: true, expiry: false },
  insurance: { number: true, expiry: true },
  vehicle_registration: { number: true, expiry: false },
  photo: { number: false, expiry: false },
};

/** One document in the form: uploaded now (a file id) or later (none); what is printed on it is kept only with a file. */
const documentLater = yup.object({
  fileId: fileId()
    .default(null)
    .when(['number', 'expiryDate'], {
      is: (number: unknown, expiryDate: unknown) => Boolean(number) || Boolean(expiryDate),
      then: (s) => s.required('Upload the document, or clear its number and expiry'),
    }),
  number: documentInput.fields.number as yup.StringSchema<string | null | undefined>,
  expiryDate: documentInput.fields.expiryDate as yup.StringSchema<string | null | undefined>,
});

/**
 * The create form's rules: the service's own (src/domain/resources/drivers.ts: names, the shared
 * phone rule, email, vehicle), with the documents keyed by kind, each uploaded now or later.
 */
export const driverCreateSchema = (drivers.create as yup.ObjectSchema<yup.AnyObject>).omit(['documents']).shape({
  documents: yup.object(Object.fromEntries(DOCUMENT_KINDS.map((kind) => [kind, documentLater]))),
});

export interface DocumentDraft {
  fileId?: number | null;
  number?: string | null;
  expiryDate?: string | null;
}

export type DriverDraft = Record<string, unknown> & { documents?: Partial<Record<DocumentKind, DocumentDraft>> };

export const emptyDriverDraft = (): DriverDraft => ({
  email: null,
  sex: null,
  vehicleTypeId: null,
  documents: Object.fromEntries(DOCUMENT_KINDS.map((kind) => [kind, { fileId: null, number: null, expiryDate: null }])),
});

const blank = (value: unknown) => (value === '' || value === undefined ? null : value);

/**
 * The body of POST drivers from the form: the documents uploaded now, in the order of the kinds
 * (the licence carries the profile's licence number and expiry), the photo document as the
 * profile photo too. Documents left for later are not sent: the driver uploads them from the app.
 */
export function driverCreateBody(draft: DriverDraft): Record<string, unknown> {
  const { documents = {}, ...profile } = draft;
  const body: Record<string, unknown> = Object.fromEntries(Object.entries(profile).map(([k, v]) => [k, blank(v)]));
  body.documents = DOCUMENT_KINDS.flatMap(
    (kind): { kind: DocumentKind; fileId: number; number: unknown; expiryDate: unknown }[] => {
      const doc = documents[kind];
      if (!doc?.fileId) return [];
      if (kind === 'licence')
        return [
          { kind, fileId: doc.fileId, number: blank(profile.licenceNumber), expiryDate: blank(profile.licenceExpiry) },
        ];
      return [{ kind, fileId: doc.fileId, number: blank(doc.number), expiryDate: blank(doc.expiryDate) }];
    },
  );
  body.photo = documents.photo?.fileId ?? null;
  return body;
}
