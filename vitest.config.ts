import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** The component suite's settings, shared by its two projects. */
const component = {
  environment: 'jsdom' as const,
  include: ['tests/component/**/*.test.tsx'],
  setupFiles: ['tests/component/setup.ts'],
  // Waits end as soon as the screen shows what they wait for; these bounds are only for a screen that
  // never does, and are far above what a machine loaded ten times over its cores takes (npm test
  // must pass on a busy laptop, only slower).
  testTimeout: 300_000,
  // One retry, as the browser suite has: whole screens rendered in jsdom on a loaded 2-core runner can
  // miss a wait once. tests/retryReporter.ts names every retried test, and .ci/run lists them in its summary.
  retry: 1,
};

/** Component test files that vi.mock a module of the panel. */
const MOCKING_FILES = ['tests/component/dispatcher.test.tsx', 'tests/component/declaredResource.test.tsx'];

export default defineConfig({
  test: {
    reporters: ['default', './tests/retryReporter.ts', './tests/slowestReporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts'],
          // Pure functions: the files share one module graph per worker instead of importing it each
          // (the suite took 60 s, 28 of them importing; 7 s so). A spy or fake timer a test sets it restores.
          isolate: false,
        },
      },
      {
        plugins: [react()],
        test: {
          ...component,
          name: 'component',
          exclude: MOCKING_FILES,
          // The files share one module graph per worker instead of importing the whole panel each (the suite
          // took 6 min 1 s alone, 113 s of it importing; 4 min 32 s so). renderApp resets the panel's module
          // state (session, storage, query cache, Emotion's sheet) before every render.
          isolate: false,
        },
      },
      {
        plugins: [react()],
        // The files that replace a module of the panel (vi.mock) get a module graph of their own.
        test: { ...component, name: 'component-mocked', include: MOCKING_FILES },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          // *.pg.test.ts need a real PostgreSQL and Redis: only `npm run test:pg` (which sets both) runs them.
          exclude: process.env.DATABASE_URL && process.env.REDIS_URL ? [] : ['tests/server/**/*.pg.test.ts'],
          globalSetup: ['tests/server/globalSetup.ts'],
          // The files share one module graph per worker instead of importing the whole server each (the
          // suite spent 171 s of 439 importing, 27 s so; 394 → 250 CPU-s). Each file boots its own app on
          // its own database; the modules' caches are keyed by app, database or schema, which every file shares.
          isolate: false,
          // As in the component suite: only a test that hangs reaches these. A PDF report fuzzed 50 times took
          // 30 s on PostgreSQL beside the browser suite; a busy machine makes a test slower, never red.
          testTimeout: 300_000,
          hookTimeout: 300_000,
          expect: { poll: { timeout: 30_000 } },
        },
      },
    ],
  },
});
