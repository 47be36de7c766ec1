/**
 * Issue 9 §4, acceptance 4: a fast first load. Builds the web app (or uses apps/web/dist when it is newer
 * than its sources), prints per route the JS and CSS files the browser loads with their raw, gzip and
 * brotli sizes (from Vite's manifest), and the login page's gzip JS against its goal. Then serves the
 * build from the real app (PGlite) and measures first contentful paint of /login in Chromium over
 * several cold loads (a fresh browser context each), beside the same server's static HTML page of the
 * same heading with no script (the baseline of the same run).
 * Goals: /login JS ≤ 250 KB gzip; /login FCP median < 1 s.
 *
 *   npm run bench:bundle                 # BENCH_FCP_LOADS (default 9) cold loads per page
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../e2e/support/chromium.ts';
import { openBenchDatabase, percentile, seedBenchAdmin, startApp } from './support/harness.ts';
import { newestMtime } from '../e2e/support/newest-mtime.ts';
import { filesLoadedBy, readManifest, ROUTE_MODULES, sizeOf, type BuiltFile } from '../e2e/support/route-files.ts';

const root = path.resolve(import.meta.dirname, '..');
const webDir = path.join(root, 'apps/web');
const distDir = path.join(webDir, 'dist');
const LOADS = Number(process.env.BENCH_FCP_LOADS ?? 9);
const GOALS = { loginGzipKb: 250, loginFcpMs: 1000 };
const KB = 1024;

function ensureFreshBuild() {
  const manifest = path.join(distDir, '.vite', 'manifest.json');
  const sources = ['src', 'public', 'index.html', 'vite.config.ts'].map((source) => path.join(webDir, source));
  sources.push(path.join(root, 'packages/shared/src'));
  if (fs.existsSync(manifest) && Math.max(...sources.map(newestMtime)) <= fs.statSync(manifest).mtimeMs) {
    console.log('Using the existing build of apps/web (newer than its sources).');
    return;
  }
  console.log('Building apps/web…');
  const build = spawnSync('npm', ['run', 'build', '--workspace', '@finboard/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`npm run build --workspace @finboard/web failed (exit ${build.status})`);
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1).padStart(8)} KB`;
const total = (files: BuiltFile[], size: 'raw' | 'gzip' | 'brotli') => files.reduce((sum, file) => sum + file[size], 0);

function printRoute(label: string, files: BuiltFile[]) {
  console.log(`\n${label}`);
  console.log(`  ${'file'.padEnd(52)} ${'raw'.padStart(11)} ${'gzip'.padStart(11)} ${'brotli'.padStart(11)}`);
  for (const file of [...files].sort((a, b) => b.gzip - a.gzip)) {
    console.log(`  ${file.file.padEnd(52)} ${kb(file.raw)} ${kb(file.gzip)} ${kb(file.brotli)}`);
  }
  console.log(
    `  ${`${files.length} files`.padEnd(52)} ${kb(total(files, 'raw'))} ${kb(total(files, 'gzip'))} ${kb(total(files, 'brotli'))}`,
  );
}

/** Sizes per route; returns the login page's JS, gzip. */
function reportSizes(): number {
  const manifest = readManifest(distDir);
  let loginGzip = 0;
  for (const [label, modules] of Object.entries(ROUTE_MODULES)) {
    const { js, css } = filesLoadedBy(manifest, modules);
    const jsFiles = js.map((file) => sizeOf(distDir, file));
    printRoute(label, [...jsFiles, ...css.map((file) => sizeOf(distDir, file))]);
    if (label === '/login') loginGzip = total(jsFiles, 'gzip');
  }
  const verdict = loginGzip <= GOALS.loginGzipKb * KB ? 'goal met' : 'GOAL MISSED';
  console.log(
    `\n/login JavaScript: ${(loginGzip / KB).toFixed(1)} KB gzip (goal ≤ ${GOALS.loginGzipKb} KB: ${verdict})`,
  );
  return loginGzip;
}

