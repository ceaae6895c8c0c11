import path from 'node:path';
import type { Reporter, TestCase } from 'vitest/node';

/**
 * Names every test that passed only on a retry, fast ones included (the default reporter lists a
 * passing test only when it is slow, and never says why an attempt failed), with the failed
 * attempts' errors, so that .ci/run's summary shows every flake and its cause.
 */
export default class RetryReporter implements Reporter {
  onTestCaseResult(test: TestCase): void {
    const retries = test.diagnostic()?.retryCount ?? 0;
    const result = test.result();
    if (retries === 0 || result.state !== 'passed') return;
    const lines = [
      `passed on retry: ${path.relative(process.cwd(), test.module.moduleId)} > ${test.fullName} (retry x${retries})`,
    ];
    for (const error of result.errors ?? []) {
      const where = error.stack?.split('\n').find((line) => line.includes('/tests/'));
      lines.push(`  failed attempt: ${error.message.split('\n')[0]}${where ? ` ${where.trim()}` : ''}`);
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}
