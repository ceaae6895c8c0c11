import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../errors.js';

type Limiter = (request: FastifyRequest) => Promise<void>;

/**
 * A per-email limiter for auth calls (login, forgot, resend, verify). It runs
 * after the body is parsed, so it can key on the address; the per-IP limit is
 * the route's own `config.rateLimit`.
 */
export function perEmailLimiter(app: FastifyInstance, name: string, max: number, bodyField = 'email'): Limiter {
  const check = app.createRateLimit({
    max,
    timeWindow: app.services.config.rateLimits.windowMs,
    keyGenerator: (req) =>
      `${name}:${String((req.body as Record<string, unknown> | undefined)?.[bodyField] ?? '')
        .trim()
        .toLowerCase()}`,
  });
  return async (request) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      throw new ApiError(
        429,
        `Too many attempts for this account. Please wait ${Math.max(1, result.ttlInSeconds)} seconds and try again.`,
      );
    }
  };
}

export function perIpLimit(max: number, windowMs: number) {
  return {
    max,
    timeWindow: windowMs,
    errorResponseBuilder: (_req: FastifyRequest, ctx: { after: string; statusCode: number }) => ({
      statusCode: ctx.statusCode,
      message: `Too many requests. Please try again in ${ctx.after}.`,
    }),
  };
}
