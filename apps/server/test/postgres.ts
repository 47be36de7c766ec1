import pg from 'pg';

/** The URL of another database on the same server (same credentials and options). */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs `work` on a short-lived connection to TEST_DATABASE_URL's own database (CREATE/DROP DATABASE). */
export async function withAdminClient<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Test database names are generated, never user input; the pattern check keeps it that way. */
export function assertTestDatabaseName(name: string): void {
  if (!/^finboard_(tpl|t)_[a-z0-9_]+$/.test(name)) throw new Error(`Not a test database name: ${name}`);
}

export async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  assertTestDatabaseName(name);
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}
