import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { E2E_ADMIN } from './support/constants';
import { quickbooksConfigOf, startQuickbooksFake } from '../apps/server/test/quickbooks-fake';
import { seedQuickbooksCompany } from './support/quickbooks-ledger';
import { intacctConfigOf, startIntacctFake } from '../apps/server/test/intacct-fake';
import { seedIntacctCompany } from './support/intacct-ledger';
import { netsuiteConfigOf, startNetsuiteFake } from '../apps/server/test/netsuite-fake';
import { seedNetsuiteAccount } from './support/netsuite-ledger';
import { newestMtime } from './support/newest-mtime';
import { startChromium } from './support/chromium';

const root = path.resolve(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseURL: string, server: ChildProcess, logs: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`Finboard exited with ${server.exitCode}:\n${logs()}`);
    try {
      const response = await fetch(`${baseURL}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Finboard did not become healthy within 60 s:\n${logs()}`);
}

/** Both bundles exist and are newer than every source they are built from: a stale dist would test old code. */
function buildIsFresh(): boolean {
  const outputs = ['apps/web/dist/index.html', 'apps/server/dist/server.js'].map((file) => path.join(root, file));
  if (!outputs.every((file) => fs.existsSync(file))) return false;
  const oldestOutput = Math.min(...outputs.map((file) => fs.statSync(file).mtimeMs));
  const newestSource = Math.max(
    ...[
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/server/src',
      'packages/shared/src',
      // The web app shows the guides of docs/.
      'docs',
    ].map((source) => newestMtime(path.join(root, source))),
  );
  return newestSource <= oldestOutput;
}

/**
 * Starts the built app exactly as `npm start` serves it — on a fresh embedded database and outbox, into
 * which `npm run demo` has loaded the demo organization and user — and hands its URL to the journeys.
 */
export default async function setup(project: TestProject) {
  if (process.env.E2E_REBUILD === 'true' || !buildIsFresh()) {
    // Vitest sets NODE_ENV=test, which a build would inherit: antd then gives every element the id
    // 'test-id', and drawers and dialogs lose their accessible names.
    const result = spawnSync('npm', ['run', 'build'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (result.status !== 0) throw new Error('npm run build failed');
  }

  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  // The accounting journey connects QuickBooks: the server talks to a local fake QuickBooks that speaks its
  // protocol, holding one company with a known ledger (support/quickbooks-ledger.ts).
  const quickbooks = await startQuickbooksFake();
  seedQuickbooksCompany(quickbooks);
  // And to a local fake Sage Intacct gateway, with one company (support/intacct-ledger.ts).
  const intacct = await startIntacctFake();
  seedIntacctCompany(intacct);
  // And NetSuite: a local fake holding one account with a known ledger (support/netsuite-ledger.ts).
  const netsuite = await startNetsuiteFake();
  const netsuitePrivateKey = seedNetsuiteAccount(netsuite);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'finboard-e2e-'));
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseURL,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SMTP_URL: '',
    APP_SECRET_KEY: '',
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    ALLOW_SIGNUP: 'true',
    LOG_LEVEL: 'warn',
    // As environment variables: every value a string.
    ...Object.fromEntries(
      Object.entries(quickbooksConfigOf(quickbooks, 1000)).map(([name, value]) => [name, String(value)]),
    ),
    ...Object.fromEntries(Object.entries(intacctConfigOf(intacct)).map(([name, value]) => [name, String(value)])),
    ...Object.fromEntries(Object.entries(netsuiteConfigOf(netsuite)).map(([name, value]) => [name, String(value)])),
  };

  // The demo user's journeys need the demo books (`npm run demo`). It must run before the server:
  // PGlite is one process's database, and the demo CLI refuses a data directory the server holds.
  const demo = spawnSync(path.join(root, 'node_modules/.bin/tsx'), ['demo/run.ts'], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  if (demo.status !== 0) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw new Error(
      `Loading the demo (tsx demo/run.ts) failed (${demo.error?.message ?? `exit ${demo.status}`}):\n${demo.stdout}${demo.stderr}`,
    );
  }

  let output = '';
  const server = spawn(process.execPath, ['apps/server/dist/server.js'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  let browserServer: BrowserServer;
  try {
    await waitForHealth(baseURL, server, () => output);
    // One Chromium for the run: every file connects to it (support/browser.ts) instead of starting its own.
    browserServer = await startChromium();
  } catch (error) {
    // No teardown runs after a failed setup: a server left running would hold its port and CPU.
    server.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
    await quickbooks.close();
    await intacct.close();
    throw error;
  }
  project.provide('baseURL', baseURL);
  project.provide('chromiumEndpoint', browserServer.wsEndpoint());
  // Journeys that check what the server stored on disk (an onboarded organization's container).
  project.provide('dataDir', dataDir);
  project.provide('netsuitePrivateKey', netsuitePrivateKey);

  return async () => {
    await browserServer.close();
    server.kill('SIGTERM');
    await new Promise((resolve) => {
      if (server.exitCode !== null) resolve(undefined);
      else server.once('exit', resolve);
    });
    fs.rmSync(dataDir, { recursive: true, force: true });
    await quickbooks.close();
    await intacct.close();
    await netsuite.close();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** The run's Chromium (playwright's browser server), which the journeys connect to. */
    chromiumEndpoint?: string;
    dataDir: string;
    /** The private key of the certificate the fake NetSuite knows, which the journey types into the form. */
    netsuitePrivateKey: string;
  }
}
