import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app.ts';
import { createOrganization } from '../../../test/factories.ts';
import { rowsOf } from '../../db/client.ts';
import { createSecretBox } from '../../platform/crypto/secret-box.ts';
import { warehouseRoleName, warehouseSchemaName } from '../../warehouse/identifiers.ts';
import { createWarehouseReaders, type WarehouseReaders } from './warehouse-readers.ts';

/**
 * Issue 13: on PostgreSQL, Chat DB's SQL runs on a connection that logs in as the organization's read-only role,
 * where (unlike the platform's connection, a member of every organization role) RESET ROLE, SET ROLE,
 * set_config('role', …) and SET SESSION AUTHORIZATION lead nowhere. These statements skip the SQL guard on
 * purpose: the database itself must hold. (On PGlite the guard is the wall: sql-guard.test.ts.)
 */
describe.runIf(process.env.TEST_DB === 'postgres')("an organization's Chat DB reader role", () => {
  let t: TestApp;
  let readers: WarehouseReaders;
  let organizationId: string;
  let otherId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    const [mine, other] = [await createOrganization(t.database), await createOrganization(t.database)];
    organizationId = mine.id;
    otherId = other.id;
    for (const id of [organizationId, otherId]) {
      await t.app.services.warehouse.provision(id);
      await t.app.services.warehouse.copyRows(
        id,
        '01_Account',
        ['account_code', 'account_name', 'account_type'],
        [['1000', 'Cash', 'asset']],
      );
    }
    readers = createWarehouseReaders({
      database: t.database,
      warehouse: t.app.services.warehouse,
      secrets: createSecretBox(randomBytes(32)),
    });
  });
  afterAll(async () => {
    await readers?.close();
    await t?.close();
  });

  /** `statement` on a fresh reader connection: its rows, or the database's refusal. */
  async function onReader(...statements: string[]): Promise<{ rows?: unknown[]; error?: string }> {
    const client = await (await readers.poolOf(organizationId)).connect();
    try {
      let rows: unknown[] = [];
      for (const statement of statements) rows = (await client.query(statement)).rows;
      return { rows };
    } catch (error) {
      return { error: (error as Error).message };
    } finally {
      client.release(true);
    }
  }

  it('reads its own warehouse, nothing else, and writes nothing', async () => {
    expect((await onReader('SELECT account_code FROM "01_Account"')).rows).toEqual([{ account_code: '1000' }]);
    expect((await onReader('SELECT count(*) FROM public.users')).error).toMatch(/permission denied/);
    expect((await onReader(`SELECT * FROM ${warehouseSchemaName(otherId)}."01_Account"`)).error).toMatch(
      /permission denied/,
    );
    expect((await onReader(`DELETE FROM "01_Account"`)).error).toMatch(/read-only transaction|permission denied/);
    expect((await onReader('BEGIN READ WRITE', 'DELETE FROM "01_Account"')).error).toMatch(/permission denied/);
  });

  it('cannot leave its role: RESET ROLE, SET ROLE, set_config and SET SESSION AUTHORIZATION lead nowhere', async () => {
    expect((await onReader('RESET ROLE', 'SELECT count(*) FROM public.users')).error).toMatch(/permission denied/);
    expect((await onReader(`SET ROLE ${warehouseRoleName(organizationId)}`)).error).toMatch(/permission denied/);
    expect((await onReader(`SET ROLE ${warehouseRoleName(otherId)}`)).error).toMatch(/permission denied/);
    expect((await onReader(`SELECT set_config('role', '${warehouseRoleName(otherId)}', false)`)).error).toMatch(
      /permission denied/,
    );
    expect((await onReader('SET SESSION AUTHORIZATION postgres')).error).toMatch(/permission denied/);
    // RESET ROLE comes back to the reader itself: there is nothing behind it.
    expect((await onReader('RESET ROLE', 'SELECT current_user AS who')).rows).toEqual([
      { who: `${warehouseRoleName(organizationId)}_reader` },
    ]);
  });

  it('keeps its password sealed, and opens again after a restart', async () => {
    const [stored] = rowsOf<{ password_sealed: string }>(
      await t.database.db.execute(
        sql`select password_sealed from warehouse_readers where organization_id = ${organizationId}`,
      ),
    );
    expect(stored?.password_sealed).toMatch(/^v1\./);
    await readers.close();
    expect((await onReader('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });
});
