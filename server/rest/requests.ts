import { ValidationError, type AnyObject, type ObjectSchema } from 'yup';
import { badRequest, notFound } from '../errors.js';
import { screenInput, withoutFields } from './inputScreen.js';
import { refusal } from '../../src/domain/messageCodes.js';

/**
 * What every route of the engine and the custom routes share to read a request: the id in the URL,
 * the validated body, the OpenAPI schemas of both and of the error answer. Apart from the engine
 * (engine.ts imports it; actions.ts and export.ts too) so that none of them imports another's
 * runtime code in a circle.
 */

/** The record id of a URL: a positive PostgreSQL integer, else 404 (as a record that does not exist). */
export function parseId(raw: string): number {
  if (!/^\d{1,10}$/.test(raw) || Number(raw) > 2147483647) throw notFound(refusal('noSuch', { label: 'record' }));
  return Number(raw);
}

/**
 * Validates a write with yup, answering 400 with a message per field. Values of the wrong JSON type
 * and control characters are screened first (see inputScreen.ts); yup then checks the other fields,
 * so one answer names every problem.
 */
export async function validateBody(schema: ObjectSchema<AnyObject>, body: unknown): Promise<AnyObject> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest(refusal('bodyObject'));
  const errors = screenInput(schema, body as AnyObject);
  const screened = Object.keys(errors);
  const rest = screened.length ? withoutFields(body as AnyObject, screened) : body;
  try {
    const value = await schema.validate(rest, { abortEarly: false, stripUnknown: true });
    if (!screened.length) return value;
  } catch (e) {
    if (!(e instanceof ValidationError)) {
      if (screened.length) throw badRequest(refusal('highlighted'), errors);
      throw e;
    }
    for (const inner of e.inner.length ? e.inner : [e]) errors[inner.path ?? '_'] ??= inner.message;
  }
  throw badRequest(refusal('highlighted'), errors);
}

export const idParams = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] };
const stringMap = { type: 'object', additionalProperties: { type: 'string' } };
/** An error answer (server/errors.ts errorBody): the English, and the codes a client translates it by. */
export const errorSchema = {
  type: 'object',
  properties: {
    message: { type: 'string' },
    code: { type: 'string' },
    params: stringMap,
    errors: stringMap,
    codes: {
      type: 'object',
      additionalProperties: { type: 'object', properties: { code: { type: 'string' }, params: stringMap } },
    },
  },
};

/** "3,1,2" as [3, 1, 2], without a string per id. */
export function parseIdList(text: string): number[] {
  const ids: number[] = [];
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 44) {
      ids.push(n);
      n = 0;
    } else n = n * 10 + (c - 48);
  }
  if (text.length > 0) ids.push(n);
  return ids;
}
