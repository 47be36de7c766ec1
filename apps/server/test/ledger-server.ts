import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { createWarehouseService } from '../src/warehouse/warehouse.service.ts';
import { TEST_ADMIN } from './build-app.ts';
import { createServerDatabase, type ServerDatabase } from './database.ts';
import { createOrganization } from './factories.ts';
import { seedLedger } from './ledger.ts';
import { startServer, type ServerProcess } from './server-process.ts';

/** The real server process on a database of its own holding one organization with a ledger. */
export interface LedgerServer {
  database: ServerDatabase;
  /** The server's DATA_DIR (its files are under `files/`). */
  dataDir: string;
  organizationId: string;
  /** The process serving now (a new one after `restart`). */
  readonly server: ServerProcess;
  /** Starts the server again on the same data, after the test has stopped or killed it. */
  restart(): Promise<ServerProcess>;
  /** A bearer token of TEST_ADMIN, signed in through the API. */
  signIn(): Promise<string>;
  /** A request to the serving process with a bearer token (and a body with its headers, e.g. a form): status and JSON. */
  api<T>(
    token: string,
    method: string,
    url: string,
    body?: { payload: Buffer; headers: Record<string, string> },
  ): Promise<{ status: number; body: T }>;
  /** Kills the process and removes its database and data directory. */
  dispose(): Promise<void>;
}

/**
 * Prepares a data directory and database (the project's kind, TEST_DB), an organization whose warehouse
 * holds `ledgerLines` GL lines (seeded before the server runs: PGlite is one process's database), then
 * starts src/server.ts on it with TEST_ADMIN as its administrator and `env` on top.
 */
export async function startLedgerServer(options: {
  name: string;
  ledgerLines: number;
  env?: Record<string, string>;
}): Promise<LedgerServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `finboard-${options.name}-`));
  let database: ServerDatabase | undefined;
  let server: ServerProcess | undefined;
  const dispose = async () => {
    if (server) {
      // Harmless on a process that has exited already.
      server.kill('SIGKILL');
      await server.exited;
    }
    await database?.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    database = await createServerDatabase(dataDir);
    const handle = await database.open();
    let organizationId: string;
    try {
      organizationId = (await createOrganization(handle)).id;
      const warehouse = createWarehouseService({ database: handle, logger: pino({ level: 'silent' }) });
      await warehouse.provision(organizationId);
      await seedLedger(warehouse, organizationId, options.ledgerLines);
    } finally {
      await handle.close();
    }
    const env = {
      ...database.env,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      ...options.env,
    };
    server = await startServer(env);
    const ready = database;
    return {
      database: ready,
      dataDir,
      organizationId,
      get server() {
        return server!;
      },
      async restart() {
        server = await startServer(env);
        return server;
      },
      async signIn() {
        const response = await fetch(`${server!.url}/api/v1/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(TEST_ADMIN),
        });
        return ((await response.json()) as { data: { token: string } }).data.token;
      },
      async api<T>(
        token: string,
        method: string,
        url: string,
        body?: { payload: Buffer; headers: Record<string, string> },
      ) {
        const response = await fetch(`${server!.url}${url}`, {
          method,
          headers: { authorization: `Bearer ${token}`, ...body?.headers },
          body: body?.payload,
        });
        return { status: response.status, body: (await response.json()) as T };
      },
      dispose,
    };
  } catch (error) {
    await dispose();
    throw error;
  }
}
