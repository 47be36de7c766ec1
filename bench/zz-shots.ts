// TEMP (not committed): before/after screenshots of /login.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../e2e/support/chromium.ts';
import { openBenchDatabase, seedBenchAdmin, startApp } from './support/harness.ts';

const label = process.argv[2]!;
const out = path.join('/tmp/loginjs-shots', label);
fs.mkdirSync(out, { recursive: true });
const distDir = path.resolve(import.meta.dirname, '../apps/web/dist');
const servedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'finboard-shots-'));
fs.cpSync(distDir, servedDir, { recursive: true });
const environment = await openBenchDatabase('shots', null);
await seedBenchAdmin(environment.database);
const app = await startApp(environment, { webDistDir: servedDir });
const browser = await chromium.launch({ executablePath: findChromium()!, args: CHROMIUM_ARGS, headless: true });
try {
  for (const width of [1440, 390]) {
    const context = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 900 } });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('response', (r) => r.request().resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
    await page.goto(`${app.base}/login`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(out, `login-${width}.png`), fullPage: true });
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForTimeout(800);
    await page.screenshot({ path: path.join(out, `login-${width}-empty.png`), fullPage: true });
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByLabel('Password', { exact: true }).fill('wrong-password-1');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: path.join(out, `login-${width}-wrong.png`), fullPage: true });
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Email').blur();
    await page.waitForTimeout(800);
    await page.screenshot({ path: path.join(out, `login-${width}-bademail.png`), fullPage: true });
    fs.writeFileSync(path.join(out, `scripts-${width}.txt`), scripts.join('\n'));
    await context.close();
  }
} finally {
  await browser.close();
  await app.close();
  await environment.close();
  fs.rmSync(servedDir, { recursive: true, force: true });
}
