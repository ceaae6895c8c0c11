import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { E2E_WORKERS } from './tests/e2e/workers';

/**
 * The order the files start in, so that the two workers end together. The longest files start first
 * (a file is one worker's: in CI the accessibility walk, 175 s, started last and ran alone at the end,
 * then the living city's 110 s). The living-city file starts last: its simulator signs 20 approved
 * drivers in and takes them offline when it stops, which changes who is available for every file
 * after it on its worker's server.
 */
const LONGEST_FIRST = ['a11y', 'newResource', 'shell', 'keyboard', 'staff', 'narrow', 'i18n', 'zones'];

class LongestFirstLivingCityLast extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const name = (f: TestSpecification) =>
      f.moduleId
        .split('/')
        .pop()!
        .replace(/\.e2e\.ts$/, '');
    const rank = (f: TestSpecification) => {
      if (name(f) === 'dispatcherLive') return LONGEST_FIRST.length + 1;
      const i = LONGEST_FIRST.indexOf(name(f));
      return i < 0 ? LONGEST_FIRST.length : i;
    };
    // Array.prototype.sort is stable: the rest keep vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

/** Browser tests: real servers (as `npm start` runs it) and the system Chromium, one file at a time per worker. */
export default defineConfig({
  test: {
    name: 'e2e',
    reporters: ['default', './tests/retryReporter.ts', './tests/slowestReporter.ts'],
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/globalSetup.ts'],
    pool: 'forks',
    maxWorkers: E2E_WORKERS,
    minWorkers: 1,
    sequence: { sequencer: LongestFirstLivingCityLast },
    // Only a test that hangs reaches these: its own waits name what they wait for.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // expect.poll ends as soon as the page shows what it waits for; vitest's default bound (1 s) was reached
    // on a loaded machine before the bell showed its count (notifications.e2e.ts needed a retry in CI).
    expect: { poll: { timeout: 30_000 } },
    // One retry, as Playwright's CI default does: on a loaded 2-core runner a page can miss a timing once.
    // A retried test is printed with "(retry x1)" and .ci/run lists it in its summary, so a flake stays visible.
    retry: 1,
  },
});
