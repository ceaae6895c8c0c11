import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './harness.js';

/** The Content-Security-Policy lets the panel's maps load (MapLibre 6) and nothing more. */
describe('content security policy', () => {
  let t: TestApp;
  let directives: Map<string, string[]>;
  beforeAll(async () => {
    t = await startApp();
    const header = String((await t.call('GET', '/api/docs/')).headers['content-security-policy']);
    directives = new Map(
      header.split(';').map((part) => {
        const [name, ...sources] = part.trim().split(/\s+/);
        return [name, sources] as const;
      }),
    );
  });
  afterAll(() => t?.close());

  it("lets the map fetch the default style host's style, tiles, glyphs and sprites", () => {
    expect(directives.get('connect-src')).toEqual(["'self'", 'ws:', 'wss:', 'https://tiles.openfreemap.org']);
    expect(directives.get('img-src')).toContain('https://tiles.openfreemap.org');
  });

  it("runs MapLibre's worker from our origin or a blob: URL, never with eval", () => {
    expect(directives.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(directives.get('child-src')).toEqual(["'self'", 'blob:']);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect([...directives.values()].flat()).not.toContain("'unsafe-eval'");
  });

  it('keeps every other source on our origin', () => {
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
  });
});
