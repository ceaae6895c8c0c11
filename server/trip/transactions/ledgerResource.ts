import { defineResource, type ServerOnly } from '../../rest/declaration.js';
import { nameOf } from '../../rest/names.js';
import { viewPermission, type ResourceManifest } from '../../../src/domain/resources/manifest.js';

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export interface LedgerServerSpec {
  /** The ledger's table, e.g. `driverTransactions`. */
  table: 'driverTransactions' | 'passengerTransactions';
  /** Whose wallet: the owners' table and the ledger's key to it (`driverId` → computed `driverName`). */
  owner: { table: 'drivers' | 'passengers'; key: `${string}Id` };
  description: string;
  actions?: ServerOnly['actions'];
}

/**
 * A wallet ledger's declaration (manifests from src/domain/resources/ledger.ts): read-only, read with
 * the owner's view permission, each entry with the owner's and the staff member's names.
 */
export function defineLedgerResource(
  manifest: ResourceManifest,
  { table, owner, description, actions }: LedgerServerSpec,
) {
  const column = (key: string) => `${snake(table)}.${snake(key)}`;
  return defineResource(manifest, {
    table,
    description,
    computed: {
      [owner.key.replace(/Id$/, 'Name')]: { type: 'text', sql: nameOf(owner.table, column(owner.key)) },
      staffName: { type: 'text', sql: nameOf('staffs', column('staffId')) },
    },
    access: { list: viewPermission(manifest), read: viewPermission(manifest) },
    // Exports keep the English note only.
    exportOmit: ['noteCode', 'noteParams'],
    ...(actions && { actions }),
  });
}
