import path from 'node:path';
import type { Reporter, TestCase } from 'vitest/node';

/**
 * Names every test that passed only on a retry, fast ones included (the default reporter lists a
 * passing test only when it is slow), so that .ci/run's summary shows every flake.
 */
export default class RetryReporter implements Reporter {
  onTestCaseResult(test: TestCase): void {
    const retries = test.diagnostic()?.retryCount ?? 0;
    if (retries > 0 && test.result().state === 'passed') {
      process.stdout.write(
        `passed on retry: ${path.relative(process.cwd(), test.module.moduleId)} > ${test.fullName} (retry x${retries})\n`,
      );
    }
  }
}
