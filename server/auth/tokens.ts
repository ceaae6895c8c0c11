import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

const ALG = 'HS256';

/** The apps' token kinds (issue 16); a staff token has none. */
export type AppKind = 'driver' | 'passenger';

export interface TokenClaims {
  /** The staff member, or with `app` the driver's or passenger's id. */
  staffId: number;
  sessionId: string;
  /** Set on driver and passenger app tokens, which staff routes refuse (and app routes require). */
  app?: AppKind;
}

/** How many verified tokens are remembered (a few per signed-in staff member is plenty). */
const VERIFIED_CAPACITY = 10_000;

export class TokenService {
  private readonly key: Uint8Array;
  /**
   * Tokens whose signature already checked out, with their expiry (epoch seconds). A signed token
   * never changes, so a repeat only needs the expiry check; this takes the HMAC and key import off
   * every request. Revocation is the session check's job, not this one's.
   */
  private readonly verified = new Map<string, { claims: TokenClaims; exp: number }>();
  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  newSessionId(): string {
    return randomUUID();
  }

  async sign(claims: TokenClaims, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
    const iat = Math.floor(now.getTime() / 1000);
    const exp = iat + this.ttlSeconds;
    const token = await new SignJWT(claims.app ? { sid: claims.sessionId, app: claims.app } : { sid: claims.sessionId })
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setSubject(String(claims.staffId))
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(this.key);
    return { token, expiresAt: new Date(exp * 1000) };
  }

  /** 'expired' for a well-signed but expired token, 'invalid' for anything else wrong. */
  async verify(token: string, now = Date.now()): Promise<TokenClaims | 'expired' | 'invalid'> {
    const known = this.verified.get(token);
    if (known) {
      // The same rule as jose's: expired once the current second reaches `exp`.
      if (Math.floor(now / 1000) < known.exp) return known.claims;
      this.verified.delete(token);
      return 'expired';
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: [ALG], currentDate: new Date(now) });
      const staffId = Number(payload.sub);
      if (!Number.isInteger(staffId) || typeof payload.sid !== 'string' || typeof payload.exp !== 'number')
        return 'invalid';
      const app = payload.app === 'driver' || payload.app === 'passenger' ? payload.app : undefined;
      if (payload.app !== undefined && !app) return 'invalid';
      const claims: TokenClaims = app ? { staffId, sessionId: payload.sid, app } : { staffId, sessionId: payload.sid };
      if (this.verified.size >= VERIFIED_CAPACITY) this.verified.clear();
      this.verified.set(token, { claims, exp: payload.exp });
      return claims;
    } catch (e) {
      return e instanceof errors.JWTExpired ? 'expired' : 'invalid';
    }
  }
}
