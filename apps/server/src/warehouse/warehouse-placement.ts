import { createHash } from 'node:crypto';

/** A warehouse database and how many organizations' warehouses it holds. */
export interface PlacedDatabase {
  databaseName: string;
  serverUrl: string | null;
  organizations: number;
}

/** Where the next warehouse goes: an existing database with room, or a new one to create. */
export interface PlacementPlan {
  databaseName: string;
  serverUrl: string | null;
  create: boolean;
}

/** PostgreSQL keeps at most 63 bytes of a name. */
const MAX_NAME_BYTES = 63;

/**
 * The shared warehouse databases of an installation are named after its platform database (`finboard_wh_0001`, …),
 * so that installations sharing a server never share one; a platform name too long for that is shortened to a hash.
 */
export function sharedDatabasePrefix(platformDatabase: string): string {
  const prefix = `${platformDatabase}_wh_`;
  if (Buffer.byteLength(`${prefix}0000`) <= MAX_NAME_BYTES) return prefix;
  return `wh_${createHash('sha256').update(platformDatabase).digest('hex').slice(0, 16)}_`;
}

/**
 * WAREHOUSE_ISOLATION=shared-database: a new organization's warehouse goes into the first shared database (by
 * number) holding fewer than `organizationsPerDatabase`; when all are full, into a new one, numbered next, on the
 * server of `servers` that holds the fewest shared databases (the first of them on a tie). `databases` are every
 * `warehouse_locations` database with its count; those not named as shared databases (an organization's own, a
 * database a client was moved to) are left alone.
 */
export function sharedDatabasePlan(input: {
  platformDatabase: string;
  databases: readonly PlacedDatabase[];
  organizationsPerDatabase: number;
  servers: readonly (string | null)[];
}): PlacementPlan {
  const prefix = sharedDatabasePrefix(input.platformDatabase);
  const shared = input.databases
    .map((database) => ({ ...database, number: numberOf(prefix, database.databaseName) }))
    .filter((database): database is PlacedDatabase & { number: number } => database.number !== undefined)
    .sort((a, b) => a.number - b.number);
  const withRoom = shared.find((database) => database.organizations < input.organizationsPerDatabase);
  if (withRoom) return { databaseName: withRoom.databaseName, serverUrl: withRoom.serverUrl, create: false };
  const servers = input.servers.length > 0 ? input.servers : [null];
  const held = (server: string | null) => shared.filter((database) => database.serverUrl === server).length;
  const server = servers.reduce((fewest, candidate) => (held(candidate) < held(fewest) ? candidate : fewest));
  const next = Math.max(0, ...shared.map((database) => database.number)) + 1;
  return { databaseName: `${prefix}${String(next).padStart(4, '0')}`, serverUrl: server, create: true };
}

function numberOf(prefix: string, databaseName: string): number | undefined {
  if (!databaseName.startsWith(prefix)) return undefined;
  const rest = databaseName.slice(prefix.length);
  return /^\d{4,}$/.test(rest) ? Number(rest) : undefined;
}
