import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

const ALG = 'HS256';

export interface TokenClaims {
  staffId: number;
  sessionId: string;
}

export class TokenService {
  private readonly key: Uint8Array;
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
  async verify(token: string): Promise<TokenClaims | 'expired' | 'invalid'> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: [ALG] });
      const staffId = Number(payload.sub);
      if (!Number.isInteger(staffId) || typeof payload.sid !== 'string') return 'invalid';
      return { staffId, sessionId: payload.sid };
    } catch (e) {
      return e instanceof errors.JWTExpired ? 'expired' : 'invalid';
    }
  }
}
