import { describe, expect, it } from 'vitest';
import { ISSUE_SLA_HOURS, slaBreached } from '../../src/domain/issueSla';

describe('issue service levels', () => {
  const opened = new Date('2026-03-01T08:00:00Z');
  const after = (hours: number) => new Date(opened.getTime() + hours * 3_600_000);
  it('breaches only once the priority’s hours have fully passed', () => {
    expect(slaBreached('urgent', opened, after(4))).toBe(false);
    expect(slaBreached('urgent', opened, after(4.01))).toBe(true);
    expect(slaBreached('low', opened, after(100))).toBe(false);
    expect(slaBreached('low', opened, after(169))).toBe(true);
  });
  it('gives more urgent priorities less time', () => {
    expect(ISSUE_SLA_HOURS.urgent).toBeLessThan(ISSUE_SLA_HOURS.high);
    expect(ISSUE_SLA_HOURS.high).toBeLessThan(ISSUE_SLA_HOURS.medium);
    expect(ISSUE_SLA_HOURS.medium).toBeLessThan(ISSUE_SLA_HOURS.low);
  });
});
