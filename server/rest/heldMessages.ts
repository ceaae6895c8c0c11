import type { FastifyBaseLogger } from 'fastify';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../db/index.js';
import type { Database } from '../db/schema.js';
import type { Messenger } from '../mail/outbox.js';

export interface HeldText {
  phone: string;
  text: string;
}

/** The time and the timer the hold runs on: the real ones in the server; a test passes its own and moves it. */
export interface HoldClock {
  now(): number;
  schedule(run: () => void, ms: number): { cancel(): void };
}

const realClock: HoldClock = {
  now: () => Date.now(),
  schedule(run, ms) {
    const timer = setTimeout(run, ms);
    timer.unref();
    return { cancel: () => clearTimeout(timer) };
  },
};

/**
 * The texts of an undoable action, held in `held_messages` until its undo window closes (issue 44).
 * `hold` and `cancel` run in the action's and the undo's transactions; `release` sends what is due,
 * each text once across processes (claimed by one UPDATE … SKIP LOCKED). A timer releases them at
 * the window's end; at start, `start()` sends what a stopped process left due and arms for the rest.
 */
export class HeldMessages {
  private readonly timers = new Set<{ cancel(): void }>();
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly messenger: Messenger,
    private readonly log: FastifyBaseLogger,
    private readonly clock: HoldClock = realClock,
  ) {}

  /** The hold's time (the undo window is measured on it). */
  now(): Date {
    return new Date(this.clock.now());
  }

  /** In the action's transaction: its texts wait until `sendAt`, tied to its audit entry. */
  async hold(trx: Transaction<Database>, auditLogId: number, texts: readonly HeldText[], sendAt: Date): Promise<void> {
    if (!texts.length) return;
    await trx
      .insertInto('heldMessages')
      .values(texts.map((t) => ({ auditLogId, phone: t.phone, text: t.text, sendAt })))
      .execute();
  }

  /**
   * In the undo's transaction: the entry's unsent texts are cancelled. Answers whether some had
   * already gone out (the window closed before the undo came): then the undo's own texts are due.
   */
  async cancel(trx: Transaction<Database>, auditLogId: number): Promise<{ alreadySent: boolean }> {
    await trx
      .updateTable('heldMessages')
      .set({ cancelledAt: this.now() })
      .where('auditLogId', '=', auditLogId)
      .where('sentAt', 'is', null)
      .where('cancelledAt', 'is', null)
      .execute();
    const sent = await trx
      .selectFrom('heldMessages')
      .select('id')
      .where('auditLogId', '=', auditLogId)
      .where('sentAt', 'is not', null)
      .executeTakeFirst();
    return { alreadySent: Boolean(sent) };
  }

  /** Sends every held text due by `now` that no undo cancelled; answers how many went out. */
  async release(now: Date = this.now()): Promise<number> {
    const due = await this.db
      .updateTable('heldMessages')
      .set({ sentAt: now })
      .where(
        'id',
        'in',
        this.db
          .selectFrom('heldMessages')
          .select('id')
          .where('sentAt', 'is', null)
          .where('cancelledAt', 'is', null)
          .where('sendAt', '<=', now)
          .orderBy('id')
          .forUpdate()
          .modifyEnd(sql`skip locked`),
      )
      .returning(['id', 'phone', 'text'])
      .execute();
    // Claimed first, sent after: a text whose transport fails is logged, not sent twice.
    for (const message of due.sort((a, b) => a.id - b.id)) {
      try {
        await this.messenger.sendSms(message.phone, message.text);
      } catch (err) {
        this.log.error({ err, heldMessageId: message.id }, 'a held text could not be sent');
      }
    }
    return due.length;
  }

  /** The newest held texts and what became of them (the development outbox's companion). */
  async recent(limit = 100) {
    const rows = await this.db
      .selectFrom('heldMessages')
      .select(['id', 'auditLogId', 'phone', 'text', 'sendAt', 'sentAt', 'cancelledAt'])
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map(({ sentAt, cancelledAt, ...row }) => ({
      ...row,
      state: sentAt ? 'sent' : cancelledAt ? 'cancelled' : 'held',
    }));
  }

  /** After the holding transaction commits: release at `sendAt`. */
  releaseAt(sendAt: Date): void {
    if (this.stopped) return;
    const timer = this.clock.schedule(
      () => {
        this.timers.delete(timer);
        if (!this.stopped) void this.release().catch((err) => this.log.error({ err }, 'held texts not released'));
      },
      Math.max(0, sendAt.getTime() - this.clock.now()),
    );
    this.timers.add(timer);
  }

  /** At start: what is due (the window closed while no process ran) goes now; the rest at its time. */
  async start(): Promise<void> {
    await this.release();
    const waiting = await this.db
      .selectFrom('heldMessages')
      .select('sendAt')
      .distinct()
      .where('sentAt', 'is', null)
      .where('cancelledAt', 'is', null)
      .execute();
    for (const { sendAt } of waiting) this.releaseAt(new Date(sendAt));
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) timer.cancel();
    this.timers.clear();
  }
}
