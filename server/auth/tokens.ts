import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

const ALG = 'HS256';

export interface TokenClaims {
  staffId: number;
  sessionId: string;
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
    const token = await new SignJWT({ sid: claims.sessionId })
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
      const claims = { staffId, sessionId: payload.sid };
      if (this.verified.size >= VERIFIED_CAPACITY) this.verified.clear();
      this.verified.set(token, { claims, exp: payload.exp });
      return claims;
    } catch (e) {
      return e instanceof errors.JWTExpired ? 'expired' : 'invalid';
    }
  }
}
