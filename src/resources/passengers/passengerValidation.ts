import { requiredName } from '../../domain/fieldRules';
import { passengers } from '../../domain/resources';

/** The user service's own rules (src/domain/resources/passengers.ts), so form and server answer alike. */
export const passengerCreateSchema = passengers.create!;

/** The edit form sends every field, so the names and the phone cannot be left out. */
export const passengerEditSchema = passengers.update!.shape({
  firstName: requiredName('First name'),
  lastName: requiredName('Last name'),
  phone: passengers.create!.fields.phone,
});
