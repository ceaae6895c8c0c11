import { describe, expect, it } from 'vitest';
import type * as yup from 'yup';
import { declaredTable } from '../../server/db/declaredSchema';
import { fieldSchemas } from '../../src/domain/resources/declare';
import { discounts } from '../../src/domain/resources/discounts';
import { vehicleTypes } from '../../src/domain/resources/vehicleTypes';

/**
 * The words the product's own resources needed beyond those new:resource writes: multi-line text,
 * a pattern's own message, amounts to the cent, fields the service keeps, and refinements for
 * what no field rule says.
 */
describe('field rules: multiline, patternMessage, decimals, readOnly', () => {
  const { create, update } = fieldSchemas(
    {
      note: { type: 'text', maxLength: 300, multiline: true, nullable: true },
      title: { type: 'text', maxLength: 40, nullable: true },
      code: { type: 'text', required: true, pattern: '^[A-Z]{3}$', patternMessage: 'Use three capitals' },
      price: { type: 'number', decimals: 2, min: 0, max: 10_000_000, nullable: true },
      uses: { type: 'int', readOnly: true },
    },
    { note: 'Note', title: 'Title', code: 'Code', price: 'Price' },
  );

  it('takes line breaks in multi-line text only', async () => {
    expect(await create.validate({ code: 'ABC', note: 'one\ntwo' })).toMatchObject({ note: 'one\ntwo' });
    expect((create.fields.note as yup.Schema).describe().meta).toEqual({ multiline: true });
    expect((create.fields.title as yup.Schema).describe().meta).toBeUndefined();
  });

  it('tells a text outside its pattern the declared message', async () => {
    await expect(create.validate({ code: 'abcd' })).rejects.toThrow('Use three capitals');
  });

  it('refuses a third decimal, a negative amount as "cannot be negative", and writes large bounds grouped', async () => {
    await expect(create.validate({ code: 'ABC', price: 1.005 })).rejects.toThrow('Price may have at most 2 decimals');
    await expect(create.validate({ code: 'ABC', price: -1 })).rejects.toThrow('Price cannot be negative');
    await expect(create.validate({ code: 'ABC', price: 10_000_001 })).rejects.toThrow(
      'Price must be at most 10,000,000',
    );
  });

  it('leaves a read-only field out of the write rules and out of the table it manages', () => {
    expect(Object.keys(create.fields)).not.toContain('uses');
    expect(Object.keys(update.fields)).not.toContain('uses');
    const table = declaredTable(
      {
        ...discounts,
        table: 'samples',
        fields: { price: { type: 'number', decimals: 2 }, uses: { type: 'int', readOnly: true } },
      },
      () => undefined,
    );
    expect(table.columns.map((c) => [c.name, c.sqlType])).toEqual([['price', 'numeric(12,2)']]);
    expect(table.kept).toEqual(['uses']);
  });
});

describe('refinements: what a field rule cannot say', () => {
  it('replaces the derived rule of the fields they name, on create and on update', async () => {
    const { create, update } = fieldSchemas(
      { code: { type: 'text', required: true } },
      {},
      { code: (derived, onCreate) => (onCreate ? derived : derived.strip()) },
    );
    expect(await create.validate({ code: 'x' })).toEqual({ code: 'x' });
    expect(await update.validate({ code: 'x' })).toEqual({});
  });

  it('gives discounts an upper-cased code, more than 0 and a validity that ends after it starts', async () => {
    const base = { code: 'pwani-5', name: 'Coast', kind: 'fixed' };
    expect(await discounts.create!.validate({ ...base, value: 50 })).toMatchObject({ code: 'PWANI-5', value: 50 });
    await expect(discounts.create!.validate({ ...base, value: 0 })).rejects.toThrow('Value must be more than 0');
    await expect(
      discounts.create!.validate({
        ...base,
        value: 5,
        validFrom: '2030-02-01T00:00:00Z',
        validTo: '2030-01-01T00:00:00Z',
      }),
    ).rejects.toThrow('Valid to must be after valid from');
  });

  it('leaves a vehicle type’s active state to its actions: an update does not take it', async () => {
    expect(await vehicleTypes.update!.validate({ active: false, seats: 4 }, { stripUnknown: true })).toEqual({
      seats: 4,
    });
    expect(vehicleTypes.create!.getDefault()).toMatchObject({ active: true, cancellationFee: 0 });
  });
});
