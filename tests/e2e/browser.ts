import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const baseUrl = () => inject('baseUrl');

export const ADMIN = { email: 'admin@example.com', password: 'Admin@1234' };
export const DISPATCHER = { email: 'dispatcher@example.com', password: 'Dispatch@1234' };

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export async function newPage(browser: Browser, viewport = { width: 1366, height: 850 }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, baseURL: baseUrl() });
  const page = await context.newPage();
  return { context, page };
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
}

/** Reads the development outbox and returns the newest 6-digit code mailed to an address. */
export async function codeFor(to: string): Promise<string> {
  const outbox = (await (await fetch(`${baseUrl()}/api/dev/outbox`)).json()) as { to: string; text: string }[];
  const code = outbox.find((m) => m.to === to)?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}
