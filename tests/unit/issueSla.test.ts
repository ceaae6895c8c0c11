import { describe, expect, it } from 'vitest';
import { canMoveIssue, ISSUE_SLA_HOURS, slaBreached, slaOf } from '../../src/domain/issueSla';

const opened = new Date('2026-03-01T08:00:00Z');
const after = (hours: number) => new Date(opened.getTime() + hours * 3_600_000);

describe('issue service levels', () => {
  it('has the targets urgent 1 h, high 4 h, medium 24 h, low 72 h', () => {
    expect(ISSUE_SLA_HOURS).toEqual({ urgent: 1, high: 4, medium: 24, low: 72 });
  });

  it('breaches only once the priority’s hours have fully passed', () => {
    expect(slaBreached('urgent', opened, after(1))).toBe(false);
    expect(slaBreached('urgent', opened, new Date(after(1).getTime() + 1))).toBe(true);
    expect(slaBreached('low', opened, after(72))).toBe(false);
    expect(slaBreached('low', opened, after(72.01))).toBe(true);
  });

  it('turns amber exactly at 75 % and red just past the target', () => {
    const open = (priority: 'urgent' | 'high' | 'medium' | 'low', hours: number) =>
      slaOf({ priority, status: 'open', createdAt: opened }, after(hours)).state;
    expect(open('urgent', 0.7499)).toBe('ok');
    expect(open('urgent', 0.75)).toBe('warning');
    expect(open('urgent', 1)).toBe('warning');
    expect(open('urgent', 1.0001)).toBe('breached');
    expect(open('high', 2.99)).toBe('ok');
    expect(open('high', 3)).toBe('warning');
    expect(open('high', 4.01)).toBe('breached');
    expect(open('medium', 18)).toBe('warning');
    expect(open('medium', 24.01)).toBe('breached');
    expect(open('low', 53.99)).toBe('ok');
    expect(open('low', 54)).toBe('warning');
    expect(open('low', 72.01)).toBe('breached');
  });

  it('stops the clock at the resolution', () => {
    const inTime = slaOf({ priority: 'high', status: 'resolved', createdAt: opened, resolvedAt: after(1) }, after(500));
    expect(inTime).toMatchObject({ state: 'ok', running: false, remainingMs: 3 * 3_600_000 });
    const late = slaOf({ priority: 'urgent', status: 'closed', createdAt: opened, resolvedAt: after(2) }, after(3));
    expect(late).toMatchObject({ state: 'breached', remainingMs: -3_600_000 });
    const running = slaOf({ priority: 'medium', status: 'in_progress', createdAt: opened }, after(20));
    expect(running).toMatchObject({ state: 'warning', running: true, remainingMs: 4 * 3_600_000 });
    expect(running.due).toEqual(after(24));
  });
});

describe('issue moves', () => {
  it('goes open → in progress → resolved → closed, and reopens', () => {
    expect(canMoveIssue('open', 'in_progress')).toBe(true);
    expect(canMoveIssue('in_progress', 'resolved')).toBe(true);
    expect(canMoveIssue('open', 'resolved')).toBe(true);
    expect(canMoveIssue('resolved', 'closed')).toBe(true);
    expect(canMoveIssue('resolved', 'open')).toBe(true);
    expect(canMoveIssue('closed', 'open')).toBe(true);
    expect(canMoveIssue('open', 'closed')).toBe(false);
    expect(canMoveIssue('closed', 'in_progress')).toBe(false);
    expect(canMoveIssue('in_progress', 'open')).toBe(false);
  });
});
