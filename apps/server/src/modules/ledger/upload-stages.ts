import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { quoteIdent, quoteLiteral, warehouseRoleName, warehouseSchemaName } from '../../warehouse/identifiers.ts';
import { reserveLoadId } from '../../warehouse/lineage.ts';
import {
  createPartitionStage,
  dropUploadStages,
  partitionConstraintsLacking,
  uploadStageName,
} from './gl-partitions.ts';
import { canonicalColumnsOf } from './ledger-engine.ts';
import { rowsOf } from '../../db/client.ts';
import type { WarehouseService } from '../../warehouse/warehouse.service.ts';

/**
 * A GL file's lines staged while it uploads (issue 24): on PostgreSQL, once a file of a new month has sent
 * STAGE_AFTER_BYTES, its plain bytes go, as they arrive, into a COPY into a table in the shape of the month's
 * partition (createPartitionStage) — on the second core, while the upload reads and checks them on the first.
 * The stage commits when the file is accepted, copy-ready as staged and with as many rows as the check read;
 * its run then makes it the month's partition without copying a line (ledger-engine.ts, a staged file).
 *
 * A stage is the platform's table in the organization's schema (`pipeline_stage_<file id>`), readable and
 * writable by the organization's role (its run reads it as that role; no other of its statements names it). It is dropped with a refused or discarded upload, by
 * every run that processes its file (adopted, it is the partition), and by the orphan sweep when its file was
 * never recorded or is no longer waiting. Each staging upload holds a connection of its own, outside the pools
 * (a slow client must not hold one of theirs), at most MAX_STAGING_UPLOADS at once; more upload unstaged.
 */

const q = quoteIdent;
const GL = '02_GL_Detail';
/** Smaller files (about 70,000 lines) are not worth a connection: their run stages them in about a second. */
export const STAGE_AFTER_BYTES = 8 * 1024 * 1024;
const MAX_STAGING_UPLOADS = 2;
/**
 * Bytes an upload may read ahead of its COPY. With a stream's default 16 KiB, each 1 MiB chunk waited until
 * PostgreSQL had nearly taken the one before, so the upload's check and the COPY took turns instead of
 * running on both cores at once.
 */
const COPY_READ_AHEAD_BYTES = 8 * 1024 * 1024;
const STAGE_NAME = /^pipeline_stage_([0-9a-f]{32})$/;

