import { sql } from 'drizzle-orm';
import { rowsOf, type Database, type Executor } from '../../db/client.ts';

/** Where a file is: a key of the platform's storage (container null) or of an organization's container. */
export interface FilePlace {
  container: string | null;
  key: string;
}

export interface FileHold extends FilePlace {
  id: string;
}

const holdColumns = sql`id, container_name as container, storage_key as key`;

/** The SQL of the `file_holds` table (schema.ts): each change is one statement, so processes may race. */
export function createFileHoldsRepository(db: Database) {
  return {
    async insert(holder: string, place: FilePlace): Promise<FileHold> {
      const result = await db.execute(sql`
        insert into file_holds (container_name, storage_key, holder)
        values (${place.container}, ${place.key}, ${holder})
        returning ${holdColumns}`);
      return rowsOf<FileHold>(result)[0]!;
    },

    /** Ends holds of `holder` (in the caller's transaction when `executor` is one); answers how many it still had. */
    async delete(executor: Executor, holder: string, ids: readonly string[]): Promise<number> {
      if (ids.length === 0) return 0;
      const result = await executor.execute(sql`
        delete from file_holds
        where holder = ${holder} and id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})
        returning id`);
      return rowsOf(result).length;
    },

    /** Touches the holds of `holder`: its process is alive. */
    async renew(holder: string): Promise<void> {
      await db.execute(sql`update file_holds set renewed_at = now() where holder = ${holder}`);
    },

    /**
     * Deletes and answers the holds of other processes not renewed within `olderThanMs`: one statement, so
     * when several processes look at once each dead hold goes to one of them.
     */
    async takeDead(holder: string, olderThanMs: number): Promise<FileHold[]> {
      const result = await db.execute(sql`
        delete from file_holds
        where holder <> ${holder} and renewed_at < now() - ${olderThanMs} * interval '1 millisecond'
        returning ${holdColumns}`);
      return rowsOf<FileHold>(result);
    },

    /** Every hold there is now (live ones, and dead ones not yet taken). */
    async all(): Promise<FileHold[]> {
      return rowsOf<FileHold>(await db.execute(sql`select ${holdColumns} from file_holds`));
    },
  };
}

export type FileHoldsRepository = ReturnType<typeof createFileHoldsRepository>;
