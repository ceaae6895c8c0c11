import type { Insertable } from 'kysely';
import type { Db } from '../index.js';
import type { DriverTable } from '../schema.js';
import { hashPassword } from '../../auth/passwords.js';
import { FileStore } from '../../files/store.js';
import { ALL_PERMISSIONS } from '../../../src/domain/permissions.js';
import { CITY } from '../../../src/domain/city.js';
import { DOCUMENT_KINDS, type DRIVER_APPROVAL_STATUSES } from '../../../src/domain/enums.js';
import { DEMO_ACCOUNTS, SEED_STAFF_PASSWORD } from './demoAccounts.js';
import { SEED_ROLES } from './roles.js';
import { documentSvg, reviewFor, type SeedDocument } from './documents.js';
import { chunked } from './chunked.js';
import { deriveApprovalStatus } from '../../../src/domain/driverDocuments.js';
import { localDay } from '../../../src/domain/dateRange.js';
import { refusal } from '../../../src/domain/messageCodes.js';

export const SEED_COUNTS = { staff: 25, drivers: 150, passengers: 1000 } as const;

type ApprovalStatus = (typeof DRIVER_APPROVAL_STATUSES)[number];

/** Approval states of the 150 seeded drivers: most approved, every state present. */
function approvalFor(i: number): ApprovalStatus {
  const slot = i % 10;
  if (slot < 7) return 'approved';
  if (slot === 7) return 'pending';
  if (slot === 8) return i % 20 === 8 ? 'rejected' : 'pending';
  return 'suspended';
}

/** Account number lengths of the seeded banks, as their customers' numbers run. */
const ACCOUNT_LENGTHS: Record<string, number> = {
  '01': 10,
  '03': 10,
  '11': 14,
  '31': 13,
  '57': 14,
  '63': 10,
  '68': 13,
  '70': 12,
};

/**
 * How seeded driver `i` is paid out: about one in three by bank (Equity, KCB and Co-op most), the
 * rest by M-Pesa. Drawn from `i`, not faker, so every other seeded value stays as it was.
 */
export function seedPayoutDetails(i: number, holder: string): Partial<Insertable<DriverTable>> {
  if (i % 3 !== 1) return { payoutMethod: 'mobile_money' };
  const banks = ['68', '01', '11', '68', '03', '01', '63', '57', '31', '70', '11', '68'];
  const bankCode = banks[Math.floor(i / 3) % banks.length];
  let x = (i + 1) * 7919;
  let digits = '';
  while (digits.length < ACCOUNT_LENGTHS[bankCode]) {
    x = (x * 48271) % 2147483647; // Park–Miller: exact in doubles
    digits += String(x % 10);
  }
  return {
    payoutMethod: 'bank',
    bankCode,
    bankBranchCode: String(100 + ((i * 37) % 400)).padStart(3, '0'),
    bankAccountHolder: holder,
    bankAccountNumber: digits,
  };
}

const kenyanPhone = (n: number) => `${CITY.phonePrefix}${String(10_000_000 + n * 7919).slice(-8)}`;

