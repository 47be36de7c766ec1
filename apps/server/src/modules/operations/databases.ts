import pg from 'pg';
import { quoteIdent } from '../../warehouse/identifiers.ts';

/** `work` on a connection of its own to `url`, closed after (the commands run outside the app's pools). */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export const databaseNameOf = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));

/** The server's maintenance database, where databases are created. */
export function maintenanceUrl(url: string): string {
  const parsed = new URL(url);
  parsed.pathname = '/postgres';
  return parsed.toString();
}

/** The database of `url` created when missing, closed to PUBLIC like every warehouse database. */
export async function ensureDatabase(url: string): Promise<void> {
  const name = databaseNameOf(url);
  await withClient(maintenanceUrl(url), async (client) => {
    const found = await client.query('select 1 from pg_catalog.pg_database where datname = $1', [name]);
    if (found.rowCount) return;
    await client.query(`CREATE DATABASE ${quoteIdent(name)}`);
    await client.query(`REVOKE ALL ON DATABASE ${quoteIdent(name)} FROM PUBLIC`);
  });
}
