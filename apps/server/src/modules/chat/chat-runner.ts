import type { PoolClient } from 'pg';
import { CHAT_MAX_ROWS } from '@finboard/shared/chat';
import type { DatabaseHandle } from '../../db/client.ts';
import { quoteIdent, warehouseRoleName, warehouseSchemaName } from '../../warehouse/identifiers.ts';
import { SqlRefusedError } from './sql-guard.ts';
import type { WarehouseService } from '../../warehouse/warehouse.service.ts';
import type { WarehouseReaders } from './warehouse-readers.ts';

/** How long one Chat DB statement may run, and wait for a lock. */
export const STATEMENT_TIMEOUT_MS = 5_000;
export const LOCK_TIMEOUT_MS = 1_000;
/**
 * PGlite runs a statement inside this process and cannot cut it off (statement_timeout is not enforced there:
 * measured, a 10 s query ran to its end under a 300 ms timeout), so a model's statement whose plan costs more
 * than this — roughly what PGlite gets through in a few seconds — is refused before it starts.
 */
export const PGLITE_MAX_PLAN_COST = 250_000;
/** The most rows any step of a model's plan may expect on PGlite (measured: about 1.4 million rows a second). */
export const PGLITE_MAX_PLAN_ROWS = 5_000_000;
/** Rows fetched at a time from a model's cursor on PGlite; the time budget is checked between slices. */
export const CURSOR_SLICE_ROWS = 500;

/**
 * Plan steps PGlite's planner cannot bound: a recursive union runs until its recursive part stops producing
 * rows, and a set-returning function's row estimate is a guess (the guard refuses both; this is the second wall).
 */
const UNBOUNDED_STEPS: Record<string, string> = {
  'Recursive Union': 'its recursive part',
  'WorkTable Scan': 'its recursive part',
  'Function Scan': 'a function used as a table',
  'Table Function Scan': 'a function used as a table',
  ProjectSet: 'a function that returns rows',
};

export interface RunOptions {
  /** SQL not compiled by us (a language model's): on PGlite its plan is checked first and it runs on a budget. */
  untrusted?: boolean;
}

/** The budget of a model's statement; tests make it small. */
export interface RunLimits {
  /** Time, in ms: statement_timeout on PostgreSQL; on PGlite checked between cursor slices. */
  timeMs: number;
  /** Rows a model's statement may return on PGlite (the guard's LIMIT is the same bound on both databases). */
  rows: number;
  /** Rows per FETCH on PGlite. */
  sliceRows: number;
}

export type ChatRows = Record<string, unknown>[];

interface PlanStep {
  'Node Type': string;
  'Total Cost': number;
  'Plan Rows': number;
  Plans?: PlanStep[];
}

const stepsOf = (step: PlanStep): PlanStep[] => [step, ...(step.Plans ?? []).flatMap(stepsOf)];

const ranTooLong = (ms: number) => `it ran longer than ${(ms / 1000).toLocaleString('en-US')} seconds`;

/**
 * Runs one statement the SQL guard accepted, in a READ ONLY transaction with statement_timeout and lock_timeout,
 * then rolled back (nothing it did could be kept).
 * - PostgreSQL (`readers`): on a connection that logged in as the organization's read-only role
 *   (warehouse-readers.ts), where RESET ROLE, SET ROLE or set_config('role', …) reach nothing. statement_timeout
 *   cuts a model's statement off after 5 s, wherever it is.
 * - PGlite (one backend, one login): as the organization's warehouse role, search_path its schema alone; there
 *   the guard's allowlist (no SET/RESET, no set_config, no catalogs) is what keeps the statement in its place.
 *   Every statement, ours and a model's, runs in the organization's turn at the database (warehouse.inTurn), so
 *   another organization waits for the one statement running, never for a queue of them.
 *   PGlite cannot interrupt a statement, so a model's statement is first refused when its plan is unbounded or
 *   too large (budgetedOnPglite), then read through a cursor in slices: past the row budget it stops, and past
 *   the time budget between two slices it is abandoned. What one FETCH does cannot be interrupted: a statement
 *   whose first row needs all the work (an aggregate, a sort) runs to its end, which is why the guard's and the
 *   planner's refusals come first.
 */
