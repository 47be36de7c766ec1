import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../../test/build-app.ts';
import { oneSaleBooks } from '../../../test/one-sale-books.ts';
import { addOrganizationThroughApi, login } from '../../../test/factories.ts';
import { databaseUrl, dropDatabase, withAdminClient } from '../../../test/postgres.ts';
import { rowsOf } from '../../db/client.ts';
import { warehouseLocations } from '../../db/schema.ts';
import { quoteIdent, warehouseDatabaseName, warehouseSchemaName } from '../../warehouse/identifiers.ts';
import { createBackup } from './backup.ts';
import { MANIFEST_FILE } from './manifest.ts';
import { restoreBackup } from './restore.ts';

/**
 * npm run backup / npm run restore against real PostgreSQL (pg_dump and pg_restore; the embedded database is
 * copied as a directory instead): this file runs in the api-postgres project alone.
 */
const serverUrl = () => inject('postgresServerUrl')!;
const scratch: string[] = [];
const restoredDatabases: string[] = [];
const apps: TestApp[] = [];

// The copies first: their grants name the warehouses' roles, which closing a test app drops.
afterEach(async () => {
  await withAdminClient(serverUrl(), async (client) => {
    for (const name of restoredDatabases.splice(0)) {
      if (name.startsWith('wh_org_')) await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
      else await dropDatabase(client, name);
    }
  });
  for (const app of apps.splice(0)) await app.close();
});
afterAll(() => {
  for (const dir of scratch) fs.rmSync(dir, { recursive: true, force: true });
});

const backupDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'finboard-backup-'));
  scratch.push(dir);
  return dir;
};
/** A database name on the test server for a restore (dropped after the file). */
const restoredUrl = () => {
  const name = `finboard_t_restored_${randomBytes(4).toString('hex')}`;
  restoredDatabases.push(name);
  return databaseUrl(serverUrl(), name);
};

async function appWithBooks(overrides: Parameters<typeof buildTestApp>[0] = {}) {
  const t = await buildTestApp(overrides);
  apps.push(t);
  const adminToken = await login(t.app, TEST_ADMIN);
  const organizations: { id: string }[] = [];
  for (const amount of ['100.00', '250.50', '75.25']) {
    const organization = { id: await addOrganizationThroughApi(t.app, adminToken, 'Backed Up') };
    await t.app.services.warehouse.loadTables(organization.id, oneSaleBooks(amount));
    organizations.push(organization);
  }
  return { t, organizations };
}

const debitsIn = async (url: string, organizationId: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const schema = quoteIdent(warehouseSchemaName(organizationId));
    return (await client.query(`select sum(debit)::text as total from ${schema}."02_GL_Detail"`)).rows[0].total;
  } finally {
    await client.end();
  }
};

describe('backup and restore', () => {
  it('dumps the warehouses in pieces within the lock budget and restores them with every count and sum checked', async () => {
    const { t, organizations } = await appWithBooks();
    const dir = backupDir();

    // A budget below one warehouse's relations: each warehouse in a dump of its own.
    const backup = await createBackup({ platformUrl: t.database.url!, dir, locksPerDump: 1 });

    const manifest = JSON.parse(fs.readFileSync(path.join(dir, MANIFEST_FILE), 'utf8'));
    const [platform] = manifest.databases;
    expect(manifest.databases).toHaveLength(1);
    expect(platform.dumps[0]).toEqual({ file: 'platform.dump', schemas: [] });
    expect(platform.dumps.slice(1).map((dump: { schemas: string[] }) => dump.schemas)).toEqual(
      organizations.map((organization) => [warehouseSchemaName(organization.id)]).sort(),
    );
    expect(backup.dumps).toBe(4);
    const gl = `${warehouseSchemaName(organizations[1]!.id)}.02_GL_Detail`;
    expect(platform.tables[gl].rows).toBe('2');
    expect(manifest.roles).toEqual(expect.arrayContaining([`fb_${warehouseSchemaName(organizations[0]!.id)}`]));

    const target = restoredUrl();
    const restored = await restoreBackup({ dir, platformUrl: target });

    expect(restored.differences).toEqual([]);
    expect(restored.tables).toBe(backup.tables);
    expect(restored.rows).toBe(backup.rows);
    expect(await debitsIn(target, organizations[1]!.id)).toBe('250.50');
    const [organizationsRestored] = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from organizations`),
    );
    const copy = new pg.Client({ connectionString: target });
    await copy.connect();
    const copied = await copy.query('select count(*)::int as n from organizations');
    await copy.end();
    expect(copied.rows[0].n).toBe(organizationsRestored!.n);
  });

  it('refuses a database that is not empty and changes nothing; reports a table that does not match', async () => {
    const { t, organizations } = await appWithBooks();
    const dir = backupDir();
    await createBackup({ platformUrl: t.database.url!, dir });

    await expect(restoreBackup({ dir, platformUrl: t.database.url! })).rejects.toThrow(
      `The database "${new URL(t.database.url!).pathname.slice(1)}" is not empty: restore into a new or empty database`,
    );
    expect(await debitsIn(t.database.url!, organizations[0]!.id)).toBe('100.00');

    const file = path.join(dir, MANIFEST_FILE);
    const manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
    const gl = `${warehouseSchemaName(organizations[2]!.id)}.02_GL_Detail`;
    manifest.databases[0].tables[gl].rows = '3';
    fs.writeFileSync(file, JSON.stringify(manifest));
    const restored = await restoreBackup({ dir, platformUrl: restoredUrl() });
    expect(restored.differences).toEqual([`${manifest.databases[0].name}: ${gl}: 2 rows, 3 backed up`]);
  });

  it('refuses a directory without a backup', async () => {
    await expect(restoreBackup({ dir: backupDir(), platformUrl: restoredUrl() })).rejects.toThrow(
      'holds no backup: manifest.json is missing',
    );
  });

  it("backs up each organization's own database and restores it as a named copy the restored platform points to", async () => {
    const { t, organizations } = await appWithBooks({ WAREHOUSE_ISOLATION: 'database' });
    const dir = backupDir();
    const suffix = `_r${randomBytes(3).toString('hex')}`;
    restoredDatabases.push(
      ...organizations.map((organization) => `${warehouseDatabaseName(organization.id)}${suffix}`),
    );

    const backup = await createBackup({ platformUrl: t.database.url!, dir });
    expect(backup.databases).toBe(4);
    const target = restoredUrl();
    const restored = await restoreBackup({ dir, platformUrl: target, databaseSuffix: suffix });

    expect(restored.differences).toEqual([]);
    const copyName = `${warehouseDatabaseName(organizations[2]!.id)}${suffix}`;
    expect(await debitsIn(databaseUrl(serverUrl(), copyName), organizations[2]!.id)).toBe('75.25');
    const copy = new pg.Client({ connectionString: target });
    await copy.connect();
    const locations = await copy.query('select database_name from warehouse_locations order by 1');
    await copy.end();
    expect(locations.rows.map((row) => row.database_name)).toEqual(
      organizations.map((organization) => `${warehouseDatabaseName(organization.id)}${suffix}`).sort(),
    );
    expect(await t.database.db.select().from(warehouseLocations)).toHaveLength(3);
  });
});
