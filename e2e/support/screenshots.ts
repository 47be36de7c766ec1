import path from 'node:path';
import type { Locator, Page } from 'playwright-core';

/**
 * A screenshot for the docs, when asked for (E2E_SCREENSHOTS=true): docs/screenshots/<name>.png, of the page as
 * it is, or of one part of it taken from the top of the page (below the sticky header). Animations finished: a
 * dialog is photographed open, not fading in.
 */
export async function docScreenshot(page: Page, name: string, part?: Locator): Promise<void> {
  if (process.env.E2E_SCREENSHOTS !== 'true') return;
  const file = path.resolve(import.meta.dirname, '..', '..', 'docs', 'screenshots', `${name}.png`);
  if (!part) return void (await page.screenshot({ path: file, animations: 'disabled' }));
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await part.boundingBox();
  if (!box) throw new Error(`Nothing to photograph for ${name}`);
  await page.screenshot({ path: file, fullPage: true, clip: box, animations: 'disabled' });
}
