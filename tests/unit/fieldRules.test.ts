import { beforeAll, describe, expect, it } from 'vitest';
import {
  calendarDay,
  fieldLabel,
  holdsControlCharacters,
  phone,
  PHONE_MESSAGE,
  SHORT_CODE_PHONE_MESSAGE,
  toPhone,
  requiredName,
  textProblem,
  toE164,
  loadPhoneRules,
} from '../../src/domain/fieldRules';

// As the services do before they answer (buildApp); tests/unit/phoneRulesLazy.test.ts covers the rules before that.
beforeAll(() => loadPhoneRules());

describe('phone numbers', () => {
  it('accepts what people type and stores E.164', async () => {
    expect(toE164('+254 712 345 678')).toBe('+254712345678');
    expect(toE164('+1 (415) 555-0100')).toBe('+14155550100');
    await expect(phone().validate('+254 (712) 345-678')).resolves.toBe('+254712345678');
    await expect(phone().validate('')).resolves.toBeNull();
  });

  it('reads a number in the company’s national format (Kenya) as its E.164 form', async () => {
    expect(toE164('0712555019')).toBe('+254712555019');
    expect(toE164('0712 555 019')).toBe('+254712555019');
    expect(toE164('(020) 222-2181')).toBe('+254202222181');
    await expect(phone().validate('0712 345 678')).resolves.toBe('+254712345678');
  });

  it('refuses national numbers that are not Kenyan numbers, letters, and numbers of the wrong length', async () => {
    for (const bad of [
      '0712',
      '071234567890',
      '0012345678',
      '712345678',
      '+0712345678',
      '+254 71x 345 678',
      '+2547',
      '+254712345678901234',
    ]) {
      expect(toE164(bad), bad).toBeUndefined();
      await expect(phone().validate(bad)).rejects.toThrow(PHONE_MESSAGE);
    }
  });
});

describe('emergency numbers: the phone rule with short codes', () => {
  it('takes short codes of 3 to 6 digits and full numbers', async () => {
    const rule = phone({ shortCodes: true });
    await expect(rule.validate('999')).resolves.toBe('999');
    await expect(rule.validate(' 1199 ')).resolves.toBe('1199');
    await expect(rule.validate('+254 20 222 2181')).resolves.toBe('+254202222181');
    expect(toPhone('112', true)).toBe('112');
    expect(toPhone('112')).toBeUndefined();
  });

  it('refuses letters, too short or too long codes, and keeps short codes out of the plain rule', async () => {
    for (const bad of ['99x', 'SOS', '12', '1234567', '+99', 'call 999']) {
      await expect(phone({ shortCodes: true }).validate(bad), bad).rejects.toThrow(SHORT_CODE_PHONE_MESSAGE);
    }
    await expect(phone().validate('999')).rejects.toThrow(PHONE_MESSAGE);
  });
});

describe('names', () => {
  it('requires a name and caps its length, with the label in the message', async () => {
    await expect(requiredName('First name').validate('  Amina ')).resolves.toBe('Amina');
    await expect(requiredName('First name').validate('   ')).rejects.toThrow('First name is required');
    await expect(requiredName('Name', 40).validate('x'.repeat(41))).rejects.toThrow(
      'Name must be at most 40 characters',
    );
  });
});

describe('text values', () => {
  it('names a field from its key', () => {
    expect(fieldLabel('firstName')).toBe('First name');
    expect(fieldLabel('vehicleTypeId')).toBe('Vehicle type');
    expect(fieldLabel('surgeWindows[2].multiplier')).toBe('Multiplier');
  });

  it('refuses values that are not text, and control characters', () => {
    expect(textProblem({ $ne: 1 }, 'First name')).toBe('First name must be text');
    expect(textProblem(42, 'Code')).toBe('Code must be text');
    expect(textProblem('a\u0000b', 'Note', true)).toBe('Note cannot contain control characters');
    expect(textProblem('a\u007f', 'Note', true)).toBe('Note cannot contain control characters');
    expect(textProblem('two\nlines', 'Name')).toBe('Name must be a single line, without tabs');
    expect(textProblem('two\r\n\tlines', 'Note', true)).toBeUndefined();
    expect(textProblem('Ngong Road, Nairobi ✓', 'Address')).toBeUndefined();
  });

  it('finds control characters anywhere inside a JSON value', () => {
    expect(holdsControlCharacters({ q: ['a', { b: 'c\u0000' }] })).toBe(true);
    expect(holdsControlCharacters({ q: 'tab\tand\nline', n: 3, x: null })).toBe(false);
  });
});

describe('calendar days', () => {
  it('takes real days from 1900-01-01 to 2099-12-31, empty as none', async () => {
    const rule = calendarDay('Expiry date');
    await expect(rule.validate('1900-01-01')).resolves.toBe('1900-01-01');
    await expect(rule.validate('2099-12-31')).resolves.toBe('2099-12-31');
    await expect(rule.validate('')).resolves.toBeNull();
    await expect(rule.validate('1899-12-31')).rejects.toThrow('Expiry date must be between 1 Jan 1900 and 31 Dec 2099');
    await expect(rule.validate('2100-01-01')).rejects.toThrow('Expiry date must be between 1 Jan 1900 and 31 Dec 2099');
    await expect(rule.validate('2026-02-29')).rejects.toThrow('Expiry date: use a date such as 2027-12-31');
    await expect(rule.validate('31/12/2027')).rejects.toThrow('Expiry date: use a date such as 2027-12-31');
  });
});
