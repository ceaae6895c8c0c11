import type { Db } from '../../db/index.js';
import type { TokenService } from '../../auth/tokens.js';
import type { AppServices } from '../../services.js';

/** Opens a server-side session and signs its access token. */
export async function openSession(db: Db, tokens: TokenService, staffId: number): Promise<string> {
  const sessionId = tokens.newSessionId();
  const { token, expiresAt } = await tokens.sign({ staffId, sessionId });
  await db.insertInto('sessions').values({ id: sessionId, staffId, expiresAt }).execute();
  await db.updateTable('staffs').set({ lastLoginAt: new Date() }).where('id', '=', staffId).execute();
  return token;
}

/** Ends sessions: one (logout) or all of a staff member's (deactivation, password reset). */
export async function revokeSessions(
  services: Pick<AppServices, 'db' | 'events' | 'principals'>,
  by: { sessionId: string } | { staffId: number; exceptSessionId?: string },
): Promise<void> {
  let q = services.db.updateTable('sessions').set({ revokedAt: new Date() }).where('revokedAt', 'is', null);
  if ('sessionId' in by) q = q.where('id', '=', by.sessionId);
  else {
    q = q.where('staffId', '=', by.staffId);
    if (by.exceptSessionId) q = q.where('id', '!=', by.exceptSessionId);
  }
  const ended = await q.returning(['id', 'staffId']).execute();
  for (const s of ended) {
    await services.principals.changed({ kind: 'session', sessionId: s.id });
    services.events.emit('sessionEnded', { sessionId: s.id, staffId: s.staffId });
  }
}
