import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, P } from '../../src/domain/permissions';
import { DECLARED } from '../../src/domain/resources';
import { en } from '../../src/i18n/en';
import { withManifestLabels } from '../../src/i18n/manifestLabels';
import {
  MENU,
  activeGroupId,
  filterMenuByPermissions,
  isActiveEntry,
  isActivePath,
  isMenuGroup,
  searchMenu,
  type MenuEntry,
} from '../../src/layout/menu';
import { SEED_ROLES } from '../../server/db/seed/roles.js';

const messages = withManifestLabels(en) as unknown as { app: Record<string, Record<string, string>> };
const labelOf = (entry: MenuEntry) => messages.app.menu[entry.id];

/** The menu ids of the generated resources (src/domain/resources/declared), which follow the spec's table. */
const declaredIds = new Set(DECLARED.flatMap((m) => (m.menu && 'id' in m.menu ? [m.menu.id] : [])));
const specPart = (entries: readonly MenuEntry[]): MenuEntry[] =>
  entries
    .filter((entry) => !declaredIds.has(entry.id))
    .map((entry) =>
      isMenuGroup(entry) ? { ...entry, children: entry.children.filter((c) => !declaredIds.has(c.id)) } : entry,
    );

/** The menu as text: top-level labels, children indented by "- ". */
const outline = (entries: readonly MenuEntry[]) =>
  entries.flatMap((entry) => [
    labelOf(entry),
    ...(isMenuGroup(entry) ? entry.children.map((child) => `- ${labelOf(child)}`) : []),
  ]);

/** The seeded Dispatcher role, as issue 16 left it: it books and assigns, and its menu stays the spec's. */
const DISPATCHER = SEED_ROLES.find((r) => r.name === 'Dispatcher')!.permissions;

describe('the menu table', () => {
  it('has the spec labels, order and nesting', () => {
    expect(outline(specPart(MENU))).toEqual([
      'Dashboard',
      'Staff Management',
      '- Staffs',
      '- Roles',
      '- Permissions',
      '- Audit Log',
      'Driver Management',
      '- Approved Drivers',
      '- Unapproved Drivers',
      '- Driver Payouts',
      'Vehicle Types',
      'Trips',
      'Passengers',
      'Payment Gateway',
      'Price Settings',
      'Service Zones',
      'Discounts',
      'Issues',
      'Emergency Contacts',
      'SOS Call Logs',
      'Report & Analytics',
      '- Revenu Report',
      '- Drivers Revenue Request Letter',
      '- Trip Report',
      '- Revenue by Driver',
      'Trip Dispatcher',
    ]);
  });

  it('links to the routes of the route table', () => {
    const paths = Object.fromEntries(
      MENU.flatMap((entry) => [entry, ...(isMenuGroup(entry) ? entry.children : [])]).map((entry) => [
        labelOf(entry),
        entry.path,
      ]),
    );
    expect(paths).toMatchObject({
      Dashboard: '/',
      Staffs: '/staff-management/staffs',
      Roles: '/staff-management/roles',
      Permissions: '/staff-management/permissions',
      'Audit Log': '/staff-management/audit-logs',
      'Approved Drivers': '/driver-management/approved-drivers',
      'Unapproved Drivers': '/driver-management/unapproved-drivers',
      'Driver Payouts': '/payout-batches',
      'Vehicle Types': '/vehicle-management/vehicles',
      Trips: '/trip-management/trips',
      Passengers: '/passenger-management/passengers',
      'Payment Gateway': '/manage-payment-getwas',
      'Price Settings': '/price-setting',
      'Service Zones': '/zones',
      Discounts: '/discounts',
      Issues: '/issues',
      'Emergency Contacts': '/sos-contacts',
      'Trip Report': '/reports/trip',
      'Revenue by Driver': '/revenues',
      'SOS Call Logs': '/sos-call-logs',
      'Revenu Report': '/reports/revenue',
      'Drivers Revenue Request Letter': '/reports/driver-revenue-letter',
      'Trip Dispatcher': '/dispatcher',
    });
  });
});

