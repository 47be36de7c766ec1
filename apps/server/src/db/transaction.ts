import type { Database, Executor } from './client.ts';

/**
 * Work in one database transaction, handed the repositories bound to it and the transaction itself (`tx`,
 * which other modules' writes join: files marked by the uploads module, the audit trail). Services receive
 * one instead of the database, so their unit tests hand them a fake that simply calls the work.
 */
export type Transaction<R> = <T>(work: (scope: R & { tx: Executor }) => Promise<T>) => Promise<T>;

/** A Transaction on `db` whose repositories `bind` builds on each transaction's executor. */
export function transactionOf<R extends object>(db: Database, bind: (tx: Executor) => R): Transaction<R> {
  return (work) => db.transaction((tx) => work({ ...bind(tx), tx }));
}
