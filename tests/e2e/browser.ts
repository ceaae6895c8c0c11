import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS } from '../../scripts/lib/chromium.js';

/** This worker's server (each worker has its own: tests/e2e/globalSetup.ts). */
export const baseUrl = () => {
  const urls = inject('baseUrls');
  return urls[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % urls.length];
};

export const ADMIN = { email: 'admin@example.com', password: 'Admin@1234' };
export const DISPATCHER = { email: 'dispatcher@example.com', password: 'Dispatch@1234' };

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS, '--disable-quic'],
  });
}

export async function newPage(
  browser: Browser,
  viewport = { width: 1366, height: 850 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, baseURL: baseUrl() });
  const page = await context.newPage();
  trackApiRequests(page);
  return { context, page };
}

/** The API requests in flight of each page newPage opened (quiet() waits for none). */
const apiInFlight = new WeakMap<Page, Set<Request>>();

function trackApiRequests(page: Page): void {
  const pending = new Set<Request>();
  apiInFlight.set(page, pending);
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) pending.add(request);
  });
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
}

const apiRequestsOf = (page: Page) => apiInFlight.get(page)?.size ?? 0;

/** What the page's global scope offers to page.evaluate callbacks (no DOM types in this tsconfig). */
export interface PageGlobals {
  localStorage: { getItem(key: string): string | null };
  history: { length: number };
  document: {
    documentElement: { scrollWidth: number; clientWidth: number };
    getAnimations(): { playState: string; effect: { getComputedTiming(): { endTime?: number | string } } | null }[];
  };
  requestAnimationFrame(callback: () => void): number;
  MutationObserver: new (callback: () => void) => {
    observe(target: unknown, options: Record<string, boolean>): void;
    disconnect(): void;
  };
}

/**
 * One Chromium for the test file, and `open()` for a page in a fresh context (no storage shared).
 * Contexts close after each test, or only with the browser when `keepContexts` is set (a file
 * whose tests carry one story on in the same pages).
 */
export function browserPerFile({ keepContexts = false } = {}): {
  open(viewport?: { width: number; height: number }): Promise<Page>;
} {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const closeContexts = () => Promise.all(contexts.splice(0).map((context) => context.close()));
  beforeAll(async () => {
    browser = await launch();
  });
  if (!keepContexts) afterEach(closeContexts);
  afterAll(async () => {
    await closeContexts();
    await browser?.close();
  });
  return {
    async open(viewport) {
      const { context, page } = await newPage(browser, viewport);
      contexts.push(context);
      return page;
    },
  };
}

export const pathOf = (page: Page) => new URL(page.url()).pathname;

export async function waitForPath(page: Page, pathname: string, timeout = 15_000): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout });
}

/** Does the page fit the window without a horizontal scroll bar? */
export const fitsWidth = (page: Page) =>
  page.evaluate(() => {
    const root = (globalThis as unknown as PageGlobals).document.documentElement;
    return root.scrollWidth <= root.clientWidth;
  });

/** Waits until no loading screen ('LOADING...') is left. */
export async function settled(page: Page): Promise<void> {
  await expect.poll(() => page.getByTestId('loading-screen').count(), { timeout: 15_000 }).toBe(0);
}

/**
 * Waits for the loaded page: no loading screen or progress bar, no API request in flight (pages from
 * newPage), the document no longer changing (three frames in a row without a mutation; a clock that
 * ticks each second leaves such gaps) and still no request after that, then the finite animations' end.
 */
export async function quiet(page: Page): Promise<void> {
  do {
    await settled(page);
    await expect.poll(() => page.locator('.MuiLinearProgress-root').count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => apiRequestsOf(page), { timeout: 60_000 }).toBe(0);
    await calmDocument(page);
  } while (apiRequestsOf(page) > 0);
  await page.waitForFunction(() =>
    (globalThis as unknown as PageGlobals).document
      .getAnimations()
      .every(
        (animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
}

/** Resolves once three animation frames in a row passed without a change to the document. */
async function calmDocument(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const g = globalThis as unknown as PageGlobals;
        let calmFrames = 0;
        let frames = 0;
        const observer = new g.MutationObserver(() => (calmFrames = 0));
        observer.observe(g.document, { subtree: true, childList: true, attributes: true, characterData: true });
        const frame = () => {
          frames++;
          if (++calmFrames >= 3 || frames > 1_000) {
            observer.disconnect();
            if (calmFrames >= 3) resolve();
            else reject(new Error('the page kept changing for 1,000 frames'));
          } else g.requestAnimationFrame(frame);
        };
        g.requestAnimationFrame(frame);
      }),
  );
}

/** Once the page is quiet, saves a screenshot. */
export async function snap(page: Page, name: string): Promise<void> {
  await quiet(page);
  await shot(page, name);
}

/** The texts of the side menu's entries (links and group buttons) in display order. */
export async function menuEntries(page: Page): Promise<string[]> {
  const entries = page.getByTestId('side-menu').locator('a, [role="button"]');
  return (await entries.allInnerTexts()).map((text) => text.trim());
}

/** Saves a screenshot under test-results/ for a person to look at. */
export async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync('test-results/screens', { recursive: true });
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: false });
}

/** Signs in through the login form and waits for the dashboard. */
export async function signIn(page: Page, account = ADMIN): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
  // The URL changes first; the login page stays on screen until the panel's code is in (a menu opened
  // on it then, such as its language menu, goes away with it).
  await page.getByTestId('top-bar').waitFor({ timeout: 15_000 });
}

/** Reads the development outbox and returns the newest 6-digit code mailed to an address. */
export async function codeFor(to: string): Promise<string> {
  const outbox = (await (await fetch(`${baseUrl()}/api/dev/outbox`)).json()) as { to: string; text: string }[];
  const code = outbox.find((m) => m.to === to)?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

/** A call to the real server's API from the test itself (not the page): status and JSON answer. */
export async function api<T>(
  path: string,
  init: { method?: string; body?: unknown; token?: string } = {},
): Promise<{ status: number; json: T }> {
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  const response = await fetch(`${baseUrl()}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, json: (await response.json()) as T };
}

/** For set-ups: the JSON answer of `/api/<path>` (a POST of `body` when given); an error unless 2xx. */
export async function apiData<T>(path: string, token?: string, body?: unknown): Promise<T> {
  const res = await api<T>(`/api/${path}`, { method: body === undefined ? 'GET' : 'POST', body, token });
  if (res.status < 200 || res.status > 299) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json;
}

/** A simple-rest list path: each query value JSON-encoded (filter, sort, range). */
export const listPath = (path: string, query: Record<string, unknown>) =>
  `${path}?${new URLSearchParams(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)])))}`;

/** A staff member's access token from the API's sign-in (the admin by default). */
export async function staffToken(account = ADMIN): Promise<string> {
  return (await apiData<{ data: { accessToken: string } }>('user/auth/login', undefined, account)).data.accessToken;
}

/**
 * Closes (as false alarms) the SOS alarms still new, so a file that counts the alarm sound or the
 * toasts does not get the escalation (toast and sound, 5 minutes on) of an alarm another file left.
 */
export async function closeNewSosAlarms(token: string): Promise<void> {
  const open = await apiData<{ id: number }[]>(
    listPath('trip/sos-call-logs', { filter: { status: 'new' }, range: [0, 99] }),
    token,
  );
  for (const alarm of open)
    await apiData(`trip/sos-call-logs/${alarm.id}/false-alarm`, token, { note: 'Closed by the end-to-end set-up' });
}
