import { describe, expect, it } from 'vitest';
import * as yup from 'yup';
import type { AnyObjectSchema } from 'yup';
import { forgotSchema, loginSchema, otpField } from '../../src/domain/authRules';
import { issues, reviews, sosCallLogs, sosContacts } from '../../src/domain/resources';
import { sosActionBodies } from '../../src/domain/resources/sosCallLogs';
import { passwordRuleStates, resetPasswordSchema, setPasswordSchema } from '../../src/domain/passwordRules';
import { fieldErrorsFromYup, yupResolver } from '../../src/forms/yupResolver';

/** The message of each invalid field, as the forms show them. */
async function messages(schema: AnyObjectSchema, values: Record<string, unknown>) {
  const result = await yupResolver(schema)(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  return Object.fromEntries(Object.entries(result.errors).map(([field, error]) => [field, error?.message]));
}

describe('login form', () => {
  it('requires the email and the password', async () => {
    expect(await messages(loginSchema, { email: '', password: '' })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
  });

  it('wants a valid email', async () => {
    expect(await messages(loginSchema, { email: 'admin@', password: 'x' })).toEqual({ email: 'Invalid email' });
  });

  it('passes the trimmed values on', async () => {
    const result = await yupResolver(loginSchema)({ email: ' admin@example.com ', password: 'Admin@1234' }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(result).toEqual({ values: { email: 'admin@example.com', password: 'Admin@1234' }, errors: {} });
  });
});

describe('forgot form', () => {
  it('has the same email rules', async () => {
    expect(await messages(forgotSchema, { email: '' })).toEqual({ email: 'Email is required' });
    expect(await messages(forgotSchema, { email: 'nope' })).toEqual({ email: 'Invalid email' });
  });
});

describe('password forms', () => {
  const valid = 'Good@Pass1';

  it.each([
    ['', 'New password is required'],
    ['Ab@1', 'must be at least 8 characters'],
    ['Abcdefgh@1234567890xyz', 'Maximum values allowed are 20 characters'],
    ['ABCDEFG@1', 'must contain at least one lowercase letter'],
    ['abcdefg@1', 'must contain at least one uppercase letter'],
    ['Abcdefg@h', 'must contain at least one number'],
    ['Abcdefgh1', 'must contain at least one special character (@ $ ! % * ? &)'],
  ])('reset password %j -> %s', async (password, message) => {
    expect((await messages(resetPasswordSchema, { password, confirmPassword: password })).password).toBe(message);
  });

  it('set password says `Password is required`', async () => {
    expect((await messages(setPasswordSchema, { password: '', confirmPassword: '' })).password).toBe(
      'Password is required',
    );
  });

  it('requires the confirmation, equal to the password', async () => {
    expect(await messages(setPasswordSchema, { password: valid, confirmPassword: '' })).toEqual({
      confirmPassword: 'confirm password is required',
    });
    expect(await messages(resetPasswordSchema, { password: valid, confirmPassword: 'Other@Pass1' })).toEqual({
      confirmPassword: 'Password not match',
    });
    expect(await messages(resetPasswordSchema, { password: valid, confirmPassword: valid })).toEqual({});
  });

  it('ticks the rules a password meets', () => {
    expect(passwordRuleStates('abc').map((rule) => [rule.id, rule.met])).toEqual([
      ['min', false],
      ['max', true],
      ['lower', true],
      ['upper', false],
      ['number', false],
      ['special', false],
    ]);
    expect(passwordRuleStates(valid).every((rule) => rule.met)).toBe(true);
  });
});

describe('verification code', () => {
  it('is required and 6 digits', async () => {
    await expect(otpField().validate('')).rejects.toThrow('Verification code is required');
    await expect(otpField().validate('12345')).rejects.toThrow('Verification code must be 6 digits');
    await expect(otpField().validate('123456')).resolves.toBe('123456');
  });
});

describe('yupResolver', () => {
  it("puts a nested field's message where react-hook-form reads and clears it", async () => {
    const schema = yup.object({ passenger: yup.object({ phone: yup.string().required('Phone is required') }) });
    const { errors } = await yupResolver(schema)({ passenger: { phone: '' } }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(errors).toEqual({ passenger: { phone: { type: 'required', message: 'Phone is required' } } });
  });
});

describe('fieldErrorsFromYup', () => {
  it('keeps the first message of each field', async () => {
    const error = await resetPasswordSchema
      .validate({ password: 'a', confirmPassword: 'b' }, { abortEarly: false })
      .catch((caught: unknown) => caught);
    expect(fieldErrorsFromYup(error as never)).toEqual({
      password: { type: 'min', message: 'must be at least 8 characters' },
      confirmPassword: { type: 'oneOf', message: 'Password not match' },
    });
  });
});

describe('write rules the panel and the trip service share (issues, SOS contacts and call logs, reviews)', () => {
  it('asks for what a new issue needs, and a description of at least 5 characters', async () => {
    expect(await messages(issues.create!, {})).toEqual({
      tripId: 'Choose the trip',
      reporterKind: 'Say who reports it',
      category: 'Category is required',
      description: 'Description is required',
    });
    expect(
      await messages(issues.create!, { tripId: 3, reporterKind: 'passenger', category: 'other', description: 'bad' }),
    ).toEqual({ description: 'Describe the issue in at least 5 characters' });
    expect(await messages(issues.update!, { assigneeId: 'x' })).toEqual({ assigneeId: 'Choose a staff member' });
  });

  it('takes a short code as an SOS number, and a name', async () => {
    expect(await messages(sosContacts.create!, { name: 'Police', phone: '999' })).toEqual({});
    expect(await messages(sosContacts.create!, { name: ' ', phone: 'call me' })).toEqual({
      name: 'Name is required',
      phone: 'Enter a short code such as 999 or a phone number with its country code',
    });
  });

  it('closes an SOS alarm only with a note saying what happened', async () => {
    expect(sosCallLogs.update).toBeUndefined(); // no generic edit: alarms move through their actions
    expect(await messages(sosActionBodies.resolve, { note: 'Police met the car' })).toEqual({});
    expect(await messages(sosActionBodies.resolve, { note: '   ' })).toEqual({
      note: 'Say how the alarm was resolved',
    });
    expect(await messages(sosActionBodies.falseAlarm, {})).toEqual({ note: 'Say why this was a false alarm' });
    expect(await messages(sosActionBodies.note, { note: 'x'.repeat(4001) })).toEqual({
      note: 'Note must be at most 4000 characters',
    });
  });

  it('rates a trip with a whole number from 1 to 5', async () => {
    const review = { tripId: 7, direction: 'passenger_to_driver' };
    expect(await messages(reviews.create!, { ...review, rating: 5 })).toEqual({});
    expect(await messages(reviews.create!, { ...review, rating: 6 })).toEqual({ rating: 'Rating must be 1 to 5' });
    expect(await messages(reviews.create!, { ...review, rating: 2.5 })).toEqual({
      rating: 'Rating must be a whole number',
    });
  });
});
