import { chromium, type Browser, type BrowserContext, type Download, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest';
import { CHROMIUM_ARGS, findChromium } from './chromium';

export const baseURL = () => inject('baseURL');

/** The screen a journey runs on: the wide screen the app is designed for, or a phone. */
export interface Device {
  viewport: { width: number; height: number };
  isMobile?: boolean;
  hasTouch?: boolean;
}
export const DESKTOP: Device = { viewport: { width: 1440, height: 900 } };
/** A common phone: 390×844 CSS pixels, touch, and the page's own viewport meta tag respected. */
export const PHONE: Device = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/**
 * The run's Chromium (started once by global-setup.ts: a start per file cost seconds on a busy machine), or
 * one of its own when none was provided. Each test still gets a fresh context, so nothing is shared but the
 * process; `close()` on a connected browser only disconnects it.
 */
export async function launchBrowser(): Promise<Browser> {
  const endpoint = inject('chromiumEndpoint');
  if (endpoint) return chromium.connect(endpoint);
  const executablePath = findChromium();
  if (!executablePath) throw new Error('Chromium not found: install Debian chromium or set CHROME_PATH');
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
}

/**
 * A fresh context (no stored session) whose pages record Content-Security-Policy violations,
 * so every journey also proves the built app satisfies our CSP.
 */
export async function newPage(
  browser: Browser,
  device: Device = DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  // Reduced motion, as a reader may ask their system: the app then opens drawers and menus without animating
  // them, so a journey waits on the app, not on transitions (and the shared machine renders less).
  const context = await browser.newContext({ baseURL: baseURL(), reducedMotion: 'reduce', ...device });
  await context.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = violations;
    document.addEventListener('securitypolicyviolation', (event) =>
      violations.push(`${event.violatedDirective}: ${event.blockedURI || event.sample}`),
    );
  });
  const page = await context.newPage();
  return { context, page };
}

export const cspViolations = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);

/**
 * A download's content as text. The journeys' Chromium is a shared browser server they connect to, where
 * `download.path()` is not available: the file is streamed over the connection instead.
 */
export async function downloadedText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Waits until the text is visible anywhere on the page (toasts included). The default allows for a save on a
 * busy CI machine, where a request that takes 1 s alone was measured at 3–4 s; a passing wait costs nothing.
 */
export async function seeText(page: Page, text: string, timeout = 20_000): Promise<void> {
  try {
    await page.getByText(text, { exact: true }).first().waitFor({ state: 'visible', timeout });
  } catch (error) {
    // What the page said instead (an error toast, a field's message) is what a failed journey needs to show.
    const said = await page
      .locator('.ant-message-notice, .ant-notification-notice, .ant-form-item-explain-error, [role="alert"]')
      .allInnerTexts()
      .catch(() => []);
    throw new Error(`"${text}" never showed; the page said: ${JSON.stringify(said)}`, { cause: error });
  }
}

export async function waitForPath(page: Page, pathname: string, timeout = 15_000): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout });
}

/**
 * One browser per file and a fresh context per test; after each test, the page must not have
 * violated the Content-Security-Policy. Returns a getter for the current test's page.
 */
export function usePage(device: Device = DESKTOP): () => Page {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    ({ context, page } = await newPage(browser, device));
  });
  afterEach(async () => {
    expect(await cspViolations(page)).toEqual([]);
    await context.close();
  });
  return () => page;
}
