import StarIcon from '@mui/icons-material/Star';
import { describe, expect, it } from 'vitest';
import { RESOURCE_SUBJECTS, permissionName } from '../../src/domain/permissions';
import { MANIFEST, zoneFares } from '../../src/domain/resources';
import * as panelApi from '../../src/resources/panelResource';
import { definePanelOverrides } from '../../src/resources/panelResource';
import { panelResource, resourceLookup, resources } from '../../src/resources/registry';

/** The spec's backend resources; the manifest may declare more (generated ones), never fewer. */
const BACKEND = {
  user: ['staffs', 'roles', 'permissions', 'audit-logs', 'drivers', 'passengers'],
  trip: [
    'vehicle-types',
    'price-settings',
    'trips',
    'payment-gateways',
    'discounts',
    'issues',
    'sos-contacts',
    'sos-call-logs',
    'driver-transactions',
    'reviews',
    'passenger-transactions',
    'payout-batches',
    'zones',
  ],
};

describe('the resource registry', () => {
  it('declares every backend resource once, on its service, and one panel resource per manifest entry', () => {
    expect(resources.map((resource) => resource.manifest)).toEqual(MANIFEST);
    expect(new Set(resources.map((resource) => resource.name)).size).toBe(resources.length);
    for (const service of ['user', 'trip'] as const) {
      expect(resources.filter((resource) => resource.service === service).map((resource) => resource.name)).toEqual(
        expect.arrayContaining(BACKEND[service]),
      );
    }
  });

  it("mounts resources at the spec's routes", () => {
    expect(Object.fromEntries(resources.map((resource) => [resource.name, resource.path]))).toMatchObject({
      staffs: 'staff-management/staffs',
      roles: 'staff-management/roles',
      permissions: 'staff-management/permissions',
      drivers: 'driver-management/drivers',
      passengers: 'passenger-management/passengers',
      'vehicle-types': 'vehicle-management/vehicles',
      'price-settings': 'price-setting',
      trips: 'trip-management/trips',
      'payment-gateways': 'manage-payment-getwas',
      discounts: 'discounts',
      issues: 'issues',
      'sos-contacts': 'sos-contacts',
      'sos-call-logs': 'sos-call-logs',
      'audit-logs': 'staff-management/audit-logs',
    });
    const routes = resources.flatMap((resource) => [
      resource.path,
      ...(resource.aliasRoutes ?? []).map((alias) => alias.path),
    ]);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('guards each resource with the view permission of its subject', () => {
    for (const resource of resources) {
      expect(resource.permission).toBe(permissionName('view', RESOURCE_SUBJECTS[resource.name]));
    }
  });

  it('finds resources by route and by backend name', () => {
    expect(resourceLookup.find('vehicle-management/vehicles')).toMatchObject({
      name: 'vehicle-types',
      service: 'trip',
    });
    expect(resourceLookup.find('vehicle-types')).toMatchObject({ path: 'vehicle-management/vehicles' });
    expect(resourceLookup.find('vehicleTypes')).toMatchObject({ name: 'vehicle-types' });
    expect(resourceLookup.find('nothing')).toBeUndefined();
  });

  it('splits drivers into approved and unapproved lists by approval', () => {
    const drivers = resources.find((resource) => resource.name === 'drivers');
    expect(drivers?.aliasRoutes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'driver-management/approved-drivers', filter: { approvalStatus: 'approved' } }),
        expect.objectContaining({
          path: 'driver-management/unapproved-drivers',
          // Every status but approved (the server's `unapproved` filter); the queue's own status filter narrows it.
          filter: { unapproved: true },
        }),
      ]),
    );
  });
});

/** A screen a folder writes itself. */
const OwnList = () => null;

describe('a resource folder declares overrides of the generated screens', () => {
  it('gets the generated screens for the rest: without a folder, all of them', () => {
    const generated = panelResource(zoneFares, undefined);
    expect(
      Object.keys(generated)
        .filter((key) => ['list', 'show', 'create', 'edit'].includes(key))
        .sort(),
    ).toEqual(['create', 'edit', 'list', 'show']);
    const own = panelResource(zoneFares, [definePanelOverrides(zoneFares, { list: OwnList, icon: StarIcon })]);
    expect(own.list).toBe(OwnList);
    expect(own.icon).toBe(StarIcon);
    expect(own.show).toBeDefined();
    expect(own.create).toBeDefined();
    expect(own.edit).toBeDefined();
    expect(own).toMatchObject({ name: 'zone-fares', path: 'zone-fares', permission: 'view-Zone' });
  });

  it('leaves out a screen declared absent', () => {
    const readOnly = panelResource(zoneFares, [definePanelOverrides(zoneFares, { show: false, create: false })]);
    expect(readOnly.show).toBeUndefined();
    expect(readOnly.create).toBeUndefined();
    expect(readOnly.edit).toBeDefined();
    expect('show' in readOnly).toBe(false);
  });

  it('gives the hand-written resources exactly the screens they declare, no generated one they turned off', () => {
    const screens = Object.fromEntries(
      resources.map((r) => [r.name, (['list', 'show', 'create', 'edit'] as const).filter((screen) => r[screen])]),
    );
    expect(screens).toMatchObject({
      'audit-logs': ['list'],
      permissions: ['list'],
      'price-settings': ['list'],
      'sos-contacts': ['list', 'create', 'edit'],
      zones: ['list', 'create', 'edit'],
      'payment-gateways': ['list', 'show', 'edit'],
      drivers: ['list', 'show', 'create'],
      issues: ['list', 'show', 'create'],
      trips: ['list', 'show'],
      staffs: ['list', 'show', 'create', 'edit'],
    });
  });

  it('has one way to declare a folder: a folder exporting anything else is refused, by its file', () => {
    expect(Object.keys(panelApi)).toEqual(['definePanelOverrides']);
    const complete = { manifest: zoneFares, name: 'zone-fares', list: OwnList, icon: StarIcon };
    expect(() => panelResource(zoneFares, [complete])).toThrow(
      'src/resources/zone-fares/index.ts exports no definePanelOverrides(<its manifest entry>, { … })',
    );
    expect(() => panelResource(zoneFares, [definePanelOverrides(MANIFEST[0], { list: OwnList })])).toThrow(
      /zone-fares\/index\.ts exports no definePanelOverrides/,
    );
  });
});
