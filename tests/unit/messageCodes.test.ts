import { afterEach, describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { errorBody } from '../../server/errors';
import { loginSchema } from '../../src/domain/authRules';
import { requiredName } from '../../src/domain/fieldRules';
import { codeOf, labelKey, messageKey, MONEY_PARAMS, refusal, renderEnglish } from '../../src/domain/messageCodes';
import { refundProblem } from '../../src/domain/refunds';
import { validationMessages } from '../../src/i18n/validation';

const errorsOf = async (validate: () => Promise<unknown>): Promise<string[]> => {
  try {
    await validate();
    return [];
  } catch (error) {
    return (error as ValidationError).errors;
  }
};

const REQUIRED = validationMessages.templates.required;
const HIGHLIGHTED = validationMessages.fixed.highlighted;

describe('message codes', () => {
  afterEach(() => {
    validationMessages.templates.required = REQUIRED;
    validationMessages.fixed.highlighted = HIGHLIGHTED;
  });

  it('names the write rules’ messages by the code they were said with, with their parameters', async () => {
    expect(codeOf(refusal('chooseA', { label: 'vehicle type' }))).toEqual({
      code: 'chooseA',
      params: { label: 'vehicle type' },
    });
    expect(refusal('maxChars', { label: 'First name', max: 80 })).toBe('First name must be at most 80 characters');
    expect(codeOf(refundProblem(900, 500, 0)!)).toEqual({ code: 'refundAtMostFare', params: { fare: '500' } });
    expect(refundProblem(900, 500, 0)).toBe("A refund may be at most KES 500.00, the trip's fare");
    const login = await errorsOf(() => loginSchema.validate({}, { abortEarly: false }));
    expect(login).toEqual(['Email is required', 'Password is required']);
    expect(login.map((m) => codeOf(m)?.code)).toEqual(['emailRequired', 'passwordRequired']);
    const name = await errorsOf(() => requiredName('Last name').validate(''));
    expect(codeOf(name[0])).toEqual({ code: 'required', params: { label: 'Last name' } });
    expect(codeOf('Something nobody said by its code')).toBeUndefined();
  });

  it('keeps a refusal’s code when its English is reworded: codes do not depend on the English text', async () => {
    validationMessages.templates.required = '%{label} has to be filled in';
    validationMessages.fixed.highlighted = 'Some fields need another look';
    const name = await errorsOf(() => requiredName('Last name').validate(''));
    expect(name).toEqual(['Last name has to be filled in']);
    expect(codeOf(name[0])).toEqual({ code: 'required', params: { label: 'Last name' } });
    expect(errorBody(refusal('highlighted'), { lastName: name[0] })).toEqual({
      message: 'Some fields need another look',
      code: 'highlighted',
      params: {},
      errors: { lastName: 'Last name has to be filled in' },
      codes: { lastName: { code: 'required', params: { label: 'Last name' } } },
    });
  });

  it('renders every code’s English from the catalogue, and gives every code a catalogue key', () => {
    for (const group of ['templates', 'notifications', 'fixed'] as const) {
      for (const [code, template] of Object.entries(validationMessages[group])) {
        const names = [...template.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]);
        // Money is given as an amount and written in English ("KES 1.00"); the rest as given.
        const value = (n: string, i: number) => (MONEY_PARAMS.has(n) ? 1 : `x${i}`);
        const written = (n: string, i: number) => (MONEY_PARAMS.has(n) ? 'KES 1.00' : `x${i}`);
        const text = renderEnglish(code as never, Object.fromEntries(names.map((n, i) => [n, value(n, i)])));
        expect(text).toBe(names.reduce((t, n, i) => t.replace(`%{${n}}`, written(n, i)), template));
        expect(messageKey(code)).toBe(`app.validation.${group}.${code}`);
      }
    }
    expect(() => refusal('noSuchCode' as never)).toThrow(/noSuchCode/);
    expect(labelKey('Per-passenger limit')).toBe('perPassengerLimit');
    expect(labelKey('vehicle type')).toBe('vehicleType');
  });
});