describe('filterMenuByPermissions', () => {
  it('shows everything to a role holding every permission', () => {
    expect(filterMenuByPermissions(MENU, ALL_PERMISSIONS)).toEqual(MENU);
  });

  it('shows only the entries without permissions to a role without any', () => {
    expect(outline(filterMenuByPermissions(MENU, []))).toEqual(['Dashboard']);
  });

  it('shows the dispatcher role its entries (the service zones too, issue 32), and no group whose children it cannot see', () => {
    expect(DISPATCHER).toEqual(
      expect.arrayContaining([P.viewDispatcherPage, 'create-Trip', 'update-Trip', 'create-Passenger']),
    );
    expect(outline(filterMenuByPermissions(MENU, DISPATCHER))).toEqual([
      'Dashboard',
      'Trips',
      'Passengers',
      'Service Zones',
      'Trip Dispatcher',
    ]);
  });

  it('shows a group with only its permitted children', () => {
    expect(outline(filterMenuByPermissions(MENU, [P.viewRole]))).toEqual(['Dashboard', 'Staff Management', '- Roles']);
  });

  it('shows the audit log under Staff Management only with view-AuditLog', () => {
    expect(outline(filterMenuByPermissions(MENU, ['view-AuditLog']))).toEqual([
      'Dashboard',
      'Staff Management',
      '- Audit Log',
    ]);
    expect(outline(filterMenuByPermissions(MENU, [P.viewStaff]))).not.toContain('- Audit Log');
  });

  it('hides a group whose own permission is missing, even with a child that needs none', () => {
    expect(outline(filterMenuByPermissions(MENU, [P.viewStaff]))).not.toContain('Report & Analytics');
    expect(outline(filterMenuByPermissions(MENU, [P.viewReport]))).toEqual([
      'Dashboard',
      'Report & Analytics',
      '- Revenu Report',
      '- Drivers Revenue Request Letter',
      '- Trip Report',
      '- Revenue by Driver',
    ]);
  });

  it("needs all of an entry's permissions", () => {
    const entries: MenuEntry[] = [{ id: 'trips', path: '/x', icon: 'trips', permissions: [P.viewTrip, P.viewDriver] }];
    expect(filterMenuByPermissions(entries, [P.viewTrip])).toEqual([]);
    expect(filterMenuByPermissions(entries, [P.viewTrip, P.viewDriver])).toEqual(entries);
  });
});

describe('searchMenu', () => {
  // The spec's entries: a generated resource's entry (in a group or not) may match a query too.
  const all = filterMenuByPermissions(specPart(MENU), ALL_PERMISSIONS);

  it('keeps everything for a blank query', () => {
    expect(searchMenu(all, '', labelOf)).toEqual(all);
    expect(searchMenu(all, '   ', labelOf)).toEqual(all);
  });

  it('keeps the leaf entries whose name starts with the text, case-insensitive, inside their groups', () => {
    expect(outline(searchMenu(all, 'tr', labelOf))).toEqual([
      'Trips',
      'Report & Analytics',
      '- Trip Report',
      'Trip Dispatcher',
    ]);
    expect(outline(searchMenu(all, 'ap', labelOf))).toEqual(['Driver Management', '- Approved Drivers']);
  });

  it('matches words anywhere in the name and in the group’s name', () => {
    expect(outline(searchMenu(all, 'revenue', labelOf))).toEqual([
      'Report & Analytics',
      '- Drivers Revenue Request Letter',
      '- Revenue by Driver',
    ]);
    expect(outline(searchMenu(all, 'report', labelOf))).toEqual([
      'Report & Analytics',
      '- Revenu Report',
      '- Drivers Revenue Request Letter',
      '- Trip Report',
      '- Revenue by Driver',
    ]);
    expect(outline(searchMenu(all, 'DRIVER', labelOf))).toEqual([
      'Driver Management',
      '- Approved Drivers',
      '- Unapproved Drivers',
      '- Driver Payouts',
      'Report & Analytics',
      '- Drivers Revenue Request Letter',
      '- Revenue by Driver',
    ]);
    expect(outline(searchMenu(all, 'logs', labelOf))).toEqual(['SOS Call Logs']);
    // Every word of the query must start a word: "trip rep" is the trip report only.
    expect(outline(searchMenu(all, 'trip rep', labelOf))).toEqual(['Report & Analytics', '- Trip Report']);
    expect(outline(searchMenu(all, 'evenue', labelOf))).toEqual([]);
  });

  it('searches only what the role may see', () => {
    expect(outline(searchMenu(filterMenuByPermissions(MENU, DISPATCHER), 'p', labelOf))).toEqual(['Passengers']);
  });
});

describe('active entries', () => {
  it('marks the dashboard only at /', () => {
    expect(isActivePath('/', '/')).toBe(true);
    expect(isActivePath('/', '/issues')).toBe(false);
  });

  it('marks an entry on its page and its sub-pages', () => {
    expect(isActivePath('/staff-management/staffs', '/staff-management/staffs')).toBe(true);
    expect(isActivePath('/staff-management/staffs', '/staff-management/staffs/7')).toBe(true);
    expect(isActivePath('/staff-management/staffs', '/staff-management/staffs-archive')).toBe(false);
  });

  it('marks an entry on the other pages of the route table that belong to it', () => {
    const staffs = MENU.flatMap((entry) => (isMenuGroup(entry) ? entry.children : [])).find(
      (entry) => entry.id === 'staffs',
    )!;
    expect(isActiveEntry(staffs, '/staff-management/create')).toBe(true);
    expect(isActiveEntry(staffs, '/staff-management/profile/1')).toBe(false);
    expect(activeGroupId(MENU, '/role-management/roles')).toBe('staffManagement');
  });

  it('finds the group holding the page shown', () => {
    expect(activeGroupId(MENU, '/driver-management/unapproved-drivers')).toBe('driverManagement');
    expect(activeGroupId(MENU, '/reports/revenue')).toBe('reports');
    expect(activeGroupId(MENU, '/trip-management/trips')).toBeUndefined();
  });
});
