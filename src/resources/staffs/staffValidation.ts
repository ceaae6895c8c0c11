import { requiredName } from '../../domain/fieldRules';
import { staffs } from '../../domain/resources';

/** The user service's own rules (src/domain/resources/staffs.ts), so both sides answer alike. */
export const staffCreateSchema = staffs.create!;

/** The edit form sends every field, so the names and the role cannot be left out. */
export const staffEditSchema = staffs.update!.shape({
  firstName: requiredName('First name'),
  lastName: requiredName('Last name'),
  roleId: staffs.create!.fields.roleId,
});
