import * as yup from 'yup';
import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, SUBJECTS } from '../../src/domain/permissions';
import { MANIFEST, defineManifest, labelField } from '../../src/domain/resources';
import { en } from '../../src/i18n/en';
import { withManifestLabels } from '../../src/i18n/manifestLabels';
import { MENU, withDeclaredEntries } from '../../src/layout/menu';
import { declarationGaps } from './support/declarationGaps';

const messages = withManifestLabels(en) as Record<string, unknown>;

/** A resource as `npm run new:resource -- promotions title:text:required active:boolean` declares it. */
const promotions = defineManifest({
  name: 'promotions',
  service: 'trip',
  subject: 'Promotion',
  path: 'promotions',
  table: 'promotions',
  fields: { title: { type: 'text', sort: true }, active: { type: 'bool', filter: true, nullable: true } },
  label: labelField('title'),
  menu: { id: 'promotions', icon: 'declared' },
  labels: { name: 'Promotion |||| Promotions', fields: { title: 'Title', active: 'Active' } },
  create: yup.object({ title: yup.string().required(), active: yup.boolean() }),
});

describe('every declared resource is complete', () => {
  it.each(MANIFEST.map((m) => [m.name, m] as const))(
    '%s has its permissions, its menu entry (or why not), an icon and its translations',
    (_, manifest) => {
      expect(declarationGaps(manifest, { menu: MENU, messages })).toEqual([]);
    },
  );

  it('says what a resource lacks, by name', () => {
    const bare = { ...promotions, subject: 'Unlisted', menu: undefined, labels: undefined };
    expect(declarationGaps(bare, { menu: MENU, messages: en as Record<string, unknown> })).toEqual([
      'promotions: its subject Unlisted is not in the permission catalogue',
      'promotions: no permission view-Unlisted',
      'promotions: no permission create-Unlisted',
      'promotions: no permission update-Unlisted',
      'promotions: no permission delete-Unlisted',
      'promotions: declares no menu entry (menu: { id, icon } or { none: why })',
      'promotions: no translation resources.promotions.name',
      'promotions: no translation resources.promotions.fields.title',
      'promotions: no translation resources.promotions.fields.active',
    ]);
    const unnamedKind = {
      ...promotions,
      fields: { kind: { type: 'text', enum: ['spring'], enumLabels: 'app.enums.promotionKind' } },
    } as const;
    expect(declarationGaps(unnamedKind, { menu: MENU, messages })).toContain(
      'promotions: no translation app.enums.promotionKind.spring (its field kind)',
    );
    const oddIcon = { ...promotions, menu: { id: 'promotions', icon: 'rocket' } };
    expect(declarationGaps(oddIcon, { menu: MENU, messages })).toContain(
      'promotions: unknown menu icon rocket (src/layout/menu.ts MENU_ICON_NAMES)',
    );
  });

  it("gives a declared resource a menu entry, in its group or after the spec's table, with its label", () => {
    const menu = withDeclaredEntries(MENU, [promotions]);
    expect(menu.at(-1)).toEqual({
      id: 'promotions',
      icon: 'declared',
      path: '/promotions',
      permissions: ['view-Promotion'],
    });
    const grouped = withDeclaredEntries(MENU, [
      { ...promotions, menu: { id: 'promotions', icon: 'declared', group: 'reports' } },
    ]);
    expect(grouped.find((entry) => entry.id === 'reports')).toMatchObject({
      children: expect.arrayContaining([expect.objectContaining({ id: 'promotions' })]),
    });
    const labelled = withManifestLabels(en, [promotions]) as unknown as {
      app: { menu: Record<string, string> };
      resources: Record<string, unknown>;
    };
    expect(labelled.app.menu.promotions).toBe('Promotions');
    expect(labelled.resources.promotions).toEqual({
      name: 'Promotion |||| Promotions',
      fields: { title: 'Title', active: 'Active' },
    });
  });

  it('keeps the named subjects in their order, each with its four permissions when writable', () => {
    expect(SUBJECTS.slice(0, 3).map((s) => s.name)).toEqual(['Staff', 'Role', 'Permissions']);
    for (const m of MANIFEST.filter((entry) => entry.create || entry.update))
      expect(ALL_PERMISSIONS, m.name).toEqual(
        expect.arrayContaining(['view', 'create', 'update', 'delete'].map((a) => `${a}-${m.subject}`)),
      );
  });
});
