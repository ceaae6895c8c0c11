import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as domainResources from '../../src/domain/resources/index.js';
import { MANIFEST, type ResourceManifest } from '../../src/domain/resources/index.js';
import type { ResourceDeclaration } from '../../server/rest/declaration.js';
import { DECLARATIONS, declarationProblems } from '../../server/resources.js';
import { startApp, type TestApp } from './harness.js';

/**
 * A resource is one manifest entry (src/domain/resources), one server declaration and one panel
 * folder. These checks fail when one of the three is missing, so the lists that derive from the
 * manifest (the services' registrations, the panel's registry) never silently leave one out.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t?.close());

/** The name under which src/domain/resources exports a manifest entry, e.g. `sosCallLogs`. */
const exportName = (m: ResourceManifest) =>
  Object.entries(domainResources).find(([, value]) => value === m)?.[0] ?? '(not exported)';

describe('every manifest entry is a resource on both sides', () => {
  it('has exactly one server declaration, which takes its name, subject and fields, and every declaration has an entry', () => {
    expect(declarationProblems()).toEqual([]);
    for (const d of DECLARATIONS) {
      const m = MANIFEST.find((entry) => entry.name === d.name)!;
      expect(d.subject, d.name).toBe(m.subject);
      expect(d.fields, d.name).toBe(m.fields);
    }
  });

  it("validates writes with the manifest's rules where the manifest has them, as the panel's forms do", () => {
    const shared = MANIFEST.filter((m) => m.create || m.update).map((m) => m.name);
    expect(shared).toEqual(
      // sos-call-logs has no generic writes: its actions' bodies are shared instead (sosActionBodies).
      expect.arrayContaining(['staffs', 'roles', 'issues', 'sos-contacts', 'reviews']),
    );
    for (const m of MANIFEST.filter((entry) => entry.create || entry.update)) {
      const d = DECLARATIONS.find((declaration) => declaration.name === m.name)!;
      expect(d.create, `${m.name} create`).toBe(m.create);
      expect(d.update, `${m.name} update`).toBe(m.update);
    }
  });

  it('names the missing or extra declaration when they disagree', () => {
    const [first, ...rest] = DECLARATIONS;
    expect(declarationProblems(rest)).toEqual([`manifest entry ${first.name} has no server declaration`]);
    const stray = { ...first, name: 'stray-things' } as ResourceDeclaration;
    expect(declarationProblems([...DECLARATIONS, stray, first])).toEqual([
      `manifest entry ${first.name} has 2 server declarations`,
      'server declaration stray-things has no manifest entry',
    ]);
  });

  it("is registered by its manifest entry's service, and the services register no other resource", () => {
    for (const m of MANIFEST) {
      const url = `/api/${m.service}/${m.name}`;
      expect(t.app.hasRoute({ method: 'GET', url }), `GET ${url}`).toBe(true);
      expect(t.app.hasRoute({ method: 'GET', url: `${url}/:id` }), `GET ${url}/:id`).toBe(true);
    }
    const paths = (t.app.swagger() as { paths: Record<string, { get?: { summary?: string } }> }).paths;
    const lists = Object.entries(paths)
      .filter(([, operations]) => operations.get?.summary?.startsWith('List '))
      .map(([path]) => path)
      .sort();
    expect(lists).toEqual(MANIFEST.map((m) => `/api/${m.service}/${m.name}`).sort());
  });

  it('has a panel folder only to override the generated screens, whose index.ts names this entry', () => {
    for (const m of MANIFEST) {
      const file = `src/resources/${m.name}/index.ts`;
      // No folder: every generated screen serves.
      if (!existsSync(file)) continue;
      const source = readFileSync(file, 'utf8');
      const imported = new RegExp(
        `import \\{[^}]*\\b${exportName(m)}\\b[^}]*\\} from '\\.\\./\\.\\./domain/resources'`,
      );
      expect(source, `${file} imports the manifest entry ${exportName(m)}`).toMatch(imported);
      // The one way a folder declares its screens: overrides of the generated ones.
      expect(source, `${file} calls definePanelOverrides`).toMatch(/\bdefinePanelOverrides\(/);
    }
  });
});
