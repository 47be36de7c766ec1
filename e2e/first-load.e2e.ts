/**
 * Issue 9 §4: the login page's first load is compressed and carries none of the signed-in app; the
 * build's source maps are not public. Against the built app, as `npm start` serves it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { usePage } from './support/browser';
import { filesLoadedBy, readManifest, ROUTE_MODULES } from './support/route-files';

const distDir = path.resolve(import.meta.dirname, '../apps/web/dist');

const currentPage = usePage();
let page: Page;
beforeEach(() => {
  page = currentPage();
});

interface ScriptResponse {
  file: string;
  encoding: string | undefined;
  vary: string | undefined;
}

/** Opens `url` in a fresh context and returns the scripts fetched until its form is shown. */
async function scriptsLoadedBy(url: string): Promise<ScriptResponse[]> {
  const scripts: ScriptResponse[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const headers = response.headers();
    scripts.push({
      file: new URL(response.url()).pathname.slice(1),
      encoding: headers['content-encoding'],
      vary: headers.vary,
    });
  });
  await page.goto(url);
  await page.getByLabel('Email').waitFor();
  return scripts;
}

describe('the login page', () => {
  it("loads only its own and the app's entry scripts, never the signed-in shell or the Studio", async () => {
    const scripts = await scriptsLoadedBy('/login');

    const manifest = readManifest(distDir);
    const login = filesLoadedBy(manifest, ROUTE_MODULES['/login']).js;
    // Once the page is in, the error panels are fetched in the background (lazy-error-pages.tsx), and so
    // are zod and the schemas of the page's calls and form (lazy-schema.ts) and Ant Design's message,
    // notification and modal (app-feedback.tsx).
    const loadedAfterPaint = filesLoadedBy(manifest, [
      'src/app/layout/page-error.tsx',
      'src/app/layout/route-error.tsx',
      'src/lib/first-load-schemas.ts',
      'src/app/feedback-holders.tsx',
    ]).js;
    const loaded = scripts.map((script) => script.file);
    expect(loaded).toEqual(expect.arrayContaining(login));
    expect(loaded.filter((file) => !login.includes(file) && !loadedAfterPaint.includes(file))).toEqual([]);
    const signedIn = [
      ...filesLoadedBy(manifest, ['src/app/layout/protected-layout.tsx']).js,
      ...filesLoadedBy(manifest, ['src/app/data-management-studio.tsx']).js,
    ].filter((file) => !login.includes(file) && !loadedAfterPaint.includes(file));
    expect(signedIn.length).toBeGreaterThan(0);
    expect(loaded.filter((file) => signedIn.includes(file))).toEqual([]);
  });

  it("carries no zod API in its first load: only zod's global config, the rest comes with the page's schemas", () => {
    const manifest = readManifest(distDir);
    const login = filesLoadedBy(manifest, ROUTE_MODULES['/login']).js;
    const zodSources = login.flatMap((file) => {
      // The build writes a map beside every chunk with code of its own (not the bundler's runtime).
      if (!fs.existsSync(path.join(distDir, `${file}.map`))) return [];
      const map = JSON.parse(fs.readFileSync(path.join(distDir, `${file}.map`), 'utf8')) as { sources: string[] };
      return map.sources.filter((source) => source.includes('node_modules/zod/'));
    });
    expect([...new Set(zodSources.map((source) => source.slice(source.indexOf('zod/'))))].sort()).toEqual([
      'zod/v4/core/core.js',
      'zod/v4/core/util.js',
    ]);
    const schemas = filesLoadedBy(manifest, ['src/lib/first-load-schemas.ts']).js.filter(
      (file) => !login.includes(file),
    );
    expect(schemas.length).toBeGreaterThan(0);
  });

  it('receives every script as the brotli file the build wrote beside it, with Vary: Accept-Encoding', async () => {
    const scripts = await scriptsLoadedBy('/login');

    expect(scripts.length).toBeGreaterThan(5);
    for (const script of scripts) {
      // The build leaves out a compressed file that would be no smaller (a few tiny chunks).
      const precompressed = fs.existsSync(path.join(distDir, `${script.file}.br`));
      expect({ file: script.file, encoding: script.encoding }).toEqual({
        file: script.file,
        encoding: precompressed ? 'br' : undefined,
      });
      expect(script.vary).toMatch(/accept-encoding/i);
    }
    expect(scripts.filter((script) => script.encoding === 'br').length).toBeGreaterThan(scripts.length / 2);
  });

  it("does not give away the scripts' source maps: they answer 404 in the JSON envelope", async () => {
    const scripts = await scriptsLoadedBy('/login');
    const mapped = scripts.filter((script) => fs.existsSync(path.join(distDir, `${script.file}.map`)));
    expect(mapped.length).toBeGreaterThan(5);

    for (const script of mapped) {
      const response = await page.request.get(`/${script.file}.map`);

      expect(response.status()).toBe(404);
      expect(await response.json()).toEqual({ status: false, message: 'Route not found' });
    }
    // Nor do the scripts point at them.
    const loginPage = mapped.find((script) => script.file.includes('login-page'))!;
    expect(await (await page.request.get(`/${loginPage.file}`)).text()).not.toContain('sourceMappingURL');
  });
});
