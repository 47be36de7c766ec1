/**
 * Which files the browser loads for a route of the built web app, read from Vite's manifest
 * (apps/web/dist/.vite/manifest.json, `build.manifest`): the entry and the route's lazily loaded
 * modules, each with the chunks it imports statically, followed to the end. Dynamic imports are not
 * followed: they load only when a page asks for them.
 */
import fs from 'node:fs';
import path from 'node:path';

/**
 * The modules each measured route loads lazily, as apps/web/src/app/router.tsx loads them (the entry,
 * src/main.tsx, comes with every route).
 */
export const ROUTE_MODULES = {
  '/login': ['src/app/layout/auth-layout.tsx', 'src/features/auth/login-page.tsx'],
  '/ (public home)': ['src/app/layout/public-layout.tsx', 'src/features/public-site/home-page.tsx'],
  '/profile (signed-in shell)': ['src/app/layout/protected-layout.tsx', 'src/features/users/profile-details-page.tsx'],
  '/data-management (shell + Studio)': ['src/app/layout/protected-layout.tsx', 'src/app/data-management-studio.tsx'],
} as const;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface BuiltFile {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

export function readManifest(distDir: string): Manifest {
  return JSON.parse(fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** The JS and CSS files (paths inside dist) that loading `modules` (source paths such as src/main.tsx) fetches. */
export function filesLoadedBy(manifest: Manifest, modules: readonly string[]): { js: string[]; css: string[] } {
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error('the manifest names no entry: is this a Vite build?');
  const seen = new Set<string>();
  const pending = [entry, ...modules];
  while (pending.length > 0) {
    const key = pending.pop()!;
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest: was it renamed? Update bench/bundle.ts`);
    seen.add(key);
    pending.push(...(chunk.imports ?? []));
  }
  const chunks = [...seen].map((key) => manifest[key]!);
  return {
    js: [...new Set(chunks.map((chunk) => chunk.file))],
    css: [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))],
  };
}

/** Sizes as served: the file, and the .gz and .br the build wrote beside it. */
export function sizeOf(distDir: string, file: string): BuiltFile {
  const full = path.join(distDir, file);
  const sizeOrRaw = (compressed: string) => (fs.existsSync(compressed) ? fs.statSync(compressed).size : raw);
  const raw = fs.statSync(full).size;
  return { file, raw, gzip: sizeOrRaw(`${full}.gz`), brotli: sizeOrRaw(`${full}.br`) };
}
