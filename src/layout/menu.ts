import { P } from '../domain/permissions';
import * as resources from '../domain/resources';
import { MANIFEST, viewPermission, type ResourceManifest } from '../domain/resources';
import type { appMessages } from '../i18n/en';

/**
 * The spec's menu table as data, and the pure rules that filter it by the
 * role's permissions and by the search box. Link paths follow the route table
 * (the routes that exist). Labels live in src/i18n/en.ts under app.menu.<id>.
 */
export type MenuId = Exclude<keyof typeof appMessages.app.menu, 'search' | 'label'>;

/** The icons a menu entry (and a manifest entry's `menu.icon`) may name; src/layout/menuIcons.ts draws each. */
export const MENU_ICON_NAMES = [
  'dashboard',
  'staff',
  'staffs',
  'roles',
  'permissions',
  'auditLog',
  'drivers',
  'approvedDrivers',
  'unapprovedDrivers',
  'driverPayouts',
  'vehicles',
  'trips',
  'passengers',
  'gateways',
  'prices',
  'zones',
  'discounts',
  'issues',
  'sosContacts',
  'sosCallLogs',
  'reports',
  'revenueReport',
  'revenueLetter',
  'tripReport',
  'driverRevenue',
  'dispatcher',
  /** A generated resource's default. */
  'declared',
] as const;

export type MenuIconName = (typeof MENU_ICON_NAMES)[number];

export interface MenuLeaf {
  id: MenuId;
  path: string;
  icon: MenuIconName;
  /** All of them are needed; none means always shown. */
  permissions: readonly string[];
  /** Other pages of the route table that belong to this entry (e.g. the spec's /staff-management/create). */
  alsoActiveAt?: readonly string[];
}

export interface MenuGroup extends MenuLeaf {
  children: readonly MenuLeaf[];
}

export type MenuEntry = MenuLeaf | MenuGroup;

export const isMenuGroup = (entry: MenuEntry): entry is MenuGroup => 'children' in entry;

export const menuLabelKey = (entry: MenuEntry) => `app.menu.${entry.id}`;

const isMenuIcon = (icon: string): icon is MenuIconName => (MENU_ICON_NAMES as readonly string[]).includes(icon);

/**
 * The menu entry a manifest entry declares (`menu: { id, icon, group? }`): its id, its icon, the
 * route of its list and its view permission. A generated resource's id is not in src/i18n/en.ts'
 * app.menu: the i18n provider adds its label from the manifest's `labels`. An unknown icon falls
 * back to the generated resources' one (tests/unit/menu.test.ts fails on it).
 */
export function resourceLeaf(resource: ResourceManifest, extra: Pick<MenuLeaf, 'alsoActiveAt'> = {}): MenuLeaf {
  const menu = resource.menu;
  if (!menu || 'none' in menu) throw new Error(`${resource.name} declares no menu entry (its manifest's \`menu\`)`);
  return {
    id: menu.id as MenuId,
    icon: isMenuIcon(menu.icon) ? menu.icon : 'declared',
    path: `/${resource.path}`,
    permissions: [viewPermission(resource)],
    ...extra,
  };
}

/**
 * The spec's menu table with the entries of manifest resources it does not place (generated ones):
 * in their `group` when it is one of the table's groups, else at the end.
 */
export function withDeclaredEntries(menu: readonly MenuEntry[], manifests: readonly ResourceManifest[]): MenuEntry[] {
  const placed = new Set(
    menu.flatMap((entry) => [entry.id, ...(isMenuGroup(entry) ? entry.children : []).map((c) => c.id)]),
  );
  const extra = manifests.filter((m) => m.menu && !('none' in m.menu) && !placed.has(m.menu.id as MenuId));
  const groupOf = (m: ResourceManifest) => (m.menu && 'group' in m.menu ? m.menu.group : undefined);
  const grouped = menu.map((entry) => {
    if (!isMenuGroup(entry)) return entry;
    const joining = extra.filter((m) => groupOf(m) === entry.id);
    return joining.length ? { ...entry, children: [...entry.children, ...joining.map((m) => resourceLeaf(m))] } : entry;
  });
  const groups = new Set(menu.filter(isMenuGroup).map((entry) => entry.id as string));
  const topLevel = extra.filter((m) => !groups.has(groupOf(m) ?? '')).map((m) => resourceLeaf(m));
  return [...grouped, ...topLevel];
}

