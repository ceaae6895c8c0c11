import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { loginSchema } from '../../src/domain/authRules';
import { requiredName } from '../../src/domain/fieldRules';
import { labelKey, messageCode, messageKey } from '../../src/domain/messageCodes';
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

describe('message codes', () => {
  it('names the write rules’ messages by a stable code with their parameters', async () => {
    expect(messageCode('Choose a vehicle type')).toEqual({ code: 'chooseA', params: { label: 'vehicle type' } });
    expect(messageCode('Choose a vehicle type: the default settings already exist')).toEqual({
      code: 'defaultSettingsExist',
      params: {},
    });
    expect(messageCode('First name must be at most 80 characters')).toEqual({
      code: 'maxChars',
      params: { label: 'First name', max: '80' },
    });
    expect(messageCode(refundProblem(900, 500, 0)!)).toEqual({
      code: 'refundAtMostFare',
      params: { fare: 'KES 500.00' },
    });
    const login = await errorsOf(() => loginSchema.validate({}, { abortEarly: false }));
    expect(login.map((m) => messageCode(m)?.code)).toEqual(['emailRequired', 'passwordRequired']);
    const name = await errorsOf(() => requiredName('Last name').validate(''));
    expect(messageCode(name[0])).toEqual({ code: 'required', params: { label: 'Last name' } });
    expect(messageCode('Something nobody wrote a template for')).toBeUndefined();
  });

  it('gives every template back its own parameters, and every code a catalogue key', () => {
    for (const group of ['templates', 'notifications'] as const) {
      for (const [code, template] of Object.entries(validationMessages[group])) {
        const names = [...template.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]);
        const text = names.reduce((t, n, i) => t.replace(`%{${n}}`, `x${i}`), template);
        const found = messageCode(text);
        expect(found?.params, code).toEqual(Object.fromEntries(names.map((n, i) => [n, `x${i}`])));
        expect(messageKey(found!.code)).toMatch(/^app\.validation\.(templates|notifications)\./);
      }
    }
    for (const [code, text] of Object.entries(validationMessages.fixed)) {
      expect(messageCode(text)?.code).toBe(code);
      expect(messageKey(code)).toBe(`app.validation.fixed.${code}`);
    }
    expect(labelKey('Per-passenger limit')).toBe('perPassengerLimit');
    expect(labelKey('vehicle type')).toBe('vehicleType');
  });
});
