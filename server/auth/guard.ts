import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import { ApiError } from '../errors.js';
import type { PrincipalCache } from './principalCache.js';
import type { TokenService } from './tokens.js';
import { refusal } from '../../src/domain/messageCodes.js';

/** The signed-in staff member behind a request. */
export interface StaffPrincipal {
  id: number;
  roleId: number;
  sessionId: string;
  permissions: ReadonlySet<string>;
}

/**
 * What a route needs: 'public' (no token), 'authenticated' (any valid
 * session) or a permission string such as 'view-Staff'. Every /api route
 * must say which, so that no route is left open by omission.
 */
export type Access =
  'public' | 'authenticated' | `${'view' | 'create' | 'update' | 'delete'}-${string}` | readonly string[] | AppAccess;

/** App routes (issue 16): a driver's or a passenger's app token, or either (server/apps/auth). */
export type AppAccess = 'app:driver' | 'app:passenger' | 'app:any';
export const isAppAccess = (access: Access | undefined): access is AppAccess =>
  typeof access === 'string' && access.startsWith('app:');

/** A driver or passenger token on a staff route. */
export const appTokenOnStaffRoute = () => new ApiError(403, refusal('appTokenOnStaffRoute'));

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    staff: StaffPrincipal | null;
  }
}

export const unauthenticated = () => new ApiError(401, refusal('unauthenticated'));
export const loginTimeout = () => new ApiError(401, refusal('loginTimeout'));

export function bearerToken(header: string | undefined): string | undefined {
  const m = header?.match(/^Bearer\s+(\S+)$/i);
  return m?.[1];
}

/**
 * Resolves a token to a live session of an active staff member, with the
 * role's current permissions. With a cache, a known session costs no query.
 */
export async function principalFromToken(
  db: Db,
  tokens: TokenService,
  token: string | undefined,
  cache?: PrincipalCache,
): Promise<StaffPrincipal> {
  if (!token) throw unauthenticated();
  const claims = await tokens.verify(token);
  if (claims === 'expired') throw loginTimeout();
  if (claims === 'invalid') throw unauthenticated();
  if (claims.app) throw appTokenOnStaffRoute();
  const cached = cache?.get(claims.sessionId, claims.staffId);
  if (cached) return cached;
  const row = await db
    .selectFrom('sessions')
    .innerJoin('staffs', 'staffs.id', 'sessions.staffId')
    .select(['staffs.id', 'staffs.roleId', 'sessions.expiresAt'])
    .select(
      sql<
        string[]
      >`coalesce((select array_agg(p.name) from role_permissions rp join permissions p on p.id = rp.permission_id where rp.role_id = staffs.role_id), '{}')`.as(
        'permissions',
      ),
    )
    .where('sessions.id', '=', claims.sessionId)
    .where('sessions.staffId', '=', claims.staffId)
    .where('sessions.revokedAt', 'is', null)
    .where('staffs.status', '=', 'active')
    .executeTakeFirst();
  if (!row) throw unauthenticated();
  if (row.expiresAt.getTime() <= Date.now()) throw loginTimeout();
  const principal = {
    id: row.id,
    roleId: row.roleId,
    sessionId: claims.sessionId,
    permissions: new Set(row.permissions),
  };
  cache?.set(principal, row.expiresAt.getTime());
  return principal;
}

export function missingPermission(principal: StaffPrincipal, access: Access): string | undefined {
  if (access === 'public' || access === 'authenticated') return undefined;
  const needed = typeof access === 'string' ? [access] : access;
  return needed.find((p) => !principal.permissions.has(p));
}

/** Throws 403 naming the permission when the principal lacks it. */
export function assertPermission(principal: StaffPrincipal, permission: string): void {
  if (!principal.permissions.has(permission)) throw new ApiError(403, refusal('missingPermission', { permission }));
}

/**
 * Adds authentication and the permission check to every /api route from its
 * `config.access`, and refuses to start when an /api route declares none.
 */
export function installAccessControl(
  app: FastifyInstance,
  db: Db,
  tokens: TokenService,
  cache?: PrincipalCache,
  appCheck?: (request: FastifyRequest, access: AppAccess) => Promise<void>,
): void {
  app.decorateRequest('staff', null);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} does not declare config.access`);
    if (access === 'public') return;
    if (isAppAccess(access)) {
      if (!appCheck) throw new Error(`Route ${route.method} ${route.url} needs the apps' authentication`);
      const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
      route.onRequest = [...existing, (request: FastifyRequest) => appCheck(request, access)];
      return;
    }
    const check = async (request: FastifyRequest, _reply: FastifyReply) => {
      request.staff = await principalFromToken(db, tokens, bearerToken(request.headers.authorization), cache);
      const missing = missingPermission(request.staff, access);
      if (missing) throw new ApiError(403, refusal('missingPermission', { permission: missing }));
    };
    // onRequest: a caller without a session learns nothing about the body's validity.
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [...existing, check];
  });
}

/** The principal of a route whose access is not public. */
export function staffOf(request: FastifyRequest): StaffPrincipal {
  if (!request.staff) throw unauthenticated();
  return request.staff;
}
