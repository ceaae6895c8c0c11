import { afterEach, describe, expect, it } from 'vitest';
import { forgetVerifiedCode, rememberVerifiedCode, verifiedCodeFor } from '../../src/auth/verifiedCodeStore';
import {
  passwordEntryPath,
  resetPasswordPath,
  verifyEmailPath,
  wantsSignInAfterCheck,
} from '../../src/customRoutes/auth/authPaths';
import { EMPTY_CODE, completeCode, placeDigits } from '../../src/customRoutes/auth/components/otpDigits';

describe('auth paths', () => {
  it('carry the email (and code) in the query', () => {
    expect(resetPasswordPath('a+b@example.com', '123456')).toBe('/reset-password?email=a%2Bb%40example.com&otp=123456');
    expect(verifyEmailPath('a@example.com', false)).toBe('/verify-email?email=a%40example.com&setPassword=false');
    expect(passwordEntryPath('a@example.com')).toBe('/password-entry?email=a%40example.com');
  });

  it('sign in after the check only for setPassword=false', () => {
    expect(wantsSignInAfterCheck('false')).toBe(true);
    expect(wantsSignInAfterCheck('0')).toBe(true);
    expect(wantsSignInAfterCheck('true')).toBe(false);
    expect(wantsSignInAfterCheck(null)).toBe(false);
  });
});

describe('the verified code store', () => {
  afterEach(forgetVerifiedCode);

  it('keeps the last verified code for its email only', () => {
    rememberVerifiedCode('New@Example.com', '654321');
    expect(verifiedCodeFor('new@example.com ')).toBe('654321');
    expect(verifiedCodeFor('other@example.com')).toBeUndefined();
    forgetVerifiedCode();
    expect(verifiedCodeFor('new@example.com')).toBeUndefined();
  });
});

describe('code entry', () => {
  it('places a typed digit and moves on', () => {
    expect(placeDigits(EMPTY_CODE, 0, '4')).toEqual({ value: '4     ', nextIndex: 1 });
    expect(placeDigits('4     ', 1, '2')).toEqual({ value: '42    ', nextIndex: 2 });
  });

  it('spreads a pasted or filled code over the boxes', () => {
    expect(placeDigits(EMPTY_CODE, 0, '123456')).toEqual({ value: '123456', nextIndex: 5 });
    expect(placeDigits(EMPTY_CODE, 4, '123456')).toEqual({ value: '    12', nextIndex: 5 });
    expect(placeDigits(EMPTY_CODE, 0, ' 12-34 ')).toEqual({ value: '1234  ', nextIndex: 4 });
  });

  it('replaces a digit typed after the existing one', () => {
    expect(placeDigits('1     ', 0, '17')).toEqual({ value: '7     ', nextIndex: 1 });
  });

  it('clears a box emptied or given no digit', () => {
    expect(placeDigits('123456', 2, '')).toEqual({ value: '12 456', nextIndex: 2 });
    expect(placeDigits('123456', 2, 'x')).toEqual({ value: '12 456', nextIndex: 2 });
  });

  it('is complete with six digits only', () => {
    expect(completeCode('123456')).toBe('123456');
    expect(completeCode('12 456')).toBeUndefined();
  });
});
