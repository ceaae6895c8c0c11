import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints the ten slowest test files of the run, each with its project and the seconds it took to
 * import and run (`slowest: …` lines, which .ci/run's summary repeats per suite).
 */
export default class SlowestReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const rows = modules.map((m) => {
      const d = m.diagnostic();
      const seconds =
        (d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration) / 1000;
      return { seconds, name: `${m.project.name} ${path.relative(process.cwd(), m.moduleId)}` };
    });
    rows.sort((a, b) => b.seconds - a.seconds);
    const lines = rows.slice(0, 10).map((r) => `slowest: ${r.seconds.toFixed(1).padStart(7)} s  ${r.name}`);
    if (lines.length) process.stdout.write(`\n${lines.join('\n')}\n`);
  }
}
