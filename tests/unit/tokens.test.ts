import { describe, expect, it } from 'vitest';
import { TokenService } from '../../server/auth/tokens.js';

const SECRET = 'a-test-secret-of-at-least-32-characters!!';

describe('TokenService.verify', () => {
  it('answers the claims of a good token, again and again', async () => {
    const tokens = new TokenService(SECRET, 60);
    const { token } = await tokens.sign({ staffId: 7, sessionId: 's-1' });
    expect(await tokens.verify(token)).toEqual({ staffId: 7, sessionId: 's-1' });
    expect(await tokens.verify(token)).toEqual({ staffId: 7, sessionId: 's-1' });
  });

  it('answers expired for a token verified earlier once its expiry has passed', async () => {
    const tokens = new TokenService(SECRET, 60);
    const now = Date.now();
    const { token, expiresAt } = await tokens.sign({ staffId: 7, sessionId: 's-1' }, new Date(now));
    expect(await tokens.verify(token, now)).toEqual({ staffId: 7, sessionId: 's-1' });
    expect(await tokens.verify(token, expiresAt.getTime() - 1000)).toEqual({ staffId: 7, sessionId: 's-1' });
    expect(await tokens.verify(token, expiresAt.getTime())).toBe('expired');
    expect(await tokens.verify(token, expiresAt.getTime() + 1000)).toBe('expired');
  });

  it('answers invalid for a tampered copy of a token it has already accepted', async () => {
    const tokens = new TokenService(SECRET, 60);
    const { token } = await tokens.sign({ staffId: 7, sessionId: 's-1' });
    expect(await tokens.verify(token)).not.toBe('invalid');
    const [header, , signature] = token.split('.');
    const payload = Buffer.from(JSON.stringify({ sid: 's-1', sub: '1', exp: 9999999999 })).toString('base64url');
    expect(await tokens.verify(`${header}.${payload}.${signature}`)).toBe('invalid');
    expect(await tokens.verify(`${token}x`)).toBe('invalid');
  });

  it('answers invalid for a token signed with another secret', async () => {
    const other = await new TokenService('another-secret-of-at-least-32-characters', 60).sign({
      staffId: 7,
      sessionId: 's-1',
    });
    expect(await new TokenService(SECRET, 60).verify(other.token)).toBe('invalid');
  });
});