/** The page the baseline loads: the login page's heading as plain HTML, no script, from the same server. */
const BASELINE_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="UTF-8"><title>Finboard</title></head>
<body><h1>Log in</h1></body></html>`;

interface Load {
  fcp: number;
  /** Bytes on the wire of the page's scripts (after content-encoding), and how they were encoded. */
  scriptBytes: number;
  encodings: Set<string>;
  scripts: string[];
}

/** One cold load in a fresh context: first contentful paint (ms from navigation start) and the scripts fetched. */
async function coldLoad(browser: Browser, url: string): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    const load: Load = { fcp: 0, scriptBytes: 0, encodings: new Set(), scripts: [] };
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      load.scripts.push(new URL(response.url()).pathname.slice(1));
      load.encodings.add(response.headers()['content-encoding'] ?? 'identity');
      pending.push(
        response
          .request()
          .sizes()
          .then((sizes) => void (load.scriptBytes += sizes.responseBodySize)),
      );
    });
    // Network idle, not load: the scripts a page fetches after its first paint (Ant Design's message and
    // modal holders) are counted too, and none is still in flight when the context closes.
    await page.goto(url, { waitUntil: 'networkidle' });
    load.fcp = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((entries) => {
            const paint = entries.getEntriesByName('first-contentful-paint')[0];
            if (paint) resolve(paint.startTime);
          }).observe({ type: 'paint', buffered: true });
        }),
    );
    await Promise.all(pending);
    return load;
  } finally {
    await context.close();
  }
}

async function measureFcp(browser: Browser, url: string): Promise<{ median: number; loads: Load[] }> {
  await coldLoad(browser, url); // the server's first answers (file routes, PGlite) are not counted
  const loads: Load[] = [];
  for (let i = 0; i < LOADS; i++) loads.push(await coldLoad(browser, url));
  const sorted = loads.map((load) => load.fcp).sort((a, b) => a - b);
  return { median: percentile(sorted, 50), loads };
}

async function reportFirstPaint(loginGzip: number) {
  const executablePath = findChromium();
  if (!executablePath) {
    console.log(
      '\nChromium not found (install Debian chromium or set CHROME_PATH): first contentful paint not measured.',
    );
    return;
  }
  // A copy of the build with the baseline page beside index.html: the same server sends both.
  const servedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'finboard-bundle-'));
  fs.cpSync(distDir, servedDir, { recursive: true });
  fs.writeFileSync(path.join(servedDir, 'baseline.html'), BASELINE_PAGE);
  const environment = await openBenchDatabase('bundle', null);
  await seedBenchAdmin(environment.database);
  const app = await startApp(environment, { webDistDir: servedDir });
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
  try {
    console.log(
      `\nFirst contentful paint, median of ${LOADS} cold loads (fresh browser context each), Chromium, loopback:`,
    );
    const baseline = await measureFcp(browser, `${app.base}/baseline.html`);
    console.log(`  static HTML page, no script (baseline)   ${baseline.median.toFixed(0).padStart(6)} ms`);
    const login = await measureFcp(browser, `${app.base}/login`);
    const verdict = login.median < GOALS.loginFcpMs ? 'goal met' : 'GOAL MISSED';
    console.log(
      `  /login                                   ${login.median.toFixed(0).padStart(6)} ms   ` +
        `${(login.median / baseline.median).toFixed(2)}× the baseline (goal < ${GOALS.loginFcpMs} ms: ${verdict})`,
    );
    const [sample] = login.loads;
    if (sample) {
      console.log(
        `  /login fetched ${sample.scripts.length} scripts, ${(sample.scriptBytes / KB).toFixed(1)} KB on the wire ` +
          `(content-encoding: ${[...sample.encodings].join(', ')}; the build's gzip total is ${(loginGzip / KB).toFixed(1)} KB)`,
      );
    }
  } finally {
    await browser.close();
    await app.close();
    await environment.close();
    fs.rmSync(servedDir, { recursive: true, force: true });
  }
}

ensureFreshBuild();
const loginGzip = reportSizes();
await reportFirstPaint(loginGzip);
