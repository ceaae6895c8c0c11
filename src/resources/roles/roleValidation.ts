import { roles } from '../../domain/resources';

/** The user service's own rules (src/domain/resources/roles.ts); the form always sends the name. */
export const roleSchema = roles.create!;
