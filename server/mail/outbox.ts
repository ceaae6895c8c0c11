import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface OutgoingMessage {
  to: string;
  subject: string;
  text: string;
}

export interface OutboxEntry extends OutgoingMessage {
  channel: 'mail' | 'sms';
  createdAt: string;
}

/** Sends mail and SMS. In development both land in an in-memory outbox. */
export interface Messenger {
  sendMail(message: OutgoingMessage): Promise<void>;
  sendSms(phone: string, text: string): Promise<void>;
  /** The development outbox, newest first; undefined when real transports are used. */
  outbox?: OutboxEntry[];
}

const OUTBOX_LIMIT = 200;

/** Posts `{to, text}` to an SMS provider's webhook. */
async function postSms(url: string, to: string, text: string): Promise<void> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ to, text }),
  });
  if (!res.ok) throw new Error(`SMS webhook answered ${res.status}`);
}

export function createMessenger(opts: {
  smtpUrl?: string;
  smsWebhookUrl?: string;
  from: string;
  logger: FastifyBaseLogger;
}): Messenger {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    const { smsWebhookUrl } = opts;
    return {
      async sendMail(m) {
        await transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text });
      },
      async sendSms(phone, text) {
        if (!smsWebhookUrl) throw new Error('SMS_WEBHOOK_URL is not set; cannot send SMS');
        await postSms(smsWebhookUrl, phone, text);
      },
    };
  }
  const outbox: OutboxEntry[] = [];
  const push = (entry: OutboxEntry) => {
    outbox.unshift(entry);
    outbox.length = Math.min(outbox.length, OUTBOX_LIMIT);
    opts.logger.info({ outbox: entry }, `[dev outbox] ${entry.channel} to ${entry.to}: ${entry.subject}`);
  };
  return {
    outbox,
    async sendMail(m) {
      push({ ...m, channel: 'mail', createdAt: new Date().toISOString() });
    },
    async sendSms(phone, text) {
      push({ to: phone, subject: 'SMS', text, channel: 'sms', createdAt: new Date().toISOString() });
    },
  };
}
