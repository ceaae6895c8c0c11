import {
  DISCOUNT_KINDS,
  DOCUMENT_KINDS,
  DOCUMENT_REJECT_REASONS,
  PAYMENT_METHODS,
  PAYOUT_METHODS,
  REPORTER_KINDS,
  REVIEW_DIRECTIONS,
  SEXES,
  ZONE_KINDS,
} from '../domain/enums';
import { ISSUE_CATEGORIES } from '../domain/trip';
import { STATUS_ENUMS } from '../domain/statusPalettes';

/** Every shared enum a form or filter offers, by the name its labels have in i18n (`app.enums.<name>.<value>`). */
export const ENUMS = {
  ...STATUS_ENUMS,
  sex: SEXES,
  documentKind: DOCUMENT_KINDS,
  documentRejectReason: DOCUMENT_REJECT_REASONS,
  paymentMethod: PAYMENT_METHODS,
  payoutMethod: PAYOUT_METHODS,
  discountKind: DISCOUNT_KINDS,
  reporterKind: REPORTER_KINDS,
  reviewDirection: REVIEW_DIRECTIONS,
  issueCategory: ISSUE_CATEGORIES,
  zoneKind: ZONE_KINDS,
} as const;

export type EnumName = keyof typeof ENUMS;

export const enumLabelKey = (name: EnumName, value: string) => `app.enums.${name}.${value}`;

/** An enum's values as SelectInput / RadioButtonGroupInput choices; the inputs translate the names. */
export function enumChoices(name: EnumName): { id: string; name: string }[] {
  return ENUMS[name].map((value) => ({ id: value, name: enumLabelKey(name, value) }));
}
