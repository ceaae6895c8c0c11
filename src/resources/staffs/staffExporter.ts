import { i18nProvider } from '../../i18n/i18nProvider';
import { csvExporter } from '../shared/csv';
import type { Staff } from './types';

const header = (field: string) => () => i18nProvider.translate(`resources.staff-management/staffs.fields.${field}`);

/** The staff list as CSV: the columns a person needs, never password material (the API has none to give). */
export const staffExporter = csvExporter<Staff>('staff', [
  { header: 'ID', value: (staff) => staff.id },
  { header: header('firstName'), value: (staff) => staff.firstName },
  { header: header('lastName'), value: (staff) => staff.lastName },
  { header: header('email'), value: (staff) => staff.email },
  { header: header('phone'), value: (staff) => staff.phone },
  { header: header('sex'), value: (staff) => staff.sex },
  { header: header('roleName'), value: (staff) => staff.roleName },
  { header: header('status'), value: (staff) => staff.status },
  { header: header('emailVerifiedAt'), value: (staff) => staff.emailVerifiedAt },
  { header: header('lastLoginAt'), value: (staff) => staff.lastLoginAt },
  { header: header('createdAt'), value: (staff) => staff.createdAt },
]);
