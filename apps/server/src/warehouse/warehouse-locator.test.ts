import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { ConfigError, loadConfig, WAREHOUSE_ISOLATION_NEEDS_POSTGRES } from '../config/env.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { warehouseLocations } from '../db/schema.ts';
import { openTestDatabase } from '../../test/database.ts';
import { createWarehouseLocator } from './warehouse-locator.ts';

const refusal = `Invalid configuration:\n  ${WAREHOUSE_ISOLATION_NEEDS_POSTGRES}`;

describe('WAREHOUSE_ISOLATION=database on the embedded database', () => {
  it('is refused at start-up without a PostgreSQL DATABASE_URL, naming the variable', () => {
    expect(() => loadConfig({ WAREHOUSE_ISOLATION: 'database' })).toThrow(new ConfigError(refusal));
    expect(loadConfig({ WAREHOUSE_ISOLATION: 'database', DATABASE_URL: 'postgresql://db/finboard' })).toMatchObject({
      WAREHOUSE_ISOLATION: 'database',
    });
    expect(loadConfig({}).WAREHOUSE_ISOLATION).toBe('schema');
  });

  it('is refused by the app and by the locator given a PGlite database', async () => {
    // Neither touches the database before refusing: a handle that only says what it is suffices.
    const pglite = { kind: 'pglite' } as DatabaseHandle;
    const config = {
      ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      WAREHOUSE_ISOLATION: 'database' as const,
    };

    await expect(buildApp({ config, database: pglite })).rejects.toThrow(new ConfigError(refusal));
    expect(() =>
      createWarehouseLocator({ database: pglite, isolation: 'database', logger: pino({ level: 'silent' }) }),
    ).toThrow(new ConfigError(refusal));
  });
});

describe('schema isolation (the default)', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  it('answers the platform database for every organization, creating nothing', async () => {
    const locator = createWarehouseLocator({ database, isolation: 'schema', logger: pino({ level: 'silent' }) });
    const target = await locator.find('6f1c2f1e-3b9a-4a53-9c1e-2d3b4a5c6d7e');
    expect(target!.db).toBe(database.db);
    expect(target!.pool).toBe(database.pool);
    expect(target!.databaseName).toBeUndefined();
    expect(await locator.ensure('6f1c2f1e-3b9a-4a53-9c1e-2d3b4a5c6d7e')).toEqual({ target, created: false });
    expect(await database.db.select().from(warehouseLocations)).toEqual([]);
  });
});
