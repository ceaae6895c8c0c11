import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, tooManyRequests } from '../../errors.js';
import { refusal } from '../../../src/domain/messageCodes.js';

type Limiter = (request: FastifyRequest) => Promise<void>;

/** A body field as a limit's key: trimmed and lower-cased. */
export const bodyKey = (request: FastifyRequest, field: string) =>
  String((request.body as Record<string, unknown> | undefined)?.[field] ?? '')
    .trim()
    .toLowerCase();

/**
 * A per-email limiter for auth calls (login, forgot, resend, verify). It runs
 * after the body is parsed, so it can key on the address; the per-IP limit is
 * the route's own `config.rateLimit`. `keyOf` keys it otherwise (the canonical
 * phone of the apps' sign-in, the address and account of the staff login).
 */
export function perEmailLimiter(
  app: FastifyInstance,
  name: string,
  max: number,
  keyOf: (request: FastifyRequest) => string = (request) => bodyKey(request, 'email'),
): Limiter {
  const check = app.createRateLimit({
    max,
    timeWindow: app.services.config.rateLimits.windowMs,
    keyGenerator: (req) => `${name}:${keyOf(req)}`,
  });
  return async (request) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      throw new ApiError(429, refusal('tooManyAccountAttempts', { seconds: Math.max(1, result.ttlInSeconds) }));
    }
  };
}

export function perIpLimit(max: number, windowMs: number) {
  return {
    max,
    timeWindow: windowMs,
    errorResponseBuilder: (_req: FastifyRequest, ctx: { ttl: number }) => tooManyRequests(ctx.ttl),
  };
}
