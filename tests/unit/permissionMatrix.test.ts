import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, canAccess, PAYOUT_ACTION, SUBJECTS } from '../../src/domain/permissions';
import {
  allSelection,
  columnPermissions,
  columnSelection,
  normalizePermissions,
  rowSelection,
  setAll,
  setCell,
  setColumn,
  setRow,
} from '../../src/resources/roles/permissionMatrixRules';

const subject = (name: string) => SUBJECTS.find((candidate) => candidate.name === name)!;
const trip = subject('Trip');
const report = subject('Report');

describe('the permission matrix', () => {
  it('keeps known names once, in catalogue order', () => {
    expect(normalizePermissions(['view-Trip', 'view-Staff', 'fly-Plane', 'view-Trip'])).toEqual([
      'view-Staff',
      'view-Trip',
    ]);
  });

  it('grants view with a write, and takes the writes away with view', () => {
    expect(setCell([], trip, 'update', true)).toEqual(['view-Trip', 'update-Trip']);
    expect(setCell(['view-Trip', 'create-Trip', 'delete-Trip'], trip, 'view', false)).toEqual([]);
    expect(setCell(['view-Trip', 'create-Trip'], trip, 'create', false)).toEqual(['view-Trip']);
  });

  it('ignores cells a subject does not have', () => {
    expect(setCell(['view-Report'], report, 'delete', true)).toEqual(['view-Report']);
  });

  it('selects and clears rows', () => {
    expect(setRow([], trip, true)).toEqual(['view-Trip', 'create-Trip', 'update-Trip', 'delete-Trip']);
    expect(setRow([], report, true)).toEqual(['view-Report']);
    expect(setRow(['view-Staff', 'view-Trip', 'update-Trip'], trip, false)).toEqual(['view-Staff']);
    expect(rowSelection(['view-Trip'], trip)).toBe('some');
    expect(rowSelection(['view-Report'], report)).toBe('all');
    expect(rowSelection([], trip)).toBe('none');
  });

  it('selects and clears columns over the subjects that have the action', () => {
    const deletes = setColumn([], 'delete', true);
    expect(deletes.filter((name) => name.startsWith('delete-'))).toEqual(columnPermissions('delete'));
    expect(deletes).not.toContain('delete-Report');
    expect(deletes).toContain('view-Trip');
    expect(columnSelection(deletes, 'delete')).toBe('all');
    expect(columnSelection(deletes, 'view')).toBe('some');
    expect(setColumn(deletes, 'delete', false).every((name) => name.startsWith('view-'))).toBe(true);
    expect(setColumn(setAll(true), 'view', false)).toEqual([]);
  });

  it('grants view-Driver with the payout details, and takes them away with it (issue 43)', () => {
    const payouts = subject('DriverPayoutDetails');
    expect(ALL_PERMISSIONS).toContain('update-DriverPayoutDetails');
    expect(ALL_PERMISSIONS).not.toContain('view-DriverPayoutDetails');
    const granted = setCell([], payouts, 'update', true);
    expect(granted).toEqual(['view-Driver', 'update-DriverPayoutDetails']);
    expect(setCell(granted, subject('Driver'), 'view', false)).toEqual([]);
    expect(setRow([], payouts, true)).toEqual(['view-Driver', 'update-DriverPayoutDetails']);
    expect(setRow(granted, subject('Driver'), false)).toEqual([]);
    // The panel asks it for the payout details and the payout batches' steps.
    const finance = ['view-Driver', 'update-DriverPayoutDetails'];
    expect(canAccess(finance, 'payout-batches', 'edit')).toBe(true);
    expect(canAccess(finance, 'payout-batches', 'show')).toBe(true);
    expect(canAccess(finance, 'drivers', PAYOUT_ACTION)).toBe(true);
    expect(canAccess(finance, 'drivers', 'edit')).toBe(false);
    expect(canAccess(['view-Driver', 'update-Driver'], 'payout-batches', 'edit')).toBe(false);
  });

  it('selects everything and nothing', () => {
    expect(setAll(true)).toEqual([...ALL_PERMISSIONS]);
    expect(allSelection(setAll(true))).toBe('all');
    expect(allSelection(['view-Trip'])).toBe('some');
    expect(setAll(false)).toEqual([]);
  });
});
