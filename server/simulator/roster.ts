import { ApiClient } from './client.js';
import type { SimulatorOptions } from './types.js';

export interface RosterEntry {
  id: number;
  phone: string;
}

export interface Roster {
  /** This simulator's share of the approved drivers and active passengers (phones only). */
  drivers: RosterEntry[];
  passengers: RosterEntry[];
  /** Approved drivers found, up to the number asked for (before sharding). */
  approvedDrivers: number;
}

/** Reads the roster with the staff account: approved drivers and active passengers (phones only). */
export async function fetchRoster(opts: SimulatorOptions): Promise<Roster> {
  const staff = new ApiClient(opts.url);
  const { data } = await staff.call<{ data: { accessToken: string } }>('POST', '/api/user/auth/login', {
    email: opts.staffEmail ?? 'admin@example.com',
    password: opts.staffPassword ?? 'Admin@1234',
  });
  staff.token = data.accessToken;
  const list = async (resource: string, filter: object, want: number) => {
    const rows: RosterEntry[] = [];
    for (let from = 0; rows.length < want; from += 500) {
      const q = new URLSearchParams({
        filter: JSON.stringify(filter),
        range: JSON.stringify([from, from + 499]),
        sort: JSON.stringify(['id', 'ASC']),
        fields: 'id,phone',
      });
      const page = await staff.call<RosterEntry[]>('GET', `/api/user/${resource}?${q}`);
      rows.push(...page);
      if (page.length < 500) break;
    }
    return rows.slice(0, want);
  };
  const shard = opts.shard ?? { index: 0, count: 1 };
  const mine = <T>(rows: T[]) => rows.filter((_, i) => i % shard.count === shard.index);
  const approved = await list('drivers', { approvalStatus: 'approved' }, opts.drivers);
  const drivers = mine(approved);
  const passengers = mine(await list('passengers', { status: 'active' }, opts.passengers));
  await staff.call('POST', '/api/user/auth/logout').catch(() => undefined);
  return { drivers, passengers, approvedDrivers: approved.length };
}
