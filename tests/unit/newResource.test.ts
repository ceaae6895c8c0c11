import { describe, expect, it } from 'vitest';
import {
  declaredIndexSource,
  fieldSpecOf,
  handlersIndexSource,
  handlersSource,
  manifestOf,
  migrationSource,
  parseArgs,
  singular,
  words,
} from '../../scripts/lib/resourceTemplate';
import { createTableStatements, declaredTable } from '../../server/db/declaredSchema';
import { fieldSchemas } from '../../src/domain/resources/declare';

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

describe('field rules on the command line', () => {
  it('reads required, unique, unique=ci, min, max, maxLength, pattern and default', () => {
    const { fields } = parseArgs([
      'vehicles',
      'plate:text:required:unique=ci:maxLength=12',
      'year:integer:min=1990:max=2030',
      'active:boolean:default=true',
      'colour:enum(white|black|silver):default=white',
      'vehicleTypeId:ref(vehicle-types):required',
      'vin:text:unique:pattern=^[A-Z0-9:]{17}$',
    ]);
    expect(fields).toEqual([
      { name: 'plate', type: { kind: 'text' }, required: true, unique: 'ci', maxLength: 12 },
      { name: 'year', type: { kind: 'integer' }, required: false, min: 1990, max: 2030 },
      { name: 'active', type: { kind: 'boolean' }, required: false, default: true },
      {
        name: 'colour',
        type: { kind: 'enum', values: ['white', 'black', 'silver'] },
        required: false,
        default: 'white',
      },
      { name: 'vehicleTypeId', type: { kind: 'ref', resource: 'vehicle-types' }, required: true },
      { name: 'vin', type: { kind: 'text' }, required: false, unique: true, pattern: '^[A-Z0-9:]{17}$' },
    ]);
    expect(fieldSpecOf(fields[1]!)).toEqual({
      type: 'int',
      sort: true,
      filter: true,
      nullable: true,
      min: 1990,
      max: 2030,
    });
  });

  it('reads plain: an integer shown without grouping (a year reads 2018)', () => {
    const [year] = parseArgs(['vehicles', 'year:integer:min=1990:plain']).fields;
    expect(fieldSpecOf(year!)).toMatchObject({ type: 'int', min: 1990, format: 'plain' });
    expect(() => parseArgs(['v', 'a:text:plain'])).toThrow('plain is for integer and number fields');
  });

  it('refuses a rule that does not fit the field, by name', () => {
    expect(() => parseArgs(['v', 'a:boolean:unique'])).toThrow('a boolean cannot be unique');
    expect(() => parseArgs(['v', 'a:number:unique=ci'])).toThrow('unique=ci is for text fields');
    expect(() => parseArgs(['v', 'a:text:min=1'])).toThrow('min is for number, integer and money fields');
    expect(() => parseArgs(['v', 'a:integer:min=1.5'])).toThrow('min of an integer field must be a whole number');
    expect(() => parseArgs(['v', 'a:integer:min=5:max=1'])).toThrow('min is more than max');
    expect(() => parseArgs(['v', 'a:boolean:default=yes'])).toThrow('the default of a boolean is true or false');
    expect(() => parseArgs(['v', 'a:enum(x|y):default=z'])).toThrow('default=z is not one of x, y');
    expect(() => parseArgs(['v', 'a:text:pattern=('])).toThrow('is not a regular expression');
    expect(() => parseArgs(['v', 'a:text:sometimes'])).toThrow('unknown rule sometimes');
  });

  it('writes enum values and every rule into the migration as plain SQL (issue 42: quotes were doubled)', () => {
    const spec = parseArgs([
      'vehicles',
      'plate:text:required:unique=ci',
      'colour:enum(white|black)',
      'year:integer:min=1990:max=2030',
      'active:boolean:default=true',
      'vehicleTypeId:ref(vehicle-types):required',
    ]);
    const statements = createTableStatements(declaredTable(manifestOf(spec), () => 'vehicle_types'));
    expect(statements[0]).toContain('active boolean default true');
    expect(statements).toEqual(
      expect.arrayContaining([
        "alter table vehicles add constraint vehicles_colour_check check (colour in ('white', 'black'))",
        'alter table vehicles add constraint vehicles_year_check check (year >= 1990 and year <= 2030)',
        'create unique index vehicles_plate_key on vehicles (lower(plate))',
        'alter table vehicles add constraint vehicles_vehicle_type_id_fkey foreign key (vehicle_type_id) references vehicle_types(id) on delete restrict',
      ]),
    );
    const source = migrationSource(spec, () => 'vehicle_types');
    expect(source).toContain("check (colour in ('white', 'black'))");
    expect(source).not.toMatch(/check \(colour in \(''white''/);
  });
});

describe('write rules derived from the fields (declareResource)', () => {
  const { create, update } = fieldSchemas(
    {
      plate: { type: 'text', required: true, maxLength: 12 },
      year: { type: 'int', min: 1990, max: 2030, nullable: true },
      active: { type: 'bool', default: true, nullable: true },
      vin: { type: 'text', pattern: '^[A-Z0-9]{17}$', nullable: true },
      createdAt: { type: 'timestamp' },
    },
    { plate: 'Plate', vin: 'VIN' },
  );

  it('refuses what the rules refuse, naming the field', async () => {
    await expect(create.validate({})).rejects.toThrow('Plate is required');
    await expect(create.validate({ plate: 'A', year: 2018.5 })).rejects.toThrow('Year must be a whole number');
    await expect(create.validate({ plate: 'A', year: 2031 })).rejects.toThrow('Year must be at most 2030');
    await expect(create.validate({ plate: 'A', vin: 'x' })).rejects.toThrow('VIN is not in the expected form');
    await expect(create.validate({ plate: 'ABCDEFGHIJKLM' })).rejects.toThrow('Plate must be at most 12 characters');
    await expect(update.validate({ plate: '' })).rejects.toThrow('Plate is required');
  });

  it('fills the defaults on create only, and leaves the server-filled fields out', async () => {
    expect(await create.validate({ plate: 'A' })).toEqual({ plate: 'A', active: true });
    expect(create.getDefault()).toMatchObject({ active: true });
    expect(await update.validate({ year: 2020 })).toEqual({ year: 2020 });
    expect(Object.keys(create.fields)).not.toContain('createdAt');
  });
});

describe('the files new:resource owns', () => {
  it('writes an empty handlers file, listed in server/declared/index.ts, and the declarations by name', () => {
    const spec = parseArgs(['fleet-cars', 'plate:text']);
    expect(handlersSource(spec)).toContain('export default defineDeclaredHandlers(fleetCars, {});');
    expect(handlersIndexSource(['fleetCars.ts', 'buses.ts'])).toContain(
      'export const DECLARED_HANDLERS: readonly DeclaredHandlersOf[] = [buses, fleetCars];',
    );
    expect(declaredIndexSource([{ file: 'fleetCars.ts', name: 'fleet-cars' }])).toContain(
      "export const DECLARED_BY_NAME = { 'fleet-cars': fleetCars } as const;",
    );
  });
});
