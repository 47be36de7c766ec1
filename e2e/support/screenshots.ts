import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
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

/**
 * Pictures of a PDF's pages for the docs, when asked for (E2E_SCREENSHOTS=true): docs/screenshots/<name>-<n>.png
 * of each page `n` (from 1), drawn by poppler's pdftoppm.
 */
export function docPdfPages(bytes: Buffer, name: string, pages: readonly number[]): void {
  if (process.env.E2E_SCREENSHOTS !== 'true') return;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'finboard-pdf-'));
  try {
    const file = path.join(dir, 'document.pdf');
    fs.writeFileSync(file, bytes);
    for (const number of pages) {
      const out = path.resolve(import.meta.dirname, '..', '..', 'docs', 'screenshots', `${name}-${number}`);
      const drawn = spawnSync('pdftoppm', [
        '-png',
        '-r',
        '60',
        '-singlefile',
        '-f',
        String(number),
        '-l',
        String(number),
        file,
        out,
      ]);
      if (drawn.status !== 0) throw new Error(`pdftoppm failed: ${drawn.stderr.toString()}`);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