const lineSequenceOf = (fileId: string) => `pipeline_line_${fileId.replaceAll('-', '')}`;
/** The file id a stage's name holds. */
const fileIdOfStage = (name: string) => {
  const hex = STAGE_NAME.exec(name)?.[1];
  return hex && `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/** A file that may be staged: a GL file with a chosen period, read by its own header (no mapping, no layout). */
export interface UploadStageRequest {
  organizationId: string;
  fileId: string;
  /** The period chosen at upload: every line must be of it. */
  period: string;
  /** The data type's columns each of the file's columns is, in the file's order (its header). */
  columns: readonly string[];
  delimiter: string;
}

/** Lines committed to a stage: what its run needs to adopt it. */
export interface StagedLines {
  /** The load id its lines carry (drawn ahead: the run's load takes it). */
  loadId: number;
}

/** One upload's stage while its bytes arrive. */
export interface UploadStage {
  /** The next plain bytes, in order; resolves when the COPY has taken them (back-pressure). */
  write(chunk: Uint8Array): Promise<void>;
  /**
   * The file was accepted with `columns` (its copy-ready columns) and `rows` rows: the stage commits if the COPY
   * took them all as staged. Undefined (and nothing kept) otherwise.
   */
  commit(accepted: { columns: readonly string[]; rows: number }): Promise<StagedLines | undefined>;
  /** The upload failed or its file is not staged after all: nothing is kept. */
  abort(): Promise<void>;
}

export type UploadStages = ReturnType<typeof createUploadStages>;

export function createUploadStages(deps: {
  /** PostgreSQL: a connection of its own to the organization's warehouse, as the platform; undefined otherwise. */
  ownConnection: (organizationId: string) => Promise<pg.Client | undefined>;
  /** The platform database (schema isolation holds every warehouse there): stages the sweep looks at. */
  platform: Pick<pg.Pool, 'query'>;
  /** The organization's warehouse, read as its role (its cash accounts). */
  warehouse: Pick<WarehouseService, 'withOrganization'>;
  logger: FastifyBaseLogger;
  /** STAGE_AFTER_BYTES unless said (tests stage small files). */
  afterBytes?: number;
}) {
  const { ownConnection, platform, warehouse, logger, afterBytes = STAGE_AFTER_BYTES } = deps;
  let active = 0;

  /** Drops a file's stage (and its line sequence, owned by it), whatever state it is in. */
  async function dropOn(client: Pick<pg.Client, 'query'>, organizationId: string, fileId: string) {
    const schema = warehouseSchemaName(organizationId);
    await client.query(dropUploadStages(schema, [fileId]));
  }

  return {
    /** A file is staged once this many of its bytes have come. */
    afterBytes,

    /**
     * A stage for the file's lines, or undefined: a file without period or line numbers, the embedded database, as
     * many uploads staging already, or a stage that could not be made (logged).
     */
    async open(request: UploadStageRequest): Promise<UploadStage | undefined> {
      // Lines that get their period or number in the run are not the partition's as they come.
      const named = new Set(request.columns.map((column) => column.toLowerCase()));
      if (!named.has('period') || !named.has('line_no')) return undefined;
      if (active >= MAX_STAGING_UPLOADS) return undefined;
      active += 1;
      let client: pg.Client | undefined;
      const end = () => {
        active -= 1;
        void client?.end().catch(() => undefined);
      };
      try {
        client = await ownConnection(request.organizationId);
        if (!client) {
          end();
          return undefined;
        }
        return await openOn(client, request, end);
      } catch (err) {
        logger.warn({ err, fileId: request.fileId }, 'an upload could not be staged; its run stages it');
        if (client) await dropOn(client, request.organizationId, request.fileId).catch(() => undefined);
        end();
        return undefined;
      }
    },

    /** The organization's cash accounts now: a staged file's digest counts its cash flow by them (month-digest.ts). */
    async cashAccounts(organizationId: string): Promise<string[]> {
      const rows = await warehouse.withOrganization(organizationId, async (tx) =>
        rowsOf<{ code: string }>(
          await tx.execute(sql`select account_code as code from "01_Account" where account_subtype = 'cash'`),
        ),
      );
      return rows.map((row) => row.code);
    },

    /** Drops a file's stage, if it has one (a discarded upload; a run drops its files' stages itself). */
    async drop(organizationId: string, fileId: string): Promise<void> {
      const client = await ownConnection(organizationId);
      if (!client) return;
      try {
        await dropOn(client, organizationId, fileId);
      } finally {
        await client.end().catch(() => undefined);
      }
    },

    /**
     * The orphan sweep's part: drops every stage of the platform database whose file is neither held by a live
     * upload (`live`) nor waiting for its run (`waiting`). Answers how many it dropped.
     */
    async sweep(keep: { live: ReadonlySet<string>; waiting: (fileIds: readonly string[]) => Promise<Set<string>> }) {
      const found = await platform.query<{ schema: string; name: string }>(
        `SELECT n.nspname AS schema, c.relname AS name FROM pg_catalog.pg_class c ` +
          `JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace ` +
          `WHERE c.relkind = 'r' AND c.relname ~ '^pipeline_stage_[0-9a-f]{32}$' AND n.nspname LIKE 'org\\_%'`,
      );
      const stages = found.rows.map((row) => ({ ...row, fileId: fileIdOfStage(row.name)! }));
      if (stages.length === 0) return 0;
      const waiting = await keep.waiting(stages.map((stage) => stage.fileId));
      let dropped = 0;
      for (const stage of stages) {
        if (keep.live.has(stage.fileId) || waiting.has(stage.fileId)) continue;
        await platform.query(`DROP TABLE IF EXISTS ${q(stage.schema)}.${q(stage.name)}`);
        dropped += 1;
      }
      return dropped;
    },
  };

  /**
   * The stage made and committed (its own short transaction: nothing of the ledger stays locked while the file
   * arrives), then the COPY opened in a second transaction that commit() ends.
   */
  async function openOn(client: pg.Client, request: UploadStageRequest, end: () => void): Promise<UploadStage> {
    const { organizationId, fileId, delimiter } = request;
    client.on('error', (err) => logger.warn({ err, fileId }, 'an upload stage lost its connection'));
    const schema = warehouseSchemaName(organizationId);
    const stage = `${q(schema)}.${q(uploadStageName(fileId))}`;
    const lines = `${q(schema)}.${q(lineSequenceOf(fileId))}`;
    const columns = canonicalColumnsOf(GL, request.columns);
    const columnList = columns.map(q).join(', ');

    await client.query('BEGIN');
    const loadId = await reserveLoadId(client, schema);
    await createPartitionStage(client, { schema, stage, lines, loadId });
    // The partition's NOT NULLs and CHECKs, and that every line is of the period, checked as the lines come (on
    // PostgreSQL's core): its run need not check them, nor add them in a pass of its own. A line they refuse (an
    // empty amount, which the run's write makes 0) ends the COPY: the run stages that file.
    const constraints = await partitionConstraintsLacking(client, { schema, stage, month: request.period });
    // And its primary key, kept as the lines come (their row ids ascend: each goes at the index's end), where
    // attaching would build it from a million lines (0.5 s more for the COPY, 0.84 s less for the run).
    await client.query(`ALTER TABLE ${stage} ${[...constraints, 'ADD PRIMARY KEY (row_id, period)'].join(', ')}`);
    // Every line is the upload's one file (index 0), numbered from 2 (the header is line 1).
    await client.query(`ALTER SEQUENCE ${lines} RESTART WITH 2`);
    await client.query(
      `ALTER TABLE ${stage} ALTER _file SET DEFAULT 0, ALTER _line SET DEFAULT nextval(${quoteLiteral(lines)}), ` +
        `ALTER file_id SET DEFAULT ${quoteLiteral(fileId)}::uuid`,
    );
    // Its run reads and adopts it as the organization's role. Granted now, not by the run: a grant there would
    // change the stage's catalog row while the upload's ANALYZE (below) updates it (a deadlock, measured).
    await client.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ${stage} TO ${q(warehouseRoleName(organizationId))}`);
    await client.query('COMMIT');

    await client.query('BEGIN');
    // Emptied in the COPY's own transaction, so that its lines are written frozen and their pages all-visible:
    // nothing that reads them later (the statistics, the attach's index builds, the month's first queries, the
    // autovacuum of an insert-only table) has to check or set each line's visibility again.
    await client.query(`TRUNCATE ${stage}`);
    const input = new PassThrough({ highWaterMark: COPY_READ_AHEAD_BYTES });
    // A write after the COPY failed is dropped (write() checks): its error is the COPY's, already kept.
    input.on('error', () => undefined);
    const copy = client.query(
      copyFrom(
        `COPY ${stage} (${columnList}) FROM STDIN WITH (FORMAT csv, HEADER true, ` +
          `DELIMITER ${quoteLiteral(delimiter)}, FORCE_NULL (${columnList}), ENCODING 'UTF8', FREEZE true)`,
      ),
    );
    let failed: unknown;
    const copied = pipeline(input, copy).then(
      () => copy.rowCount,
      (error: unknown) => {
        failed ??= error;
        return undefined;
      },
    );
    let closed = false;
    const close = async (keep: boolean) => {
      if (closed) return;
      closed = true;
      let analyzing = false;
      try {
        if (keep) {
          try {
            await client.query('COMMIT');
          } catch (error) {
            // The stage itself was committed before its lines: it goes with them.
            await dropOn(client, organizationId, fileId).catch(() => undefined);
            throw error;
          }
          // Its statistics, while the user goes on to run it (its run need not, and the partition keeps them).
          analyzing = true;
          // The COPY's row counts reach the statistics views first, so that the ANALYZE leaves none unanalyzed.
          void client
            .query('SELECT pg_stat_force_next_flush()')
            .catch(() => undefined) // before PostgreSQL 15: the run analyzes the partition again
            .then(() => client.query(`ANALYZE ${stage}`))
            .catch((err: unknown) =>
              logger.warn({ err, fileId }, 'an upload stage could not be analyzed; its run does'),
            )
            .finally(end);
        } else {
          await client.query('ROLLBACK').catch(() => undefined);
          await dropOn(client, organizationId, fileId);
        }
      } finally {
        if (!analyzing) end();
      }
    };

    return {
      async write(chunk) {
        if (failed !== undefined || closed) return;
        if (!input.write(chunk)) await Promise.race([new Promise((resolve) => input.once('drain', resolve)), copied]);
      },

      async commit(accepted) {
        input.end();
        const rows = await copied;
        const same =
          accepted.columns.length === columns.length &&
          canonicalColumnsOf(GL, accepted.columns).every((column, index) => column === columns[index]);
        const staged = rows !== undefined && rows === accepted.rows && same;
        if (!staged && failed !== undefined)
          logger.info({ err: failed, fileId }, 'PostgreSQL did not stage an upload as it was; its run stages it');
        try {
          if (staged)
            await client.query(
              `ALTER TABLE ${stage} ALTER _file DROP DEFAULT, ALTER _line DROP DEFAULT, ALTER file_id DROP DEFAULT`,
            );
          await close(staged);
        } catch (err) {
          logger.warn({ err, fileId }, 'an upload stage could not be committed; its run stages the file');
          await close(false).catch(() => undefined);
          return undefined;
        }
        return staged ? { loadId } : undefined;
      },

      async abort() {
        input.destroy();
        await copied;
        await close(false).catch((err: unknown) =>
          logger.warn({ err, fileId }, 'an upload stage could not be dropped; the orphan sweep drops it'),
        );
      },
    };
  }
}
