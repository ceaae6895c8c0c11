import type { Redis } from 'ioredis';
import type { StaffPrincipal } from './guard.js';

/** What invalidates cached principals: one session ended, or access changed for everyone. */
export type AccessChange = { kind: 'session'; sessionId: string } | { kind: 'all' };

const CHANNEL = 'ride-admin:access-changes';

interface Entry {
  principal: StaffPrincipal;
  staffId: number;
  /** The session's own expiry. */
  expiresAt: number;
  cachedAt: number;
}

/**
 * Caches the principal behind a session so that a request costs no database
 * round trip for authentication. Every change that could alter a principal
 * (logout, revocation, deactivation, a role or role assignment change) calls
 * `changed()`, which applies here and, with Redis, in every other process.
 * Entries also age out after `maxAgeMs` as a bound should a message be lost.
 */
export class PrincipalCache {
  private readonly entries = new Map<string, Entry>();
  private subscriber?: Redis;

  constructor(
    private readonly redis?: Redis,
    /** Prefixed to the channel (Config.redisChannelPrefix). */
    private readonly channelPrefix = '',
    private readonly maxAgeMs = 30_000,
    private readonly maxEntries = 20_000,
  ) {}

  /** Starts listening to the other processes' changes. */
  async start(): Promise<void> {
    if (!this.redis) return;
    this.subscriber = this.redis.duplicate();
    this.subscriber.on('message', (_channel, message: string) => this.apply(JSON.parse(message) as AccessChange));
    await this.subscriber.subscribe(this.channelPrefix + CHANNEL);
  }

  async stop(): Promise<void> {
    await this.subscriber?.quit().catch(() => undefined);
  }

  get(sessionId: string, staffId: number, now = Date.now()): StaffPrincipal | undefined {
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    if (entry.staffId !== staffId || entry.expiresAt <= now || now - entry.cachedAt > this.maxAgeMs) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return entry.principal;
  }

  set(principal: StaffPrincipal, expiresAt: number, now = Date.now()): void {
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(principal.sessionId, { principal, staffId: principal.id, expiresAt, cachedAt: now });
  }

  /** Applies a change here and announces it to the other processes. */
  async changed(change: AccessChange): Promise<void> {
    this.apply(change);
    await this.redis?.publish(this.channelPrefix + CHANNEL, JSON.stringify(change));
  }

  private apply(change: AccessChange): void {
    if (change.kind === 'all') this.entries.clear();
    else this.entries.delete(change.sessionId);
  }
}
