import type { FastifyError, FastifyInstance } from 'fastify';
import { ONE_ACTIVE_TRIP_PER_DRIVER } from './db/migrations/003_one_active_trip_per_driver.js';
import { codeOf, type MessageCode, refusal } from '../src/domain/messageCodes.js';

/**
 * An error answer: the English message (and field messages), each with the stable code and
 * parameters it was said with (`refusal`, src/i18n/validation.ts), so that a client can show it in
 * its own language.
 */
export function errorBody(message: string, errors?: Record<string, string>) {
  const found = codeOf(message);
  const codes: Record<string, MessageCode> = {};
  for (const [field, text] of Object.entries(errors ?? {})) {
    const code = codeOf(text);
    if (code) codes[field] = code;
  }
  return {
    message,
    ...(found ? { code: found.code, params: found.params } : {}),
    ...(errors ? { errors } : {}),
    ...(Object.keys(codes).length > 0 ? { codes } : {}),
  };
}

/** A request the schema refused (Ajv), said by a code: what is wrong with which field. */
export function validationRefusal(
  v: { keyword: string; params?: Record<string, unknown>; message?: string },
  field: string,
): string {
  const label = field;
  const p = v.params ?? {};
  switch (v.keyword) {
    case 'required':
      return refusal('required', { label });
    case 'additionalProperties':
      return refusal('unknownField', { label });
    case 'maxLength':
      return refusal('maxChars', { label, max: Number(p.limit) });
    case 'minLength':
      return Number(p.limit) <= 1
        ? refusal('required', { label })
        : refusal('minChars', { label, min: Number(p.limit) });
    case 'minimum':
      return refusal('atLeast', { label, min: Number(p.limit) });
    case 'maximum':
      return refusal('atMost', { label, max: Number(p.limit) });
    case 'enum':
      return refusal('oneOf', { label, values: ((p.allowedValues as unknown[]) ?? []).join(', ') });
    case 'type':
      if (p.type === 'integer') return refusal('wholeNumber', { label });
      if (p.type === 'number') return refusal('number', { label });
      if (p.type === 'string') return refusal('text', { label });
      if (p.type === 'boolean') return refusal('trueOrFalse', { label });
      return refusal('invalidField', { label });
    case 'format':
    case 'pattern':
      return refusal('pattern', { label });
    default:
      return refusal('invalidField', { label });
  }
}

/** A client error the framework raised (no route, a body too large or unreadable), by its status. */
function genericRefusal(status: number): string {
  if (status === 404) return refusal('notFound');
  if (status === 413) return refusal('tooLarge');
  if (status === 415) return refusal('unsupportedContent');
  if (status === 401) return refusal('unauthenticated');
  return refusal('unreadableRequest');
}

/** An error whose message is safe to show to the client. */
export class ApiError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) => new ApiError(400, message, errors);
/** The rate limiter's refusal: how long until the next request is allowed. */
export const tooManyRequests = (ttlMs: number) =>
  new ApiError(429, refusal('tooManyRequests', { seconds: Math.max(1, Math.ceil(ttlMs / 1000)) }));
export const notFound = (message = refusal('notFound')) => new ApiError(404, message);

const snakeToCamel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** The column a unique or foreign-key violation names in its detail, e.g. `Key (lower(email))=(…)`. */
function columnFromDetail(detail: string | undefined): string | undefined {
  const m = detail?.match(/^Key \((?:lower\()?([a-z_]+)/);
  return m ? snakeToCamel(m[1]) : undefined;
}

interface PgError {
  code?: string;
  detail?: string;
  constraint?: string;
  column?: string;
  table?: string;
}

/** The field a check constraint guards: PostgreSQL names them `<table>_<column>_check`. */
function columnFromCheck(err: PgError): string | undefined {
  const name = err.constraint;
  if (!name?.endsWith('_check')) return undefined;
  const rest = err.table && name.startsWith(`${err.table}_`) ? name.slice(err.table.length + 1) : undefined;
  const column = rest?.replace(/_check$/, '').replace(/\d+$/, '');
  return column && /^[a-z_]+$/.test(column) ? snakeToCamel(column) : undefined;
}

/** Unique constraints whose violation has a meaning of its own, by constraint name. */
const CONSTRAINT_CONFLICTS: Record<string, { field: string; message: string }> = {
  [ONE_ACTIVE_TRIP_PER_DRIVER]: { field: 'driverId', message: refusal('activeTrip') },
};

/** Maps a database error to a client error when it is the client's doing. */
export function fromDatabaseError(err: PgError): ApiError | undefined {
  switch (err.code) {
    case '23505': {
      const known = err.constraint ? CONSTRAINT_CONFLICTS[err.constraint] : undefined;
      if (known) return new ApiError(409, known.message, { [known.field]: known.message });
      const field = columnFromDetail(err.detail);
      return new ApiError(
        409,
        field ? refusal('inUse', { label: field }) : refusal('recordExists'),
        field ? { [field]: refusal('inUse', { label: field }) } : undefined,
      );
    }
    case '23503': {
      const field = columnFromDetail(err.detail);
      if (err.detail?.includes('is still referenced')) return new ApiError(409, refusal('stillInUse'));
      return new ApiError(
        400,
        field ? refusal('referencedMissing', { label: field }) : refusal('referenceMissing'),
        field ? { [field]: refusal('doesNotExist') } : undefined,
      );
    }
    case '23502': {
      const field = err.column ? snakeToCamel(err.column) : undefined;
      return field
        ? new ApiError(400, refusal('required', { label: field }), { [field]: refusal('required', { label: field }) })
        : new ApiError(400, refusal('missingValue'));
    }
    case '23514': {
      const field = columnFromCheck(err);
      return field
        ? new ApiError(400, refusal('fieldNotAllowed', { label: field }), {
            [field]: refusal('fieldNotAllowed', { label: field }),
          })
        : new ApiError(400, refusal('notAllowed'));
    }
    case '22P02':
    case '22007':
    case '22008':
    case '22003':
      return new ApiError(400, refusal('wrongType'));
    default:
      return undefined;
  }
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & PgError & { errors?: Record<string, string> }, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(error.statusCode).send(errorBody(error.message, error.errors));
    }
    if (error.validation) {
      const errors: Record<string, string> = {};
      for (const v of error.validation) {
        const params = v.params as { missingProperty?: string; additionalProperty?: string };
        const field =
          params?.missingProperty ??
          params?.additionalProperty ??
          v.instancePath.replace(/^\//, '').replace(/\//g, '.');
        if (field && !errors[field]) errors[field] = validationRefusal(v, field);
      }
      const first = Object.values(errors)[0];
      return reply.status(400).send(errorBody(first ?? refusal('unreadableRequest'), errors));
    }
    const dbError = fromDatabaseError(error);
    if (dbError) {
      return reply.status(dbError.statusCode).send(errorBody(dbError.message, dbError.errors));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(errorBody(genericRefusal(error.statusCode)));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody(refusal('unexpected')));
  });
}
