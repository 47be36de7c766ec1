import fs from 'node:fs';
import type { BrowserServer } from 'playwright-core';

/** Debian's Chromium, or CHROME_PATH; undefined when neither exists. */
export function findChromium(): string | undefined {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((candidate): candidate is string => Boolean(candidate && fs.existsSync(candidate)));
}

// Without the background-networking flags Chromium keeps dialling Google on a closed network.
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  // Chromium's headless mode keeps an omnibox popup (two WebUI pages in a renderer of their own) for every
  // context's window, seen at a quarter to a third of a core during a journey for nothing a journey looks at. A
  // second --disable-features may replace Playwright's list instead of adding to it, so the features Playwright
  // disables (playwright-core's chromiumSwitches) are repeated here.
  `--disable-features=${[
    'WebUIOmniboxPopup',
    'WebUIOmniboxAimPopup',
    'AvoidUnnecessaryBeforeUnloadCheckSync',
    'DestroyProfileOnBrowserClose',
    'HttpsUpgrades',
    'HttpsFirstBalancedModeAutoEnable',
    'LensOverlay',
    'MediaRouter',
    'PaintHolding',
    'ThirdPartyStoragePartitioning',
    'AvoidCorsURLLoaderRestartOnRedirect',
    'OptimizationHints',
    'NetworkTimeServiceQuerying',
    'AimEnabled',
    'PreconnectToSearch',
  ].join(',')}`,
];

/** Starts Chromium headless with the flags above, for browsers to connect to (e2e/global-setup.ts). */
export async function startChromium(): Promise<BrowserServer> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('Chromium not found: install Debian chromium or set CHROME_PATH');
  // Imported here: vitest.config.ts loads this module for findChromium and need not load playwright.
  const { chromium } = await import('playwright-core');
  return chromium.launchServer({ executablePath, args: CHROMIUM_ARGS, headless: true });
}