export function createChatRunner(
  database: DatabaseHandle,
  warehouse: Pick<WarehouseService, 'targetOf' | 'inTurn'>,
  readers?: WarehouseReaders,
  budget: Partial<RunLimits> = {},
) {
  const limits: RunLimits = {
    timeMs: STATEMENT_TIMEOUT_MS,
    rows: CHAT_MAX_ROWS,
    sliceRows: CURSOR_SLICE_ROWS,
    ...budget,
  };
  const cutsOffStatements = database.kind === 'postgres';

  async function refuseUnbounded(client: PoolClient, text: string, params: readonly unknown[]) {
    const explained = await client.query({ text: `EXPLAIN (FORMAT JSON) ${text}`, values: [...params] });
    const [{ Plan: plan }] = (explained.rows[0] as { 'QUERY PLAN': [{ Plan: PlanStep }] })['QUERY PLAN'];
    const steps = stepsOf(plan);
    for (const step of steps) {
      const part = UNBOUNDED_STEPS[step['Node Type']];
      if (part) throw new SqlRefusedError(`${part} (${step['Node Type']}) cannot be bounded on the embedded database`);
    }
    if (plan['Total Cost'] > PGLITE_MAX_PLAN_COST)
      throw new SqlRefusedError('it would take too long to run on the embedded database');
    if (steps.some((step) => step['Plan Rows'] > PGLITE_MAX_PLAN_ROWS))
      throw new SqlRefusedError(
        `it would go through more than ${PGLITE_MAX_PLAN_ROWS.toLocaleString('en-US')} rows on the embedded database`,
      );
  }

  /** PGlite: the plan checked, then a cursor read in slices within the row and time budget. */
  async function budgetedOnPglite(client: PoolClient, text: string, params: readonly unknown[]): Promise<ChatRows> {
    const started = performance.now();
    await refuseUnbounded(client, text, params);
    await client.query({ text: `DECLARE chat_answer NO SCROLL CURSOR FOR ${text}`, values: [...params] });
    const rows: ChatRows = [];
    for (;;) {
      const wanted = Math.min(limits.sliceRows, limits.rows - rows.length);
      const slice = await client.query(`FETCH FORWARD ${wanted} FROM chat_answer`);
      rows.push(...(slice.rows as ChatRows));
      if (slice.rows.length < wanted || rows.length >= limits.rows) return rows;
      if (performance.now() - started > limits.timeMs) throw new SqlRefusedError(ranTooLong(limits.timeMs));
    }
  }

  async function readOnly(
    client: PoolClient,
    organizationId: string,
    text: string,
    params: readonly unknown[],
    options: RunOptions,
  ) {
    let broken: Error | undefined;
    await client.query('BEGIN READ ONLY');
    try {
      await client.query(
        `SELECT set_config('statement_timeout', $1, true), set_config('lock_timeout', $2, true),
           set_config('search_path', $3, true)`,
        [`${limits.timeMs}ms`, `${LOCK_TIMEOUT_MS}ms`, quoteIdent(warehouseSchemaName(organizationId))],
      );
      if (!readers) await client.query(`SET LOCAL ROLE ${quoteIdent(warehouseRoleName(organizationId))}`);
      if (options.untrusted && !cutsOffStatements)
        return { rows: await budgetedOnPglite(client, text, params), broken };
      try {
        const result = await client.query({ text, values: [...params] });
        return { rows: result.rows as ChatRows, broken };
      } catch (error) {
        // query_canceled: PostgreSQL's statement_timeout stopped a model's statement; said as PGlite's budget says it.
        if (options.untrusted && (error as { code?: string }).code === '57014')
          throw new SqlRefusedError(ranTooLong(limits.timeMs));
        throw error;
      }
    } finally {
      try {
        await client.query('ROLLBACK');
      } catch (error) {
        broken = error as Error;
      }
    }
  }

  return {
    async run(
      organizationId: string,
      text: string,
      params: readonly unknown[],
      options: RunOptions = {},
    ): Promise<ChatRows> {
      // On PGlite the statement holds the one backend while it runs: it waits for the organization's turn like
      // any other warehouse transaction, so another organization waits for it alone, not for a queue of them.
      return warehouse.inTurn(organizationId, async () => {
        const pool = readers ? await readers.poolOf(organizationId) : (await warehouse.targetOf(organizationId)).pool;
        const client = await pool.connect();
        let broken: Error | undefined;
        try {
          const done = await readOnly(client, organizationId, text, params, options);
          broken = done.broken;
          return done.rows;
        } catch (error) {
          // A refusal was rolled back like any answer: the connection is fine.
          if (!(error instanceof SqlRefusedError)) broken = error as Error;
          throw error;
        } finally {
          client.release(broken ?? false);
        }
      });
    },
    /** The reader pools (PostgreSQL). */
    close: () => readers?.close() ?? Promise.resolve(),
  };
}
export type ChatRunner = ReturnType<typeof createChatRunner>;
