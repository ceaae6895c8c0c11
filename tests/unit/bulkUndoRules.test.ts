import { describe, expect, it } from 'vitest';
import { doneAuditIds, listedNames } from '../../src/domain/bulk';
import { suspensionEffect } from '../../src/domain/trip';

describe('listedNames', () => {
  const names = (n: number) => Array.from({ length: n }, (_, i) => `Driver ${i + 1}`);
  it('lists every name up to the cap, and one more rather than "and 1 more"', () => {
    expect(listedNames(names(3))).toEqual({ shown: names(3), more: 0 });
    expect(listedNames(names(6))).toEqual({ shown: names(6), more: 0 });
  });
  it('lists the first five of a longer selection and counts the rest', () => {
    expect(listedNames(names(200))).toEqual({ shown: names(5), more: 195 });
  });
});

describe('doneAuditIds', () => {
  it('names the audit entries of the records done, in order', () => {
    expect(
      doneAuditIds([
        { id: 3, status: 'done', message: 'Driver suspended.', auditId: 41 },
        { id: 4, status: 'refused', message: 'This driver is already suspended. Reload the driver.' },
        { id: 5, status: 'done', message: 'Driver suspended.', auditId: 42 },
      ]),
    ).toEqual([41, 42]);
  });
});

describe('suspensionEffect', () => {
  it('takes a trip before pickup from the driver, and leaves one with the passenger aboard', () => {
    expect(suspensionEffect('accepted')).toBe('released');
    expect(suspensionEffect('arrived')).toBe('released');
    expect(suspensionEffect('in_progress')).toBe('aboard');
  });
});
