import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AppServices } from '../../services.js';
import type { Row } from '../../rest/declaration.js';
import { refusal } from '../../../src/domain/messageCodes.js';

/** Records the DRIVER_REGISTRATION notification; returns what sends it after commit. */
export function registrationNotice(trx: Transaction<Database> | Kysely<Database>, services: AppServices, driver: Row) {
  return services.notifier.record(trx, {
    type: 'DRIVER_REGISTRATION',
    title: refusal('driverRegistration', { name: `${driver.firstName} ${driver.lastName}` }),
    permission: 'view-Driver',
    subjectType: 'driver',
    subjectId: driver.id as number,
  });
}
