import type { FastifyRequest } from 'fastify';
import { ApiError } from '../errors.js';
import { bearerToken, loginTimeout, unauthenticated, type AppAccess } from '../auth/guard.js';
import type { AppKind, TokenService } from '../auth/tokens.js';
import type { Db } from '../db/index.js';

/** The driver or passenger behind an app request. */
export interface AppPrincipal {
  kind: AppKind;
  /** The driver's or passenger's id. */
  id: number;
  sessionId: string;
  /** When the token and its session expire (ms since the epoch). */
  expiresAt: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    appUser: AppPrincipal | null;
  }
}

/** Why a driver or passenger may not use the app, or undefined when they may. */
export async function appRefusal(db: Db, kind: AppKind, id: number): Promise<string | undefined> {
  if (kind === 'driver') {
    const d = await db
      .selectFrom('drivers')
      .select(['approvalStatus', 'suspensionReason'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!d) return 'This account no longer exists';
    if (d.approvalStatus === 'suspended')
      return `Your account is suspended${d.suspensionReason ? `: ${d.suspensionReason}` : ''}`;
    if (d.approvalStatus !== 'approved') return 'Your account is not approved yet';
    return undefined;
  }
  const p = await db
    .selectFrom('passengers')
    .select(['status', 'statusReason'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!p) return 'This account no longer exists';
  if (p.status !== 'active') return `Your account is blocked${p.statusReason ? `: ${p.statusReason}` : ''}`;
  return undefined;
}

/**
 * Resolves an app token to a live app session of a driver or passenger who may still use the app.
 * A staff token is a 403 here, as an app token is on staff routes.
 */
export async function appPrincipalFromToken(
  db: Db,
  tokens: TokenService,
  token: string | undefined,
  access: AppAccess,
): Promise<AppPrincipal> {
  if (!token) throw unauthenticated();
  const claims = await tokens.verify(token);
  if (claims === 'expired') throw loginTimeout();
  if (claims === 'invalid') throw unauthenticated();
  if (!claims.app) throw new ApiError(403, 'This is a staff token; app routes need a driver or passenger sign-in');
  if (access !== 'app:any' && access !== `app:${claims.app}`)
    throw new ApiError(403, `This route is for the ${access === 'app:driver' ? 'driver' : 'passenger'} app`);
  const session = await db
    .selectFrom('appSessions')
    .select(['expiresAt'])
    .where('id', '=', claims.sessionId)
    .where('kind', '=', claims.app)
    .where('subjectId', '=', claims.staffId)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  if (!session) throw unauthenticated();
  if (session.expiresAt.getTime() <= Date.now()) throw loginTimeout();
  const refusal = await appRefusal(db, claims.app, claims.staffId);
  if (refusal) throw new ApiError(403, refusal);
  return { kind: claims.app, id: claims.staffId, sessionId: claims.sessionId, expiresAt: session.expiresAt.getTime() };
}

/** The access-control hook of app routes (installAccessControl's appCheck). */
export function appAccessCheck(db: Db, tokens: TokenService) {
  return async (request: FastifyRequest, access: AppAccess) => {
    request.appUser = await appPrincipalFromToken(db, tokens, bearerToken(request.headers.authorization), access);
  };
}

/** The app principal of a route whose access is app:…. */
export function appUserOf(request: FastifyRequest): AppPrincipal {
  if (!request.appUser) throw unauthenticated();
  return request.appUser;
}
