import { describe, expect, it } from 'vitest';
import { HttpFailure, isFieldValidationFailure } from '../../src/http';
import { groupPermissions } from '../../src/resources/permissions/groupPermissions';
import { fieldChanges, formatAuditValue } from '../../src/resources/shared/auditChangeRules';
import { toCsv } from '../../src/resources/shared/csv';
import { editPath, listPathWithFilter, showPath } from '../../src/resources/shared/recordPaths';
import { staffCreateSchema } from '../../src/resources/staffs/staffValidation';

describe('CSV export', () => {
  it('quotes what needs quoting and keeps formulas as text', () => {
    const csv = toCsv(
      [
        { id: 1, name: 'Ada, "the first"', note: '=HYPERLINK("x")', tags: ['a', 'b'], none: null },
        { id: 2, name: 'Line\nbreak', note: '-5', tags: [], none: undefined },
      ],
      [
        { header: 'ID', value: (r) => r.id },
        { header: 'Name', value: (r) => r.name },
        { header: 'Note', value: (r) => r.note },
        { header: 'Tags', value: (r) => r.tags },
        { header: 'None', value: (r) => r.none },
      ],
    );
    expect(csv.split('\r\n')).toEqual([
      'ID,Name,Note,Tags,None',
      '1,"Ada, ""the first""","\'=HYPERLINK(""x"")","[""a"",""b""]",',
      '2,"Line\nbreak",\'-5,[],',
    ]);
  });
});

describe('audit changes', () => {
  it('lists the changed fields, without bookkeeping columns or unchanged values', () => {
    expect(
      fieldChanges({
        before: { status: 'active', roleId: 2, updatedAt: 'a', permissions: ['x'] },
        after: { status: 'inactive', roleId: 2, updatedAt: 'b', permissions: ['x', 'y'] },
      }),
    ).toEqual([
      { field: 'status', before: 'active', after: 'inactive' },
      { field: 'permissions', before: ['x'], after: ['x', 'y'] },
    ]);
    expect(fieldChanges({ action: 'create', before: null, after: { id: 3, name: 'Temp' } })).toEqual([
      { field: 'name', before: undefined, after: 'Temp' },
    ]);
  });

  it('formats values as short text', () => {
    expect(formatAuditValue(null)).toBe('—');
    expect(formatAuditValue(['a', 'b'])).toBe('a, b');
    expect(formatAuditValue({ a: 1 })).toBe('{"a":1}');
    expect(formatAuditValue(5)).toBe('5');
  });

  it('shows values as the screens do: city time, days, labels of codes, yes and no', () => {
    const words: Record<string, string> = {
      'app.enums.driverApproval.suspended': 'Suspended',
      'app.enums.staffStatus.inactive': 'Inactive',
      'app.enums.tripStatus.in_progress': 'In progress',
      'ra.boolean.true': 'Ndiyo',
    };
    const translate = (key: string, options?: { _: string }) => words[key] ?? options?._ ?? key;
    // 12:04 UTC is 15:04 in Nairobi.
    expect(formatAuditValue('2026-12-07T12:04:27.334Z', translate, { field: 'suspendedAt' })).toBe('7 Dec 2026, 15:04');
    expect(formatAuditValue('2027-03-31', translate, { field: 'insuranceExpiresOn' })).toBe('31 Mar 2027');
    expect(formatAuditValue('suspended', translate, { resource: 'drivers', field: 'approvalStatus' })).toBe(
      'Suspended',
    );
    // `status` says a different enum on each resource.
    expect(formatAuditValue('inactive', translate, { resource: 'staffs', field: 'status' })).toBe('Inactive');
    expect(formatAuditValue('in_progress', translate, { resource: 'trips', field: 'status' })).toBe('In progress');
    expect(formatAuditValue(true, translate)).toBe('Ndiyo');
    expect(formatAuditValue(false, translate)).toBe('No');
    // Free text is shown as written, even one lowercase word.
    expect(formatAuditValue('late', translate, { resource: 'drivers', field: 'suspensionReason' })).toBe('late');
  });
});

describe('grouped permissions', () => {
  it('groups by subject in catalogue order, actions in matrix order', () => {
    const groups = groupPermissions([
      { id: 1, name: 'view-Trip', subject: 'Trip', action: 'view', roles: [] },
      { id: 2, name: 'delete-Staff', subject: 'Staff', action: 'delete', roles: [] },
      { id: 3, name: 'view-Staff', subject: 'Staff', action: 'view', roles: ['Super Admin'] },
      { id: 4, name: 'view-Future', subject: 'Future', action: 'view', roles: [] },
    ]);
    expect(groups.map((group) => [group.label, group.permissions.map((permission) => permission.name)])).toEqual([
      ['Staff', ['view-Staff', 'delete-Staff']],
      ['Trips', ['view-Trip']],
      ['Future', ['view-Future']],
    ]);
  });
});

describe('record paths', () => {
  it("follow the spec's deep links", () => {
    expect(showPath('staff-management/staffs', 7)).toBe('/staff-management/staffs/7');
    expect(editPath('staff-management/staffs', 7)).toBe('/staff-management/staffs/7/edit');
    expect(listPathWithFilter('staff-management/staffs', { roleId: 2 })).toBe(
      '/staff-management/staffs?filter=%7B%22roleId%22%3A2%7D',
    );
  });
});

describe('field validation failures', () => {
  const refused = new HttpFailure(400, 'Please correct the highlighted fields', {
    message: 'x',
    errors: { email: 'Invalid email' },
  });

  it('are left to the form on writes', () => {
    expect(isFieldValidationFailure('POST', refused)).toBe(true);
    expect(isFieldValidationFailure('PUT', new HttpFailure(409, 'in use', { errors: { name: 'in use' } }))).toBe(true);
  });

  it('still open the dialog for reads, messages without fields, and server errors', () => {
    expect(isFieldValidationFailure('GET', refused)).toBe(false);
    expect(isFieldValidationFailure('DELETE', new HttpFailure(409, 'still held', { message: 'still held' }))).toBe(
      false,
    );
    expect(isFieldValidationFailure('POST', new HttpFailure(500, 'boom', { errors: { a: 'b' } }))).toBe(false);
    expect(isFieldValidationFailure('POST', new HttpFailure(400, 'bad', { errors: {} }))).toBe(false);
  });
});

describe('the staff create schema', () => {
  const messages = async (values: object) => {
    try {
      await staffCreateSchema.validate(values, { abortEarly: false });
      return [];
    } catch (error) {
      return (error as { errors: string[] }).errors;
    }
  };

  it('says what is missing', async () => {
    expect(await messages({})).toEqual([
      'First name is required',
      'Last name is required',
      'Choose a role',
      'Email is required',
    ]);
  });

  it('accepts a complete staff member, trimming and lower-casing the email', async () => {
    const valid = await staffCreateSchema.validate({
      firstName: ' Ada ',
      lastName: 'L',
      email: ' Ada@Example.COM ',
      roleId: 2,
      phone: null,
      sex: null,
    });
    expect(valid).toMatchObject({ firstName: 'Ada', email: 'ada@example.com' });
    expect(await messages({ firstName: 'A', lastName: 'B', email: 'a@b.co', roleId: 1, phone: 'abc' })).toEqual([
      'Enter a phone number, such as 0712 345 678 or +254 712 345 678',
    ]);
  });
});
