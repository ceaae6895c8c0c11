import { beforeEach, describe, expect, it } from 'vitest';
import { HttpFailure, forgetReportedFailures, reportFailure } from '../../src/http';
import { duplicatesErrorDialog } from '../../src/layout/errorToastDeduplication';

beforeEach(forgetReportedFailures);

describe('error toasts next to the error dialog', () => {
  it('are dropped when they repeat a failure the dialog shows', () => {
    const now = 1_000_000;
    reportFailure(new HttpFailure(403, 'Missing permission view-Staff'), now);
    expect(duplicatesErrorDialog({ type: 'error', message: 'Missing permission view-Staff' }, now + 10)).toBe(true);
  });

  it('are kept otherwise', () => {
    const now = 1_000_000;
    reportFailure(new HttpFailure(403, 'Missing permission view-Staff'), now);
    expect(duplicatesErrorDialog({ type: 'error', message: 'Something else' }, now)).toBe(false);
    expect(duplicatesErrorDialog({ type: 'info', message: 'Missing permission view-Staff' }, now)).toBe(false);
    expect(duplicatesErrorDialog({ type: 'error', message: 'Missing permission view-Staff' }, now + 60_000)).toBe(
      false,
    );
  });
});
