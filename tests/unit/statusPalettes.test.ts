import { describe, expect, it } from 'vitest';
import * as enums from '../../src/domain/enums';
import { auditActionColor, auditActionNames } from '../../src/domain/auditActions';
import { STATUS_ENUMS, STATUS_PALETTES, statusColor, type StatusEnumName } from '../../src/domain/statusPalettes';

const COLORS = ['success', 'warning', 'error', 'info', 'default'];
const names = Object.keys(STATUS_ENUMS) as StatusEnumName[];

describe('status palettes', () => {
  it.each(names)('give every value of %s a palette colour, and nothing else', (name) => {
    const palette = STATUS_PALETTES[name] as Record<string, string>;
    for (const value of STATUS_ENUMS[name]) expect(COLORS, `${name}.${value}`).toContain(palette[value]);
    expect(Object.keys(palette).sort()).toEqual([...STATUS_ENUMS[name]].sort());
  });

  it('cover every status, state, priority, mode and kind enum of the domain', () => {
    const statusLike = Object.entries(enums)
      .filter(([exportName]) => /_(STATUSES|STATES|PRIORITIES|MODES|ACTIONS)$|^TRANSACTION_KINDS$/.test(exportName))
      .map(([, values]) => values);
    const covered = Object.values(STATUS_ENUMS);
    for (const values of statusLike) expect(covered).toContain(values);
  });

  it('colour trip, issue, SOS and transaction states, not only the staff ones', () => {
    expect(statusColor('tripStatus', 'completed')).toBe('success');
    expect(statusColor('tripStatus', 'no_driver_found')).toBe('error');
    expect(statusColor('sosStatus', 'new')).toBe('error');
    expect(statusColor('issueStatus', 'open')).toBe('warning');
    expect(statusColor('transactionKind', 'payout')).toBe('warning');
  });

  it('leave an unknown value neutral, even one named like an object property', () => {
    expect(statusColor('staffStatus', 'archived')).toBe('default');
    expect(statusColor('staffStatus', 'toString')).toBe('default');
  });

  it('colour any audited action by what it does, engine actions included, never grey', () => {
    expect(statusColor('auditAction', 'create')).toBe('success');
    expect(statusColor('auditAction', 'approve-document')).toBe('success');
    expect(statusColor('auditAction', 'reinstate')).toBe('success');
    expect(statusColor('auditAction', 'block')).toBe('error');
    expect(statusColor('auditAction', 'reject-document')).toBe('error');
    expect(statusColor('auditAction', 'cancel')).toBe('error');
    expect(statusColor('auditAction', 'request-reupload')).toBe('warning');
    expect(statusColor('auditAction', 'documents-expired')).toBe('warning');
    expect(statusColor('auditAction', 'assign')).toBe('info');
    expect(statusColor('auditAction', 'toString')).toBe('info');
  });
});

describe('audit action names', () => {
  it('list the plain writes first, then every declared or system action once, sorted', () => {
    expect(auditActionNames([['block', 'unblock'], [], ['assign', 'cancel', 'update']], ['documents-expired'])).toEqual(
      ['create', 'update', 'delete', 'assign', 'block', 'cancel', 'documents-expired', 'unblock'],
    );
    expect(auditActionColor('credit-topup')).toBe('success');
  });
});
