import { describe, expect, it } from 'vitest';
import { missingWords } from '../../src/i18n/declaredWords';
import { withManifestLabels } from '../../src/i18n/manifestLabels';
import { vehicles } from '../component/support/declaredVehicles';

/** A generated resource's words: English from its declaration, a locale's from its declared.ts. */
describe('the words of a generated resource', () => {
  const swahili = { vehicles: { name: 'Gari |||| Magari', fields: { plate: 'Namba ya gari' } } };

  it('are the locale’s where it has them, else the declaration’s English, the menu label included', () => {
    const messages = withManifestLabels({ app: { menu: {} } } as never, [vehicles], swahili) as unknown as {
      resources: { vehicles: { name: string; fields: Record<string, string>; actions: unknown } };
      app: { menu: Record<string, string> };
    };
    expect(messages.resources.vehicles.name).toBe('Gari |||| Magari');
    expect(messages.resources.vehicles.fields).toMatchObject({ plate: 'Namba ya gari', year: 'Year' });
    expect(messages.resources.vehicles.actions).toEqual({
      retire: { label: 'Retire vehicle', confirm: 'Retire this vehicle? It leaves the active fleet.' },
    });
    expect(messages.app.menu.vehicles).toBe('Magari');
  });

  it('that a locale lacks are listed by key, with their English (npm run i18n:missing)', () => {
    const missing = missingWords([vehicles], swahili);
    expect(missing).toContainEqual({ key: 'resources.vehicles.fields.year', english: 'Year' });
    expect(missing).toContainEqual({ key: 'resources.vehicles.actions.retire.label', english: 'Retire vehicle' });
    expect(missing.map(({ key }) => key)).not.toContain('resources.vehicles.fields.plate');
    expect(missing.map(({ key }) => key)).not.toContain('resources.vehicles.name');
  });
});
