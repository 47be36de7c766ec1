import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { databaseUrl, dropDatabase, withAdminClient } from './postgres.ts';

/**
 * Creates and migrates one template database per run on TEST_DATABASE_URL; each test database is a
 * `CREATE DATABASE … TEMPLATE` copy of it. Teardown drops the template and anything a crashed worker left.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL?.trim();
  if (!serverUrl) throw new Error('api-postgres needs TEST_DATABASE_URL');

  const runId = randomBytes(4).toString('hex');
  const template = `finboard_tpl_${runId}`;
  await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE "${template}"`));
  // One connection, closed before any copy: PostgreSQL refuses a template that has open sessions.
  try {
    const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, template), poolSize: 1 });
    try {
      await handle.migrate();
    } finally {
      await handle.close();
    }
  } catch (error) {
    await withAdminClient(serverUrl, (client) => dropDatabase(client, template));
    throw error;
  }

  project.provide('postgresServerUrl', serverUrl);
  project.provide('postgresTemplate', template);
  project.provide('postgresRunId', runId);

  return async () => {
    await withAdminClient(serverUrl, async (client) => {
      const { rows } = await client.query<{ datname: string }>(
        'SELECT datname FROM pg_database WHERE datname LIKE $1',
        [`finboard\\_t\\_${runId}\\_%`],
      );
      for (const { datname } of rows) await dropDatabase(client, datname);
      await dropDatabase(client, template);
    });
  };
}
