import type pg from 'pg';

/**
 * Pools opened per organization (or per database), closed once nobody has used them for `idleMs`: a pool with no
 * connection left is still an object with its timers and a drizzle instance, and an installation touches
 * thousands. `get` opens a pool on first use and marks it used; so does each checkout of one of its connections.
 * The sweep (every `idleMs`, not holding the process open) ends a pool without connections whose last use is
 * older than twice `idleMs` — by then its own idle timeout has closed every connection.
 */
export function createIdlePools<T extends { pool: pg.Pool }>(deps: {
  open: (key: string) => Promise<T>;
  idleMs: number;
  now?: () => number;
}) {
  const { open, idleMs } = deps;
  const now = deps.now ?? Date.now;
  const entries = new Map<string, { value: Promise<T>; usedAt: number }>();

  function get(key: string): Promise<T> {
    const found = entries.get(key);
    if (found) {
      found.usedAt = now();
      return found.value;
    }
    const value = open(key);
    const entry = { value, usedAt: now() };
    entries.set(key, entry);
    value.then(
      (opened) => opened.pool.on('acquire', () => (entry.usedAt = now())),
      () => entries.get(key) === entry && entries.delete(key),
    );
    return value;
  }

  /** The key's pool ended and forgotten (the next `get` opens another). */
  async function forget(key: string): Promise<void> {
    const entry = entries.get(key);
    entries.delete(key);
    await (await entry?.value.catch(() => undefined))?.pool.end();
  }

  /** Ends the pools unused for twice `idleMs` that hold no connection; answers how many. */
  async function sweep(): Promise<number> {
    const due: string[] = [];
    for (const [key, entry] of entries) {
      if (now() - entry.usedAt < 2 * idleMs) continue;
      const opened = await entry.value.catch(() => undefined);
      if (opened && opened.pool.totalCount === 0 && opened.pool.waitingCount === 0) due.push(key);
    }
    await Promise.all(due.map(forget));
    return due.length;
  }

  const timer = setInterval(() => void sweep().catch(() => undefined), idleMs);
  timer.unref();

  return {
    get,
    forget,
    sweep,
    /** How many pools are open. */
    get size() {
      return entries.size;
    },
    /** Every pool ended (shutdown). */
    async close(): Promise<void> {
      clearInterval(timer);
      await Promise.all([...entries.keys()].map(forget));
    },
  };
}
