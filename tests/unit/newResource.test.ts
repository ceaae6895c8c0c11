import { describe, expect, it } from 'vitest';
import { parseArgs, singular, words } from '../../scripts/lib/resourceTemplate';

describe('npm run new:resource arguments', () => {
  it('reads the name, the service and typed fields', () => {
    expect(
      parseArgs([
        'vouchers',
        '--service',
        'user',
        'code:text:required',
        'kind:enum(fixed|percent)',
        'driverId:ref(drivers)',
      ]),
    ).toEqual({
      name: 'vouchers',
      service: 'user',
      fields: [
        { name: 'code', type: { kind: 'text' }, required: true },
        { name: 'kind', type: { kind: 'enum', values: ['fixed', 'percent'] }, required: false },
        { name: 'driverId', type: { kind: 'ref', resource: 'drivers' }, required: false },
      ],
    });
    expect(parseArgs(['promotions', 'title:text']).service).toBe('trip');
  });

  it('refuses bad input with a message that says what is wrong', () => {
    expect(() => parseArgs([])).toThrow('The name must be kebab-case');
    expect(() => parseArgs(['Promotions', 'title:text'])).toThrow('The name must be kebab-case');
    expect(() => parseArgs(['promotions'])).toThrow('Declare at least one field');
    expect(() => parseArgs(['promotions', 'title'])).toThrow('Cannot read the field "title"');
    expect(() => parseArgs(['promotions', 'title:string'])).toThrow('"title:string": unknown type string');
    expect(() => parseArgs(['promotions', 'kind:enum(a)'])).toThrow('an enum needs two or more');
    expect(() => parseArgs(['promotions', 'id:number'])).toThrow('must be camelCase and not id');
    expect(() => parseArgs(['promotions', 'a:text', 'a:number'])).toThrow('Field a is declared twice');
    expect(() => parseArgs(['promotions', '--service', 'billing', 'a:text'])).toThrow('--service must be trip or user');
  });

  it('names the subject in the singular and the labels in words', () => {
    expect(singular('promotions')).toBe('promotion');
    expect(singular('categories')).toBe('category');
    expect(singular('address')).toBe('address');
    expect(words('startsAt')).toBe('Starts at');
  });
});
