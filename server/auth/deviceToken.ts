import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The OWASP "device cookie" (Authentication cheat sheet, account lockout): a browser that signed
 * in to an account holds a signed token naming that account. Its sign-in attempts are counted on
 * their own and are not refused by the account-wide lock that anonymous attempts trip, so a
 * flood of guesses from elsewhere cannot keep the owner out.
 */
export const DEVICE_COOKIE = 'ride_device';
/** Where the browser sends it: the staff sign-in routes only. */
export const DEVICE_COOKIE_PATH = '/api/user/auth';
/** How long a device stays known without signing in again. */
export const DEVICE_TOKEN_MAX_AGE_S = 180 * 24 * 3600;
/** Wrong passwords a device may send for its account within an hour before it is refused too. */
export const DEVICE_FAILURES_PER_HOUR = 10;

export interface DeviceToken {
  staffId: number;
  /** This device's own id, the key of its failure counter. */
  device: string;
}

const keyOf = (secret: string) => createHmac('sha256', secret).update('ride-admin device token').digest();
const mac = (secret: string, payload: string) => createHmac('sha256', keyOf(secret)).update(payload).digest();

/** A new signed token for a browser that has just signed in to `staffId`. */
export function issueDeviceToken(secret: string, staffId: number, now = Date.now()): string {
  const payload = Buffer.from(
    JSON.stringify({ s: staffId, d: randomBytes(12).toString('base64url'), t: Math.floor(now / 1000) }),
  ).toString('base64url');
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

/** The token's account and device when its signature holds and it has not expired. */
export function readDeviceToken(secret: string, token: string | undefined, now = Date.now()): DeviceToken | undefined {
  if (!token || token.length > 300) return undefined;
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return undefined;
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const { s, d, t } = JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
      s: unknown;
      d: unknown;
      t: unknown;
    };
    if (typeof s !== 'number' || typeof d !== 'string' || typeof t !== 'number') return undefined;
    if (now / 1000 - t > DEVICE_TOKEN_MAX_AGE_S) return undefined;
    return { staffId: s, device: d };
  } catch {
    return undefined;
  }
}

/** The Set-Cookie value: httpOnly, SameSite=Strict, only on the sign-in routes; Secure over HTTPS. */
export function deviceCookie(token: string, secure: boolean): string {
  return `${DEVICE_COOKIE}=${token}; Path=${DEVICE_COOKIE_PATH}; Max-Age=${DEVICE_TOKEN_MAX_AGE_S}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

/** One cookie's value from a Cookie header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim();
  }
  return undefined;
}
