import { io, type Socket } from 'socket.io-client';
import { SIMULATOR_USER_AGENT } from '../delivery/requestLogs.js';

/** An HTTP error from the API, with its status and message. */
export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** How many of a simulator's API calls are still waiting for their answer. */
export interface CallsInFlight {
  count: number;
}

/** Calls the API as an app would: JSON over HTTP with a bearer token. */
export class ApiClient {
  constructor(
    readonly baseUrl: string,
    public token?: string,
    private readonly inFlight: CallsInFlight = { count: 0 },
  ) {}

  async call<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    this.inFlight.count++;
    try {
      return await this.send<T>(method, path, body);
    } finally {
      this.inFlight.count--;
    }
  }

  private async send<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        'user-agent': `${SIMULATOR_USER_AGENT}/1`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    const json = text ? (JSON.parse(text) as { message?: string }) : {};
    if (!res.ok) throw new ApiCallError(res.status, json.message ?? `HTTP ${res.status}`);
    return json as T;
  }

  socket(namespace: string): Socket {
    return io(`${this.baseUrl}${namespace}`, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token: this.token },
      reconnectionDelay: 1000,
    });
  }
}

interface OutboxEntry {
  to: string;
  channel?: string;
  text: string;
}

/**
 * Signs an app user in by phone: asks for a code, reads it from the development outbox
 * (GET /api/dev/outbox, which exists only where no SMS transport is set, never in production).
 */
export async function signInByPhone(
  baseUrl: string,
  kind: 'driver' | 'passenger',
  phone: string,
  inFlight?: CallsInFlight,
): Promise<ApiClient> {
  const client = new ApiClient(baseUrl, undefined, inFlight);
  await client.call('POST', `/api/trip/apps/${kind}/request-code`, { phone });
  const outbox = await client.call<OutboxEntry[]>('GET', '/api/dev/outbox');
  const code = outbox.find((m) => m.to === phone)?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`No sign-in code reached ${phone} (is the development outbox enabled?)`);
  const { data } = await client.call<{ data: { accessToken: string } }>('POST', `/api/trip/apps/${kind}/sign-in`, {
    phone,
    otp: code,
  });
  client.token = data.accessToken;
  return client;
}