const SPEC_MENU: readonly MenuEntry[] = [
  { id: 'dashboard', path: '/', icon: 'dashboard', permissions: [] },
  {
    id: 'staffManagement',
    path: '/staff-management',
    icon: 'staff',
    permissions: [],
    children: [
      resourceLeaf(resources.staffs, { alsoActiveAt: ['/staff-management/create'] }),
      resourceLeaf(resources.roles, { alsoActiveAt: ['/role-management/roles'] }),
      resourceLeaf(resources.permissions, { alsoActiveAt: ['/role-management/permissions'] }),
      // Not in the spec's table: the audit log of issue 6, under the group it belongs to.
      resourceLeaf(resources.auditLogs),
    ],
  },
  {
    id: 'driverManagement',
    path: '/driver-management',
    icon: 'drivers',
    permissions: [P.viewDriver],
    children: [
      {
        id: 'approvedDrivers',
        path: '/driver-management/approved-drivers',
        icon: 'approvedDrivers',
        permissions: [P.viewDriver],
      },
      {
        id: 'unapprovedDrivers',
        path: '/driver-management/unapproved-drivers',
        icon: 'unapprovedDrivers',
        permissions: [P.viewDriver],
      },
    ],
  },
  resourceLeaf(resources.vehicleTypes),
  resourceLeaf(resources.trips),
  resourceLeaf(resources.passengers),
  resourceLeaf(resources.paymentGateways),
  resourceLeaf(resources.priceSettings),
  // Not in the spec's menu (issue 32): the zones a booking is checked and priced against.
  resourceLeaf(resources.zones),
  resourceLeaf(resources.discounts),
  resourceLeaf(resources.issues),
  resourceLeaf(resources.sosContacts),
  resourceLeaf(resources.sosCallLogs),
  {
    id: 'reports',
    path: '/reports',
    icon: 'reports',
    permissions: [P.viewReport],
    children: [
      { id: 'revenueReport', path: '/reports/revenue', icon: 'revenueReport', permissions: [P.viewReport] },
      { id: 'driversRevenueLetter', path: '/reports/driver-revenue-letter', icon: 'revenueLetter', permissions: [] },
      // Not in the spec's table, which does not close it: two finished reports of its route table
      // (reports/trip, revenues) that could otherwise only be reached by typing their address.
      { id: 'tripReport', path: '/reports/trip', icon: 'tripReport', permissions: [P.viewReport] },
      { id: 'driverRevenue', path: '/revenues', icon: 'driverRevenue', permissions: [P.viewReport] },
    ],
  },
  { id: 'dispatcher', path: '/dispatcher', icon: 'dispatcher', permissions: [P.viewDispatcherPage] },
];

/** The panel's menu: the spec's table and the declared resources it does not list. */
export const MENU: readonly MenuEntry[] = withDeclaredEntries(SPEC_MENU, MANIFEST);

const holdsAll = (granted: readonly string[], required: readonly string[]) =>
  required.every((permission) => granted.includes(permission));

/**
 * An entry shows only if the role holds all its permissions; a group shows
 * only its permitted children and disappears when none remain.
 */
export function filterMenuByPermissions(entries: readonly MenuEntry[], granted: readonly string[]): MenuEntry[] {
  return entries.flatMap((entry): MenuEntry[] => {
    if (!holdsAll(granted, entry.permissions)) return [];
    if (!isMenuGroup(entry)) return [entry];
    const children = entry.children.filter((child) => holdsAll(granted, child.permissions));
    return children.length > 0 ? [{ ...entry, children }] : [];
  });
}

/** The words of a label or a query, lower-cased: "Report & Analytics" → ["report", "analytics"]. */
export const searchWords = (text: string) =>
  text
    .toLocaleLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * Does a leaf match the query? Its name starts with the query (the spec's rule), or every word of
 * the query starts a word of its name or of its group's name ("revenue" finds "Drivers Revenue
 * Request Letter", "report" every entry of "Report & Analytics", "driv let" the letter).
 */
export function menuEntryMatches(query: string, label: string, groupLabel = ''): boolean {
  const wanted = query.trim().toLocaleLowerCase();
  if (wanted === '' || label.toLocaleLowerCase().startsWith(wanted)) return true;
  const words = [...searchWords(label), ...searchWords(groupLabel)];
  const asked = searchWords(wanted);
  return asked.length > 0 && asked.every((part) => words.some((word) => word.startsWith(part)));
}

/**
 * Keeps the leaf entries that match the query (menuEntryMatches: the start of the name, or words
 * anywhere in the name and its group's name), and the groups that still hold some; a blank query
 * keeps everything.
 */
export function searchMenu(
  entries: readonly MenuEntry[],
  query: string,
  labelOf: (entry: MenuEntry) => string,
): MenuEntry[] {
  if (query.trim() === '') return [...entries];
  return entries.flatMap((entry): MenuEntry[] => {
    if (!isMenuGroup(entry)) return menuEntryMatches(query, labelOf(entry)) ? [entry] : [];
    const children = entry.children.filter((child) => menuEntryMatches(query, labelOf(child), labelOf(entry)));
    return children.length > 0 ? [{ ...entry, children }] : [];
  });
}

/** Is the entry's page the one shown (the dashboard only at `/`, others with their sub-pages)? */
export function isActivePath(entryPath: string, currentPath: string): boolean {
  if (entryPath === '/') return currentPath === '/';
  return currentPath === entryPath || currentPath.startsWith(`${entryPath}/`);
}

/** Is the entry's page, or one of the other pages that belong to it, the one shown? */
export function isActiveEntry(entry: MenuLeaf, currentPath: string): boolean {
  return [entry.path, ...(entry.alsoActiveAt ?? [])].some((path) => isActivePath(path, currentPath));
}

/** The id of the group holding the page shown, if any. */
export function activeGroupId(entries: readonly MenuEntry[], currentPath: string): MenuId | undefined {
  return entries.find(
    (entry) => isMenuGroup(entry) && entry.children.some((child) => isActiveEntry(child, currentPath)),
  )?.id;
}
