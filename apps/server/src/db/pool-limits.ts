import type pg from 'pg';

/**
 * How long a PostgreSQL connection of any of the app's pools lives (docs/operations.md, "Connections"). A server
 * process keeps the catalog entries of every relation its connection has read — about 180 KB for each
 * organization's warehouse it touched — and frees them only when the connection ends. So every pool replaces a
 * connection after `maxUses` checkouts (each reads at most one more organization: a connection's memory stays
 * under `maxUses` organizations' worth however many there are), after `maxLifetimeSeconds`, and closes it after
 * `idleTimeoutMs` unused; a pool of one organization's (database isolation, Chat DB's readers) is itself closed
 * once it has been idle that long.
 */
export interface PoolLimits {
  idleTimeoutMs: number;
  maxLifetimeSeconds: number;
  maxUses: number;
}

export const DEFAULT_POOL_LIMITS: PoolLimits = { idleTimeoutMs: 30_000, maxLifetimeSeconds: 3_600, maxUses: 250 };

/** A pg pool's options with the limits, for `max` connections at most. */
export const limitedPool = (limits: PoolLimits, max: number): pg.PoolConfig => ({
  max,
  idleTimeoutMillis: limits.idleTimeoutMs,
  maxLifetimeSeconds: limits.maxLifetimeSeconds,
  maxUses: limits.maxUses,
});
