import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

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
          name: 'component',
          environment: 'jsdom',
          include: ['tests/component/**/*.test.tsx'],
          setupFiles: ['tests/component/setup.ts'],
          // Waits end as soon as the screen shows what they wait for; these bounds are only for a screen that
          // never does, and are far above what a machine loaded ten times over its cores takes (npm test
          // must pass on a busy laptop, only slower).
          testTimeout: 300_000,
          // One retry, as the browser suite has: whole screens rendered in jsdom on a loaded 2-core runner can
          // miss a wait once. tests/retryReporter.ts names every retried test, and .ci/run lists them in its summary.
          retry: 1,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          // *.pg.test.ts need a real PostgreSQL and Redis: only `npm run test:pg` (which sets both) runs them.
          exclude: process.env.DATABASE_URL && process.env.REDIS_URL ? [] : ['tests/server/**/*.pg.test.ts'],
          globalSetup: ['tests/server/globalSetup.ts'],
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