export async function seedUserService(db: Db, opts: { filesDir: string; scryptN: number; now?: Date }): Promise<void> {
  // Loaded here, not at the top: a server starting on a seeded database never needs faker (150 ms of start).
  const { faker } = await import('@faker-js/faker');
  faker.seed(20261121);
  const now = opts.now ?? new Date();
  const files = new FileStore(opts.filesDir);

  await db
    .insertInto('permissions')
    .values(
      ALL_PERMISSIONS.map((name) => {
        const [action, subject] = name.split('-') as [string, string];
        return { name, action, subject };
      }),
    )
    // Migration 072 has already inserted update-DriverPayoutDetails.
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const permissionIds = new Map(
    (await db.selectFrom('permissions').select(['id', 'name']).execute()).map((p) => [p.name, p.id]),
  );
  const roleIds = new Map<string, number>();
  for (const role of SEED_ROLES) {
    const { id } = await db
      .insertInto('roles')
      .values({ name: role.name, description: role.description })
      .returning('id')
      .executeTakeFirstOrThrow();
    roleIds.set(role.name, id);
    await db
      .insertInto('rolePermissions')
      .values(role.permissions.map((p) => ({ roleId: id, permissionId: permissionIds.get(p)! })))
      .execute();
  }

  // One hash per distinct demo password: hashing is deliberately slow.
  const staffHash = await hashPassword(SEED_STAFF_PASSWORD, opts.scryptN);
  const staffRows = [];
  for (const account of DEMO_ACCOUNTS) {
    staffRows.push({
      firstName: account.firstName,
      lastName: account.lastName,
      email: account.email,
      phone: kenyanPhone(staffRows.length + 1),
      sex: staffRows.length % 2 ? 'male' : 'female',
      roleId: roleIds.get(account.roleName)!,
      passwordHash: await hashPassword(account.password, opts.scryptN),
      emailVerifiedAt: now,
      status: 'active',
    });
  }
  const otherRoles = ['Support Agent', 'Dispatcher', 'Finance', 'Support Agent', 'Super Admin'];
  while (staffRows.length < SEED_COUNTS.staff) {
    const i: number = staffRows.length;
    const sex = faker.helpers.arrayElement(['male', 'female'] as const);
    const firstName = faker.person.firstName(sex);
    const lastName = faker.person.lastName();
    staffRows.push({
      firstName,
      lastName,
      email: `${firstName}.${lastName}.${i}@example.com`.toLowerCase().replace(/[^a-z0-9.@]/g, ''),
      phone: kenyanPhone(i + 1),
      sex,
      roleId: roleIds.get(otherRoles[i % otherRoles.length])!,
      passwordHash: staffHash,
      emailVerifiedAt: now,
      status: i % 9 === 0 ? 'inactive' : 'active',
    });
  }
  await db.insertInto('staffs').values(staffRows).execute();

  const reviewer = await db
    .selectFrom('staffs')
    .select('id')
    .where('email', '=', DEMO_ACCOUNTS[0].email)
    .executeTakeFirstOrThrow();
  const drivers: Insertable<DriverTable>[] = [];
  const driverDocuments: SeedDocument[][] = [];
  for (let i = 0; i < SEED_COUNTS.drivers; i++) {
    const sex = faker.helpers.weightedArrayElement([
      { value: 'male' as const, weight: 4 },
      { value: 'female' as const, weight: 1 },
    ]);
    const firstName = faker.person.firstName(sex);
    const lastName = faker.person.lastName();
    const approvalStatus = approvalFor(i);
    const licenceNumber = `DL-${faker.string.alphanumeric({ length: 7, casing: 'upper' })}`;
    const documents: SeedDocument[] = [];
    for (const kind of DOCUMENT_KINDS) {
      // The photo came later and draws nothing from faker, so the other seeded values stay as they were.
      const number = kind === 'licence' ? licenceNumber : kind === 'photo' ? null : faker.string.numeric(8);
      const fileId = await files.save(db, {
        bytes: Buffer.from(documentSvg(kind, `${firstName} ${lastName}`, number ?? '', (i * 37) % 360)),
        contentType: 'image/svg+xml',
        filename: `${kind}-${i + 1}.svg`,
        uploadedBy: null,
      });
      documents.push({ kind, fileId, number, status: 'pending' });
    }
    const created = faker.date.between({
      from: new Date(now.getTime() - 400 * 86400_000),
      to: new Date(now.getTime() - 2 * 86400_000),
    });
    const licenceExpiry = faker.date.future({ years: 4, refDate: now }).toISOString().slice(0, 10);
    const review = reviewFor(i, approvalStatus, documents, { now, created, licenceExpiry, reviewer: reviewer.id });
    driverDocuments.push(review.documents);
    const derived = deriveApprovalStatus({
      suspended: review.suspendedAt !== null,
      documents: review.documents.map((d, n) => ({ ...d, id: n })),
      today: localDay(now, CITY.timeZone),
    });
    drivers.push({
      firstName,
      lastName,
      phone: kenyanPhone(1000 + i),
      email: `driver${i + 1}@example.com`,
      sex,
      photo: documents.find((d) => d.kind === 'photo')!.fileId,
      licenceNumber,
      licenceExpiry,
      approvalStatus: derived,
      suspendedAt: review.suspendedAt,
      suspensionReason: review.suspensionReason,
      vehicleMake: faker.helpers.arrayElement(['Toyota', 'Nissan', 'Mazda', 'Honda', 'Suzuki', 'Subaru']),
      vehicleModel: faker.helpers.arrayElement(['Axio', 'Note', 'Demio', 'Fit', 'Vitz', 'Fielder', 'Premio', 'Probox']),
      vehiclePlate: `K${faker.string.alpha({ length: 2, casing: 'upper' })} ${faker.string.numeric(3)}${faker.string.alpha({ length: 1, casing: 'upper' })}`,
      vehicleColour: faker.helpers.arrayElement(['White', 'Silver', 'Black', 'Blue', 'Grey', 'Red']),
      vehicleYear: faker.number.int({ min: 2010, max: 2024 }),
      rating: approvalStatus === 'approved' ? faker.number.float({ min: 4.2, max: 5, fractionDigits: 2 }) : 5,
      ...seedPayoutDetails(i, `${firstName} ${lastName}`.toUpperCase()),
      createdAt: review.createdAt,
      updatedAt: review.createdAt,
    });
  }
  await chunked(drivers, 200, (rows) => db.insertInto('drivers').values(rows).execute());
  const driverIds = new Map(
    (await db.selectFrom('drivers').select(['id', 'phone']).execute()).map((d) => [d.phone, d.id]),
  );
  await chunked(
    driverDocuments.flatMap((docs, i) => docs.map((d) => ({ ...d, driverId: driverIds.get(drivers[i].phone)! }))),
    500,
    (rows) => db.insertInto('driverDocuments').values(rows).execute(),
  );

  const passengers = [];
  for (let i = 0; i < SEED_COUNTS.passengers; i++) {
    const sex = faker.helpers.arrayElement(['male', 'female'] as const);
    const created = faker.date.between({
      from: new Date(now.getTime() - 500 * 86400_000),
      to: new Date(now.getTime() - 86400_000),
    });
    passengers.push({
      firstName: faker.person.firstName(sex),
      lastName: faker.person.lastName(),
      phone: kenyanPhone(5000 + i),
      email: `passenger${i + 1}@example.com`,
      sex,
      status: i % 40 === 0 ? 'blocked' : 'active',
      rating: faker.number.float({ min: 3.8, max: 5, fractionDigits: 2 }),
      createdAt: created,
      updatedAt: created,
    });
  }
  await chunked(passengers, 500, (rows) => db.insertInto('passengers').values(rows).execute());

  // A few registrations awaiting review, so the bell has history.
  const pending = await db
    .selectFrom('drivers')
    .select(['id', 'firstName', 'lastName', 'createdAt'])
    .where('approvalStatus', '=', 'pending')
    .orderBy('createdAt')
    .execute();
  if (pending.length) {
    await db
      .insertInto('notifications')
      .values(
        pending.map((d) => ({
          type: 'DRIVER_REGISTRATION',
          title: refusal('driverRegistration', { name: `${d.firstName} ${d.lastName}` }),
          titleCode: 'driverRegistration',
          titleParams: JSON.stringify({ name: `${d.firstName} ${d.lastName}` }),
          permission: 'view-Driver',
          subjectType: 'driver',
          subjectId: d.id,
          createdAt: d.createdAt,
        })),
      )
      .execute();
  }
}
