import { randomBytes } from 'node:crypto';
import type { PoolClient, QueryResult, QueryResultRow } from 'pg';
import { formatCents, journalMessages, signedCentsOf } from '@finboard/shared/journals';
import {
  MAX_RUN_PROBLEMS,
  pipelineMessages,
  type PipelineProblem,
  type LoadMode,
  type PipelineStepName,
  type ReplacedOrigin,
} from '@finboard/shared/pipelines';
import type { WarehouseTable } from '@finboard/shared/warehouse';
import { sqlStateOf } from '../../db/errors.ts';
import { CANONICAL_COLUMNS, ACCOUNT_TYPES } from '../../warehouse/canonical-model.ts';
import {
  refreshAggregatesOn,
  type FinestBalance,
  type KnownCashFlow,
  type KnownPeriodBalances,
} from '../../warehouse/aggregates.ts';
import { applyJournalChangesOn, journalsShareOn, type LedgerJournal } from '../../warehouse/aggregate-changes.ts';
import { quoteIdent, quoteLiteral, UnknownIdentifierError } from '../../warehouse/identifiers.ts';
import { beginLoad, keepBefore, reserveLoadId } from '../../warehouse/lineage.ts';
import { deriveGlColumns, DERIVABLE_GL_COLUMNS } from './derived-columns.ts';
import { deriveTrialBalanceMovements, DERIVABLE_TRIAL_BALANCE_COLUMNS } from './derived-balances.ts';
import { ORIGIN_TEXT, writeProblems, writeStaged, type WriteOutcome } from './ledger-write.ts';
import {
  adoptStage,
  createPartitionStage,
  dropUploadStages,
  monthsForPartitions,
  partitionConstraintsLacking,
  uploadStageName,
  writeMonthPartitions,
} from './gl-partitions.ts';
import { partitionsHolding } from './gl-partition-catalog.ts';
import type { NewAccount } from '../layouts/canonical-file.ts';
import { loadOfRun, lockLoadedTables, undoLoad, type UndoOutcome } from './ledger-undo.ts';
import { describeKey, keyMatch, TABLE_RULES, type TableRules } from './table-rules.ts';
import { loadModeOf, missingKeyColumnOf, nameReplaced, replacedFileIdsOf } from './load-plan.ts';
import type { OrganizationConnection, WarehouseService } from '../../warehouse/warehouse.service.ts';

/**
 * The pipeline engine's load (issue 10 §2): the files of one data type, staged with COPY into a scratch
 * table, checked in SQL, then written to the target table in one transaction — or nothing is written.
 *
 * - Staging: a temporary table on a connection of the run's own (dropped at the end; gone with the
 *   connection if the process dies), one short transaction per COPY statement, as the organization's role.
 *   On PostgreSQL a new month of many copy-ready GL lines is staged instead in the shape of its partition, the
 *   whole load in one transaction (each step a savepoint), and that stage becomes the partition (adoptingLoad).
 * - What the files decide alone (values, balance, keys repeated within them) is checked on the stage, each
 *   query in a short transaction of its own: on the embedded database every other connection waits for a
 *   transaction, so the write's one holds only what must be in it. A file that breaks those rules is refused
 *   without waiting for the tables' locks.
 * - The checks that read the tables and the write share ONE transaction, after locks on the tables they
 *   read and write, so nothing can change between a check and the write (a journal edited, a period closed
 *   meanwhile).
 * - Period-based types replace the rows of the periods the files cover (their chosen periods and the
 *   periods of their rows): rows of those periods missing from the files are deleted, the others are
 *   upserted on the natural key. For GL Detail only source 'upload' rows are replaced: manual journals and
 *   synced ones stay, and a GL file's lines must be source 'upload' (or leave it empty).
 * - Other types upsert on the natural key; rows the files do not name stay.
 * - An upsert changes only rows whose values differ, so the same files loaded twice change nothing (row
 *   ids included).
 * - GL periods that 00_Period lacks are created from the lines' periods (calendar months, numbered in the
 *   fiscal year of the latest existing period; a calendar year when there is none): a journey that uploads
 *   the books of a new month needs no separate periods file. Closed periods are refused.
 * - Refresh: the target table's statistics (ANALYZE, as the platform: only the owner may), so the views
 *   plan well right after a big load; then the monthly aggregates the statements read (aggregates.ts) — of
 *   the periods a GL load covered, or all after an accounts load.
 */

/** One uploaded file's rows: batches of normalized values, in the data type's expected-column order. */
export type FileRows = AsyncIterable<(string | null)[][]>;
/** Reads an uploaded file (the uploads module decrypts, parses and normalizes it). */
export type OpenFileRows = (organizationId: string, fileId: string) => FileRows | Promise<FileRows>;
/**
 * The plain bytes of an uploaded file that is already canonical CSV (checked so at upload, against the data
 * type as it is now), its delimiter and its columns (of the data type, in the file's order); undefined for any
 * other file.
 */
export type OpenCopyReadyFile = (
  organizationId: string,
  fileId: string,
) => Promise<
  | {
      bytes: AsyncIterable<Uint8Array>;
      delimiter: string;
      columns: readonly string[];
      /** Every journal of the GL file balances, as its upload found: the run need not check it again. */
      journalsBalanced?: boolean;
    }
  | undefined
>;

/**
 * An uploaded file whose lines its upload staged (upload-stages.ts), as its record says: the load id they carry,
 * how many there are, whether every journal balances, and their month's finest-grain balances as the upload read
 * them (uploads/month-digest.ts; undefined when it made none); undefined for any other file.
 */
export type StagedUploadOf = (organizationId: string, fileId: string) => Promise<StagedUpload | undefined>;

export interface StagedUpload {
  loadId: number;
  rows: number;
  journalsBalanced: boolean;
  digest?: { rows: readonly FinestBalance[]; cash?: KnownCashFlow };
}

export interface PipelineLoadFile {
  id: string;
  name: string;
  /** The period chosen at upload (period-based types). */
  period: string | null;
  /** Data rows, when the upload counted them (progress totals). */
  rows?: number | null;
  /** An earlier file whose rows this one replaces. */
  replacesFileId?: string | null;
  /** Its upload asked to replace the whole periods it covers. */
  replacePeriods?: boolean;
  /** Accounts the file names that the chart lacked at upload (a real export's, issue 23): created with its lines. */
  newAccounts?: readonly NewAccount[] | null;
}

export interface PipelineLoadRequest {
  organizationId: string;
  targetTable: WarehouseTable;
  /** The data type's expected columns, in file order: names of the target table's columns (any letter case). */
  columns: readonly string[];
  periodBased: boolean;
  files: readonly PipelineLoadFile[];
  /** The pipeline run loading (the load's lineage) and who asked for it. */
  runId?: string;
  actor?: string | null;
  /** 'add' (default) or 'replace-periods' (period-based types only; a file's upload may ask for it too). */
  mode?: LoadMode;
  /** Rows edited in the Studio after loading may be removed or overwritten. */
  overwriteEdits?: boolean;
}

export interface LoadProgress {
  step: PipelineStepName;
  status: 'running' | 'done';
  done: number;
  total?: number;
}

export interface PipelineLoadOptions {
  /**
   * Called as the steps advance; never awaited. It must not wait on the database: on the embedded one the
   * load's own transaction holds the only backend until it ends.
   */
  onProgress?: (progress: LoadProgress) => void;
  /** Honoured between steps (and between COPY statements): the load stops and nothing is written. */
  signal?: AbortSignal;
}

export interface PipelineLoadResult {
  rowsRead: number;
  /** Rows inserted or changed (rowsAdded + rowsReplaced). */
  rowsLoaded: number;
  /** Rows removed: of the replaced files or periods that the files no longer have. */
  rowsDeleted: number;
  rowsAdded: number;
  rowsReplaced: number;
  editsOverwritten: number;
  overwritten: string[];
  mode: LoadMode;
  rowsPerFile: Map<string, number>;
  periodsCreated: string[];
  /** The periods the files covered (period-based and GL loads). */
  periods?: string[];
}

/** Where a load's steps run (see load): its stage and line sequence, its transactions, its COPYs. */
interface LoadSession {
  stage: string;
  lines: string;
  /** The stage becomes the month's partition (adoptStage); its rows carry this load's id. */
  adopting?: { loadId: number };
  /** The stage is the one file's, filled by its upload: nothing to copy. */
  staged?: Omit<StagedUpload, 'loadId'>;
  transaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T>;
  copy?: OrganizationConnection['copy'];
  copyBytes?: OrganizationConnection['copyBytes'];
}

/** A file the load meant to stage as its month's partition must be read row by row: the load starts again. */
class NotAdoptable extends Error {
  constructor() {
    super('not a partition stage');
    this.name = 'NotAdoptable';
  }
}

const NOTHING_WRITTEN: WriteOutcome = {
  rowsAdded: 0,
  rowsRemoved: 0,
  rowsReplaced: 0,
  editsOverwritten: 0,
  overwritten: [],
  touchedPeriods: [],
};

/** The files break a rule: nothing was written. `message` is the first problem. */
export class PipelineLoadRefused extends Error {
  /**
   * `filesWait`: the files are not at fault (Studio edits stand in the way): they wait for a run that
   * overwrites the edits, instead of being rejected.
   */
  constructor(
    readonly problems: PipelineProblem[],
    readonly filesWait = false,
  ) {
    super(problems[0]?.problem ?? pipelineMessages.runFailed);
    this.name = 'PipelineLoadRefused';
  }
}

const GL = '02_GL_Detail';
const TRIAL_BALANCE = '04_Trial_Balance';
const UPLOAD_SOURCE = 'upload';
const PERIOD_PATTERN = '^[0-9]{4}-(0[1-9]|1[0-2])$';
const ROWS_PER_PROGRESS = 50_000;
/** Below this many rows a load keeps the table's indexes and foreign keys as they are. */
const BULK_ROWS = 50_000;
/**
 * A load changing fewer rows than this share of its table (as its statistics last counted it) leaves them as they
 * are: they stay near enough, and ANALYZE of a grown ledger costs more than a month's file of a thousand lines.
 */
const ANALYZE_SHARE = 0.1;
/** GL loads of at most this many rows that only add journals update the aggregates by their journals' share. */
const INCREMENTAL_AGGREGATE_ROWS = 20_000;

const q = quoteIdent;

/** The canonical column each expected column names (compared in any letter case, as the Data Type Master does). */
export function canonicalColumnsOf(table: WarehouseTable, columns: readonly string[]): string[] {
  const known: readonly string[] = CANONICAL_COLUMNS[table];
  return columns.map((column) => {
    const match = known.find((name) => name.toLowerCase() === column.toLowerCase());
    if (!match) throw new UnknownIdentifierError('column', column);
    return match;
  });
}

export type LedgerEngine = ReturnType<typeof createLedgerEngine>;

export function createLedgerEngine(deps: {
  warehouse: WarehouseService;
  openFileRows: OpenFileRows;
  /** On PostgreSQL, copy-ready files are staged from their bytes as they are, not parsed again. */
  openCopyReadyFile?: OpenCopyReadyFile;
  /** On PostgreSQL, files their upload staged: a run of one such file adopts its stage. */
  stagedUploadOf?: StagedUploadOf;
  /** Loads of at least this many rows may rebuild the target's indexes and keys (tests lower it). */
  bulkRows?: number;
  /**
   * Told, once a load, a sync or an undo has committed, that the organization's tables and monthly aggregates
   * changed (the portfolio's summaries follow them). Never awaited; it must not throw.
   */
  onWritten?: (organizationId: string) => void;
}) {
  const { warehouse, openFileRows, openCopyReadyFile, stagedUploadOf, bulkRows = BULK_ROWS } = deps;

  async function load(request: PipelineLoadRequest, options: PipelineLoadOptions = {}): Promise<PipelineLoadResult> {
    const { organizationId, targetTable, files } = request;
    const { signal } = options;
    const progress = (update: LoadProgress) => options.onProgress?.(update);
    const rules = TABLE_RULES[targetTable];
    const isGl = targetTable === GL;
    const isTrialBalance = targetTable === TRIAL_BALANCE;
    // The files' columns, and those the stage holds: GL lines always have a line number and a period, taken
    // from the files or derived (derived-columns.ts); trial balance rows an opening balance and movements
    // (derived-balances.ts).
    const fileColumns = canonicalColumnsOf(targetTable, request.columns);
    const derivable: readonly string[] = isGl
      ? DERIVABLE_GL_COLUMNS
      : isTrialBalance
        ? DERIVABLE_TRIAL_BALANCE_COLUMNS
        : [];
    const columns = [...fileColumns, ...derivable.filter((column) => !fileColumns.includes(column))];
    const mode = loadModeOf(request, rules);
    const newAccounts = targetTable === '01_Account' ? [] : accountsToCreate(files);
    const replacedFileIds = replacedFileIdsOf(files);
    const missing = missingKeyColumnOf(targetTable, rules, {
      periodBased: request.periodBased,
      fileColumns,
      derivable: DERIVABLE_GL_COLUMNS,
    });
    if (missing) throw new PipelineLoadRefused([{ problem: pipelineMessages.keyColumnMissing(missing) }]);

    const schema = warehouse.schemaOf(organizationId);
    const target = `${q(schema)}.${q(targetTable)}`;
    const role = warehouse.roleOf(organizationId);
    const total = files.every((file) => typeof file.rows === 'number')
      ? files.reduce((sum, file) => sum + (file.rows ?? 0), 0)
      : undefined;
    const suffix = randomBytes(8).toString('hex');
    // A new month of many lines, all copy-ready, may become its partition as it was staged (adoptStage).
    const firstPeriod = files[0]?.period;
    const mayAdopt =
      isGl &&
      Boolean(openCopyReadyFile) &&
      mode === 'add' &&
      replacedFileIds.length === 0 &&
      total !== undefined &&
      total >= bulkRows &&
      Boolean(firstPeriod) &&
      files.every((file) => file.period === firstPeriod);

    /** The load made an upload's stage, analyzed by its upload, the month's partition. */
    let analyzedByUpload = false;

    /** The steps of a load in `session`: stage, validate, write (with the aggregates); the outcome. */
    const stageCheckWrite = async (session: LoadSession): Promise<PipelineLoadResult> => {
      const { stage, lines, adopting, staged: uploadStaged } = session;
      // 1. stage (an upload's stage is there already)
      signal?.throwIfAborted();
      progress({ step: 'stage', status: 'running', done: 0, total });
      // An upload's stage that got the partition's constraints before its lines came (upload-stages.ts): its lines
      // are all of the month, numbered, and break none of the GL's checks.
      let constrained = false;
      await session.transaction(async (client) => {
        if (uploadStaged) {
          constrained = firstPeriod
            ? (await partitionConstraintsLacking(client, { schema, stage, month: firstPeriod })).length === 0
            : false;
        } else if (adopting)
          await createPartitionStage(client, { schema, stage, lines, role, loadId: adopting.loadId });
        else
          await client.query(
            `CREATE TEMP TABLE ${stage} AS SELECT ${columns.map(q).join(', ')}, NULL::integer AS _file, ` +
              `NULL::bigint AS _line FROM ${target} WITH NO DATA`,
          );
      });
      const copy = `COPY ${stage} (${[...fileColumns.map(q), '_file', '_line'].join(', ')}) FROM STDIN WITH (FORMAT csv)`;
      const copyReady = !uploadStaged && session.copyBytes && openCopyReadyFile;
      if (copyReady && !adopting)
        await session.transaction((client) =>
          client.query(`CREATE TEMP SEQUENCE ${lines} CACHE 1000 OWNED BY ${stage}._line`),
        );
      /**
       * A copy-ready file's bytes into the stage as they are: PostgreSQL parses them (each line after the header
       * a row; its number, from 2, from the sequence). Undefined when the file is not copy-ready, or when
       * PostgreSQL refused its bytes (e.g. line breaks of two kinds): its rows are then read and checked again.
       */
      const copyAsStored = async (
        fileId: string,
        index: number,
      ): Promise<{ rows: number; journalsBalanced: boolean } | undefined> => {
        const stored = copyReady ? await copyReady(organizationId, fileId) : undefined;
        if (!stored || !session.copyBytes) return undefined;
        // The file's columns, in its order: those it leaves out stay empty, as when its rows are read.
        const columnList = canonicalColumnsOf(targetTable, stored.columns).map(q).join(', ');
        try {
          const rows = await session.copyBytes(
            `COPY ${stage} (${columnList}) FROM STDIN WITH (FORMAT csv, HEADER true, ` +
              `DELIMITER ${quoteLiteral(stored.delimiter)}, FORCE_NULL (${columnList}), ENCODING 'UTF8')`,
            stored.bytes,
            {
              before: [
                // Into a partition's stage as the platform: its row ids are drawn from the GL's identity.
                ...(adopting ? ['RESET ROLE'] : []),
                `ALTER SEQUENCE ${lines} RESTART WITH 2`,
                `ALTER TABLE ${stage} ALTER _file SET DEFAULT ${index}, ALTER _line SET DEFAULT nextval(${quoteLiteral(lines)})` +
                  (adopting ? `, ALTER file_id SET DEFAULT ${quoteLiteral(fileId)}::uuid` : ''),
              ],
              after: [
                `ALTER TABLE ${stage} ALTER _file DROP DEFAULT, ALTER _line DROP DEFAULT` +
                  (adopting ? ', ALTER file_id DROP DEFAULT' : ''),
                ...(adopting ? [`SET LOCAL ROLE ${q(role)}`] : []),
              ],
            },
          );
          return { rows, journalsBalanced: stored.journalsBalanced === true };
        } catch (error) {
          // A damaged stored file or a stopped run is no question of format.
          if (!sqlStateOf(error).code) throw error;
          return undefined;
        }
      };
      let rowsRead = uploadStaged?.rows ?? 0;
      const rowsPerFile = new Map<string, number>(uploadStaged ? [[files[0]!.id, uploadStaged.rows]] : []);
      // Every journal of each file balances (its upload found so): then they balance across the files too.
      let journalsBalanced = uploadStaged?.journalsBalanced ?? files.length > 0;
      for (const [index, file] of (uploadStaged ? [] : files).entries()) {
        signal?.throwIfAborted();
        const stored = await copyAsStored(file.id, index);
        journalsBalanced &&= stored?.journalsBalanced === true;
        if (stored !== undefined) {
          rowsPerFile.set(file.id, stored.rows);
          rowsRead += stored.rows;
          progress({ step: 'stage', status: 'running', done: rowsRead, total });
          continue;
        }
        // A partition's stage takes copy-ready files only: the load starts again with a temporary one.
        if (adopting || !session.copy) throw new NotAdoptable();
        const batches = await openFileRows(organizationId, file.id);
        const width = fileColumns.length;
        const before = rowsRead;
        const copied = await session.copy(
          copy,
          (async function* () {
            // The header is line 1 of a file: its first data row is line 2.
            let line = 1;
            let reported = 0;
            for await (const batch of batches) {
              signal?.throwIfAborted();
              for (const row of batch) {
                line += 1;
                if (row.length !== width)
                  throw new PipelineLoadRefused([
                    { file: file.name, line, problem: pipelineMessages.rowWidth(row.length, width) },
                  ]);
                yield [...row, index, line];
              }
              if (line - 1 - reported >= ROWS_PER_PROGRESS) {
                reported = line - 1;
                progress({ step: 'stage', status: 'running', done: before + reported, total });
              }
            }
          })(),
          width + 2,
        );
        rowsPerFile.set(file.id, copied);
        rowsRead += copied;
      }
      // The checks' plans need the stage's row count and rough distinct counts, not fine histograms: a
      // tenth of the default sample (ANALYZE of 200,000 GL lines held the embedded database 0.7–1.6 s, now
      // about 0.4 s on the shared two-core machine).
      // An upload's stage is analyzed (fully) by its upload once its lines are in (upload-stages.ts).
      if (!uploadStaged)
        await session.transaction(async (client) => {
          // A partition's stage is the platform's: only the owner may.
          if (adopting) await client.query('RESET ROLE');
          await client.query('SET LOCAL default_statistics_target = 10');
          await client.query(`ANALYZE ${stage}`);
          if (adopting) await client.query(`SET LOCAL ROLE ${q(role)}`);
        });
      progress({ step: 'stage', status: 'done', done: rowsRead, total: rowsRead });

      // 2. validate: what the files decide alone, from the stage, each query in a short transaction of its
      // own (on the embedded database others get their turn in between); then, with 3. load, what reads the
      // tables, in the write's one transaction.
      signal?.throwIfAborted();
      progress({ step: 'validate', status: 'running', done: 0, total: rowsRead });
      const onStage: Queries = {
        query: (text, params) =>
          session.transaction(async (client) => {
            // Grouping a million lines by journal stays in memory.
            await client.query(`SET LOCAL work_mem = '64MB'`);
            return client.query(text, params);
          }),
      };
      // One pass over the stage: its periods and their lines, and whether GL lines lack a number.
      const profiled = rules.period && (request.periodBased || isGl) ? rules.period : undefined;
      let profile = !profiled
        ? undefined
        : constrained
          ? { periods: new Map([[firstPeriod ?? null, rowsRead]]), unnumbered: false }
          : await profileOf(onStage, stage, profiled, isGl);
      // GL lines without a period or a line number get them (from the posting date, in file order).
      if (isGl && profile) {
        const missing = { periods: profile.periods.has(null), lines: profile.unnumbered };
        const derived = await deriveGlColumns(onStage, { schema, stage, files, missing });
        if (derived.length > 0) throw new PipelineLoadRefused(derived);
        if (missing.periods) profile = await profileOf(onStage, stage, 'period', isGl);
      }
      const filePeriods = files.map((file) => file.period).filter((period): period is string => Boolean(period));
      // The periods the files cover: those a period-based load replaces, and those GL lines need open.
      const covered = profile ? coveredPeriods(profile, filePeriods) : undefined;
      // What the write covers: rows without a period never get there (the checks refuse them).
      const periods = covered?.filter((period): period is string => period !== null);
      // The accounts the staged file names, as its upload digested them.
      const digestAccounts = uploadStaged?.digest && [...new Set(uploadStaged.digest.rows.map((row) => row.a))];
      const validation: ValidationContext = {
        schema,
        stage,
        targetTable,
        columns,
        files,
        periods: covered ?? [],
        replacing: mode === 'replace-periods',
        newAccountCodes: newAccounts.map((account) => account.code),
        journalsBalanced,
        constrained,
        ...(digestAccounts && { accountCodes: digestAccounts }),
      };
      const staged = await validateStage(onStage, validation);
      if (staged.final) throw new PipelineLoadRefused(staged.problems);
      // Refused whatever the tables hold: what they add is named too, read without waiting for their writers.
      if (staged.problems.length > 0)
        throw new PipelineLoadRefused(
          await session.transaction((client) => validateAgainstTables(client, validation, staged.problems)),
        );

      signal?.throwIfAborted();
      return session
        .transaction(async (client) => {
          await lockTables(client, schema, targetTable);
          await client.query(`SET LOCAL work_mem = '64MB'`);
          const problems = await validateAgainstTables(client, validation, staged.problems);
          if (problems.length > 0) throw new PipelineLoadRefused(problems);
          // Rows of closing balances alone get their opening and movements from the trial balance as the load
          // leaves it: read under the locks, before the write's checks compare the rows with the table's.
          if (isTrialBalance)
            await deriveTrialBalanceMovements(client, {
              schema,
              stage,
              mode,
              periods: periods ?? [],
              replacedFileIds,
            });

          // What the load may do (ledger-write.ts): add, replace exactly what it was asked to, never lose
          // a Studio edit silently. Refused before anything is written; the load record rolls back with it.
          const loadId = await beginLoad(client, schema, {
            kind: 'run',
            runId: request.runId,
            label: files.map((file) => file.name).join(', '),
            actor: request.actor,
            files,
            ...(adopting && { loadId: adopting.loadId }),
          });
          const write = {
            schema,
            table: targetTable,
            stage,
            columns,
            loadId,
            fileIds: files.map((file) => file.id),
            mode,
            periods: periods ?? [],
            replacedFileIds,
            overwriteEdits: request.overwriteEdits === true,
          };
          const writeRefusal = await writeProblems(
            client,
            write,
            files,
            await replacedWhat(client, schema, write),
            MAX_RUN_PROBLEMS,
          );
          if (writeRefusal.length > 0)
            throw new PipelineLoadRefused(
              writeRefusal,
              writeRefusal.every((problem) => problem.editsInTheWay),
            );
          progress({ step: 'validate', status: 'done', done: rowsRead, total: rowsRead });

          signal?.throwIfAborted();
          progress({ step: 'load', status: 'running', done: 0, total: rowsRead });
          // A small file that only adds journals moves the aggregates by its journals' share, read before and
          // after the write, instead of rebuilding its periods from every line they hold.
          const journalsBefore =
            isGl && mode === 'add' && replacedFileIds.length === 0 && rowsRead <= INCREMENTAL_AGGREGATE_ROWS
              ? await journalsShareOn(client, schema, await stagedJournals(client, stage, columns))
              : undefined;
          const periodsCreated = isGl ? await createMissingPeriods(client, schema, periods ?? [], loadId) : [];
          await createAccounts(client, schema, newAccounts, loadId);
          // A new month of many lines gets a partition of its own (gl-partitions.ts); the rest is written
          // through the table.
          const months =
            isGl && mode === 'add' && replacedFileIds.length === 0 && rowsRead >= bulkRows
              ? await monthsForPartitions(client, {
                  schema,
                  periods: [...(profile?.periods ?? [])].flatMap(([period, lines]) =>
                    period !== null && lines >= bulkRows ? [period] : [],
                  ),
                })
              : [];
          // A stage of that month alone becomes its partition; else its lines are written into one.
          const month =
            months.length === 1 && periods?.length === 1 && periods[0] === months[0] ? months[0] : undefined;
          const adopted =
            adopting && month !== undefined && (await adoptStage(client, { schema, stage, role, month }))
              ? { ...NOTHING_WRITTEN, rowsAdded: rowsRead, touchedPeriods: [month] }
              : undefined;
          if (adopted && uploadStaged) analyzedByUpload = true;
          const written =
            adopted ??
            (months.length > 0
              ? await writeWithMonthPartitions(client, { ...write, role, months })
              : await withBulkMaintenance(client, { target, role, rows: rowsRead, bulkRows }, () =>
                  writeStaged(client, write),
                ));
          const touched = [...new Set([...(periods ?? []), ...written.touchedPeriods])].sort();
          const rowsLoaded = written.rowsAdded + written.rowsReplaced;
          progress({ step: 'load', status: 'done', done: rowsLoaded, total: rowsRead });
          // 4. refresh: the statements' monthly aggregates move with the ledger, in its transaction (read your
          // writes): the periods a GL load touched, all of them after an accounts load (cash flow depends on
          // subtypes). The step's time is theirs, the commit's and the statistics' below.
          progress({ step: 'refresh', status: 'running', done: 0, total: rowsLoaded });
          const changed = rowsLoaded + written.rowsRemoved + periodsCreated.length > 0;
          if (changed && journalsBefore && written.rowsReplaced + written.rowsRemoved === 0)
            await applyJournalChangesOn(client, schema, journalsBefore);
          else if (changed && (isGl || targetTable === '01_Account'))
            await refreshAggregatesOn(
              client,
              schema,
              isGl ? touched : undefined,
              // A new month adopted as its upload staged it: its aggregates are those its upload read.
              adopted && uploadStaged?.digest
                ? await knownAggregates(client, schema, month!, uploadStaged.digest, digestAccounts!)
                : undefined,
            );
          return {
            rowsRead,
            rowsLoaded,
            rowsDeleted: written.rowsRemoved,
            rowsAdded: written.rowsAdded,
            rowsReplaced: written.rowsReplaced,
            editsOverwritten: written.editsOverwritten,
            overwritten: written.overwritten,
            mode,
            rowsPerFile,
            periodsCreated,
            periods: touched,
          };
        })
        .catch(async (error: unknown) => {
          // A line the files hold twice meets the GL's unique key only as it is written: named here.
          if (isGl && sqlStateOf(error).code === '23505') {
            const key = rules.key.filter((column) => column !== 'source');
            const duplicates = await session.transaction((client) =>
              duplicateKeys(client, stage, files, targetTable, key),
            );
            if (duplicates.length > 0) throw new PipelineLoadRefused(duplicates);
          }
          throw error;
        });
    };

    // A file its upload staged (upload-stages.ts), alone in a load that may adopt: adopted as staged. Every GL run
    // on PostgreSQL drops its files' stages, adopted or not — also one it could not use (its data type changed).
    const stagedFile =
      mayAdopt && files.length === 1 && stagedUploadOf ? await stagedUploadOf(organizationId, files[0]!.id) : undefined;
    const dropStages = async (connection: OrganizationConnection) => {
      if (!isGl || !connection.copyBytesWithin || files.length === 0) return;
      // A broken connection leaves them to the orphan sweep.
      await connection
        .asPlatform(
          dropUploadStages(
            schema,
            files.map((file) => file.id),
          ),
        )
        .catch(() => undefined);
    };

    return warehouse.withOrganizationConnection(organizationId, async (connection) => {
      let outcome: PipelineLoadResult;
      try {
        outcome =
          (stagedFile && (await adoptingLoad(connection, stagedFile))) ||
          (mayAdopt && (await adoptingLoad(connection))) ||
          (await temporaryStageLoad(connection));
      } finally {
        await dropStages(connection);
      }
      // The target's statistics, so the views plan well right after a big load (the aggregates were
      // refreshed with the write); not after a load small beside its table (ANALYZE_SHARE).
      // A partitioned GL: the partitions of the periods it changed, never the whole ledger.
      const rowsChanged = outcome.rowsLoaded + outcome.rowsDeleted;
      if (rowsChanged > 0 || outcome.periodsCreated.length > 0) {
        const partitions = await connection.transaction((client) =>
          partitionsHolding(client, target, outcome.periods ?? []),
        );
        const whole = async () => ({
          name: target,
          rows: (await connection.transaction((client) => statisticsOf(client, target)))?.rows ?? 0,
        });
        const tables = partitions.length > 0 ? partitions : [await whole()];
        // An upload's stage made the partition was analyzed by its upload, unless it changed since.
        const current = analyzedByUpload
          ? await connection.transaction((client) =>
              analyzedUnchanged(
                client,
                tables.map((table) => table.name),
              ),
            )
          : new Set<string>();
        for (const table of tables)
          if (rowsChanged >= table.rows * ANALYZE_SHARE && !current.has(table.name))
            await connection.asPlatform(`ANALYZE ${table.name}`);
      }
      progress({ step: 'refresh', status: 'done', done: outcome.rowsLoaded, total: outcome.rowsLoaded });
      return outcome;
    });

    /**
     * Stage, checks and write each in transactions of their own on the run's connection (on the embedded
     * database others get their turn in between), the stage a temporary table: gone with the connection.
     */
    async function temporaryStageLoad(connection: OrganizationConnection): Promise<PipelineLoadResult> {
      const stage = `pg_temp.${q(`pipeline_stage_${suffix}`)}`;
      try {
        return await stageCheckWrite({
          stage,
          lines: `pg_temp.${q(`pipeline_line_${suffix}`)}`,
          transaction: (work) => connection.transaction(work),
          copy: (copySql, rows, width) => connection.copy(copySql, rows, width),
          copyBytes: connection.copyBytes,
        });
      } finally {
        await connection
          .transaction((client) => client.query(`DROP TABLE IF EXISTS ${stage}`))
          .catch(() => {
            // A broken connection is dropped with its temporary table.
          });
      }
    }

    /**
     * PostgreSQL: the whole load in ONE transaction, the stage a table in the shape of the month's partition
     * (createPartitionStage) that the write makes the partition (adoptStage) — no copy of its lines. Each step
     * is a savepoint, so a refusal is named from the stage as in a temporary stage's load. Undefined when a
     * file is not copy-ready after all (nothing was written: the load starts again with a temporary stage).
     * With `staged`, the stage is the one file's that its upload filled (upload-stages.ts); undefined when it is
     * gone (the orphan sweep's).
     */
    async function adoptingLoad(
      connection: OrganizationConnection,
      staged?: StagedUpload,
    ): Promise<PipelineLoadResult | undefined> {
      const within = connection.copyBytesWithin;
      if (!within) return undefined;
      const stage = staged
        ? `${q(schema)}.${q(uploadStageName(files[0]!.id))}`
        : `${q(schema)}.${q(`pipeline_stage_${suffix}`)}`;
      return connection
        .transaction(async (client) => {
          const transaction = async <T>(work: (client: PoolClient) => Promise<T>): Promise<T> => {
            await client.query('SAVEPOINT load_step');
            try {
              const result = await work(client);
              await client.query('RELEASE SAVEPOINT load_step');
              return result;
            } catch (error) {
              await client.query('ROLLBACK TO SAVEPOINT load_step');
              throw error;
            }
          };
          await client.query('RESET ROLE');
          if (staged) {
            const [found] = (await client.query<{ stage: string | null }>('SELECT to_regclass($1) AS stage', [stage]))
              .rows;
            if (!found?.stage) throw new NotAdoptable();
          }
          const loadId = staged?.loadId ?? (await reserveLoadId(client, schema));
          await client.query(`SET LOCAL ROLE ${q(role)}`);
          const outcome = await stageCheckWrite({
            stage,
            lines: `${q(schema)}.${q(`pipeline_line_${suffix}`)}`,
            adopting: { loadId },
            ...(staged && { staged }),
            transaction,
            copyBytes: (copySql, bytes, statements) => transaction(() => within(copySql, bytes, statements)),
          });
          // Adopted, it is the partition now; else its lines were copied and it goes with the transaction.
          await client.query('RESET ROLE');
          await client.query(`DROP TABLE IF EXISTS ${stage}`);
          return outcome;
        })
        .catch((error: unknown) => {
          if (error instanceof NotAdoptable) return undefined;
          throw error;
        });
    }
  }

  /**
   * A connector's sync (issue 12): the system's accounts and the journals that changed since the last sync,
   * checked by the same rules as a file (known account types, balanced journals, known accounts, no closed
   * period) and written in ONE transaction — or nothing is. Accounts are upserted; each journal's lines are
   * replaced whole under `source`: lines the system no longer has for a journal it sent are deleted, the
   * others upserted on (source, journal_id, line_no), so the same sync twice changes nothing. Missing GL
   * periods are created; the statements' aggregates are refreshed after.
   */
  async function loadSynced(
    request: SyncedLoadRequest,
    options: { signal?: AbortSignal } = {},
  ): Promise<SyncedLoadResult> {
    const {
      organizationId,
      source,
      accounts,
      lines,
      deletedJournals = [],
      complete = false,
      keptJournals = [],
    } = request;
    const { signal } = options;
    // Inlined into SQL below: only the connectors' own constant names.
    if (!SYNC_SOURCES.includes(source)) throw new Error(`not a sync source: ${source}`);
    const schema = warehouse.schemaOf(organizationId);
    const table = (name: string) => `${q(schema)}.${q(name)}`;
    const suffix = randomBytes(8).toString('hex');
    const accountStage = `pg_temp.${q(`sync_accounts_${suffix}`)}`;
    const lineStage = `pg_temp.${q(`sync_lines_${suffix}`)}`;
    const accountFiles = [{ id: 'accounts', name: `${source} accounts`, period: null }];
    const lineFiles = [{ id: 'lines', name: `${source} journal lines`, period: null }];

    return warehouse.withOrganizationConnection(organizationId, async (connection) => {
      try {
        signal?.throwIfAborted();
        const stageFor = async (
          stage: string,
          target: WarehouseTable,
          columns: readonly string[],
          rows: SyncedRows,
        ) => {
          await connection.transaction((client) =>
            client.query(
              `CREATE TEMP TABLE ${stage} AS SELECT ${columns.map(q).join(', ')}, NULL::integer AS _file, ` +
                `NULL::bigint AS _line FROM ${table(target)} WITH NO DATA`,
            ),
          );
          if (rows.length === 0) return;
          await connection.copy(
            `COPY ${stage} (${[...columns.map(q), '_file', '_line'].join(', ')}) FROM STDIN WITH (FORMAT csv)`,
            rows.map((row, index) => [...row, 0, index + 1]),
            columns.length + 2,
          );
        };
        await stageFor(accountStage, '01_Account', SYNCED_ACCOUNT_COLUMNS, accounts);
        await stageFor(lineStage, GL, SYNCED_LINE_COLUMNS, lines);

        signal?.throwIfAborted();
        const outcome = await connection
          .transaction(async (client) => {
            // Table order, as every load takes its locks: no deadlock with a pipeline run or a journal edit.
            for (const name of ['00_Period', '01_Account', GL])
              await client.query(`LOCK TABLE ${table(name)} IN SHARE ROW EXCLUSIVE MODE`);
            const loadId = await beginLoad(client, schema, {
              kind: 'sync',
              runId: request.syncRunId,
              source,
              label: `${SYNC_LABELS[source]} sync`,
              actor: request.actor,
            });
            const accountProblems = await validate(client, {
              schema,
              stage: accountStage,
              targetTable: '01_Account',
              columns: SYNCED_ACCOUNT_COLUMNS,
              files: accountFiles,
              periods: [],
              replacing: false,
              newAccountCodes: [],
            });
            if (accountProblems.length > 0) throw new PipelineLoadRefused(accountProblems);
            const accountsWritten = await upsertSynced(client, {
              schema,
              table: '01_Account',
              loadId,
              target: table('01_Account'),
              stage: accountStage,
              rules: TABLE_RULES['01_Account'],
              columns: SYNCED_ACCOUNT_COLUMNS,
              isGl: false,
            });
            // The stored journals this load removes: those the system deleted, and with a complete ledger every
            // journal of the source it no longer sent.
            const removed = complete
              ? `t.source = $1 AND t.journal_id NOT IN (SELECT journal_id FROM ${lineStage}) ` +
                `AND t.journal_id NOT IN (SELECT jsonb_array_elements_text($2::jsonb))`
              : `t.source = $1 AND t.journal_id IN (SELECT jsonb_array_elements_text($2::jsonb))`;
            const removedParams = [source, JSON.stringify(complete ? keptJournals : deletedJournals)];
            // The lines' periods and those of the stored lines of the journals they replace or remove (which
            // must be open too: both delete them).
            const periods = (
              await client.query<{ period: string | null }>(
                `SELECT period FROM ${lineStage} UNION SELECT t.period FROM ${table(GL)} t ` +
                  `WHERE (t.source = $1 AND t.journal_id IN (SELECT journal_id FROM ${lineStage})) OR (${removed}) ORDER BY 1`,
                removedParams,
              )
            ).rows.map((row) => row.period);
            const lineProblems = await validate(client, {
              schema,
              stage: lineStage,
              targetTable: GL,
              columns: SYNCED_LINE_COLUMNS,
              files: lineFiles,
              periods: periods as string[],
              replacing: false,
              newAccountCodes: [],
            });
            if (lineProblems.length > 0) throw new PipelineLoadRefused(lineProblems);
            const open = periods.filter((period): period is string => period !== null);
            const periodsCreated = await createMissingPeriods(client, schema, open, loadId);
            // Lines the system no longer has for the journals it sent, and the journals it removed: kept first.
            const gone =
              `t.source = $1 AND t.journal_id IN (SELECT journal_id FROM ${lineStage}) ` +
              `AND NOT EXISTS (SELECT 1 FROM ${lineStage} s WHERE s.journal_id = t.journal_id AND s.line_no = t.line_no)`;
            await keepBefore(client, schema, loadId, GL, 'removed', gone, [source]);
            const deleted = await client.query(`DELETE FROM ${table(GL)} t WHERE ${gone}`, [source]);
            await keepBefore(client, schema, loadId, GL, 'removed', removed, removedParams);
            const removedLines = await client.query(`DELETE FROM ${table(GL)} t WHERE ${removed}`, removedParams);
            const linesWritten = await upsertSynced(client, {
              schema,
              table: GL,
              loadId,
              target: table(GL),
              stage: lineStage,
              rules: TABLE_RULES[GL],
              columns: SYNCED_LINE_COLUMNS,
              isGl: true,
              source,
            });
            const linesDeleted = (deleted.rowCount ?? 0) + (removedLines.rowCount ?? 0);
            // The statements' aggregates in the sync's transaction (read your writes); cash flow depends on
            // the accounts' subtypes: all periods after an accounts change.
            if (accountsWritten > 0 || linesWritten > 0 || linesDeleted > 0)
              await refreshAggregatesOn(client, schema, accountsWritten > 0 ? undefined : open);
            return { accountsWritten, linesWritten, linesDeleted, periodsCreated, periods: open };
          })
          .catch(async (error: unknown) => {
            // A line the system sent twice meets the GL's unique key only as it is written: named here.
            if (sqlStateOf(error).code === '23505') {
              const duplicates = await connection.transaction((client) =>
                duplicateKeys(client, lineStage, lineFiles, GL, ['journal_id', 'line_no']),
              );
              if (duplicates.length > 0) throw new PipelineLoadRefused(duplicates);
            }
            throw error;
          });

        return outcome;
      } finally {
        await connection
          .transaction((client) => client.query(`DROP TABLE IF EXISTS ${accountStage}, ${lineStage}`))
          .catch(() => {
            // A broken connection is dropped with its temporary tables.
          });
      }
    });
  }

  /**
   * Undo of the load a run or sync wrote (ledger-undo.ts), with the statements' aggregates, in one
   * transaction after the tables' locks: the warehouse is exactly as before it, or nothing changed.
   * Undefined when the run wrote nothing.
   */
  async function undo(organizationId: string, runId: string, actor: string | null): Promise<UndoOutcome | undefined> {
    const schema = warehouse.schemaOf(organizationId);
    // A warehouse never made, or made before lineage: nothing was loaded that could be undone.
    if (!(await warehouse.keepsLineage(organizationId))) return undefined;
    return warehouse.withOrganizationConnection(organizationId, (connection) =>
      connection.transaction(async (client) => {
        await lockLoadedTables(client, schema);
        const loadId = await loadOfRun(client, schema, runId);
        if (loadId === undefined) return undefined;
        const outcome = await undoLoad(client, schema, loadId, actor);
        if (outcome.accountsChanged || outcome.periods.length > 0)
          await refreshAggregatesOn(client, schema, outcome.accountsChanged ? undefined : outcome.periods);
        return outcome;
      }),
    );
  }

  /**
   * What replacing `periods` of `table` would remove, by origin (a file, a sync, the Studio, the demo books),
   * with the rows of each edited in the Studio since: asked before a replace runs. GL: the uploaded lines.
   */
  async function previewReplace(
    organizationId: string,
    table: WarehouseTable,
    periods: readonly string[],
  ): Promise<ReplacedOrigin[]> {
    const rules = TABLE_RULES[table];
    if (!rules.period || !(await warehouse.keepsLineage(organizationId))) return [];
    const schema = warehouse.schemaOf(organizationId);
    const found = await warehouse.withOrganizationConnection(organizationId, (connection) =>
      connection.transaction((client) =>
        client.query<{ origin: string; rows: string; edited: string }>(
          `SELECT ${ORIGIN_TEXT} AS origin, count(*) AS rows, count(*) FILTER (WHERE t.edit_load_id IS NOT NULL) AS edited ` +
            `FROM ${q(schema)}.${q(table)} t ` +
            `LEFT JOIN ${q(schema)}."06_Load" l ON l.load_id = t.load_id ` +
            `LEFT JOIN ${q(schema)}."06_Load_File" f ON f.load_id = t.load_id AND f.file_id = t.file_id ` +
            `WHERE t.${q(rules.period!)} = ANY($1::text[])${table === GL ? ` AND t.source = '${UPLOAD_SOURCE}'` : ''} ` +
            // In the order they were loaded, the files of one load by name (files uploaded together are staged
            // side by side: their rows' ids say nothing of an order).
            'GROUP BY 1 ORDER BY min(t.load_id), 1',
          [periods],
        ),
      ),
    );
    return found.rows.map((row) => ({ origin: row.origin, rows: Number(row.rows), edited: Number(row.edited) }));
  }

  /** The organization's write told, once committed (each function's transaction is its own), and its result. */
  const told = <R>(organizationId: string, result: R): R => {
    deps.onWritten?.(organizationId);
    return result;
  };
  return {
    load: async (...args: Parameters<typeof load>) => told(args[0].organizationId, await load(...args)),
    loadSynced: async (...args: Parameters<typeof loadSynced>) =>
      told(args[0].organizationId, await loadSynced(...args)),
    undo: async (...args: Parameters<typeof undo>) => told(args[0], await undo(...args)),
    previewReplace,
  };
}

/** The GL sources a connector's sync writes (the checked constraint's values, less upload and manual). */
const SYNC_SOURCES: readonly string[] = ['quickbooks', 'intacct', 'netsuite'];
/** A synced account's values, in this order. */
export const SYNCED_ACCOUNT_COLUMNS = CANONICAL_COLUMNS['01_Account'];
/** A synced GL line's values, in this order (the source is the sync's). */
export const SYNCED_LINE_COLUMNS = CANONICAL_COLUMNS[GL].filter((column) => column !== 'source');
type SyncedRows = readonly (string | number | boolean | null)[][];

export interface SyncedLoadRequest {
  organizationId: string;
  source: 'quickbooks' | 'intacct' | 'netsuite';
  /** Values in SYNCED_ACCOUNT_COLUMNS order. */
  accounts: SyncedRows;
  /** Values in SYNCED_LINE_COLUMNS order; every line of each journal sent. */
  lines: SyncedRows;
  /** Journals the system deleted since the last sync: their stored lines go. */
  deletedJournals?: readonly string[];
  /** The lines are the source's whole ledger: a stored journal of the source not among them is deleted. */
  complete?: boolean;
  /** Journals left out of a complete ledger on purpose (refused): their stored lines stay. */
  keptJournals?: readonly string[];
  /** The sync run (the load's lineage) and who asked for it. */
  syncRunId?: string;
  actor?: string | null;
}

const SYNC_LABELS: Record<SyncedLoadRequest['source'], string> = {
  quickbooks: 'QuickBooks',
  intacct: 'Sage Intacct',
  netsuite: 'NetSuite',
};

export interface SyncedLoadResult {
  /** Accounts inserted or changed (0 when nothing changed). */
  accountsWritten: number;
  /** Lines inserted or changed. */
  linesWritten: number;
  /** Lines of the journals sent that the system no longer has. */
  linesDeleted: number;
  periodsCreated: string[];
  periods: string[];
}

/**
 * Writers of the tables this load reads and writes wait until it commits: the checks hold for the write.
 * Always in table order (periods, accounts, lines), like every load, so two loads never deadlock.
 */
async function lockTables(client: PoolClient, schema: string, targetTable: WarehouseTable) {
  const table = (name: string) => `${q(schema)}.${q(name)}`;
  const locks: [string, string][] =
    targetTable === GL
      ? [
          ['00_Period', 'SHARE ROW EXCLUSIVE'],
          ['01_Account', 'SHARE'],
          [GL, 'SHARE ROW EXCLUSIVE'],
        ]
      : targetTable === '03_Budget' || targetTable === '04_Trial_Balance'
        ? [
            ['01_Account', 'SHARE'],
            [targetTable, 'SHARE ROW EXCLUSIVE'],
          ]
        : [[targetTable, 'SHARE ROW EXCLUSIVE']];
  for (const [name, mode] of locks) await client.query(`LOCK TABLE ${table(name)} IN ${mode} MODE`);
}

interface ValidationContext {
  schema: string;
  stage: string;
  targetTable: WarehouseTable;
  columns: readonly string[];
  files: readonly PipelineLoadFile[];
  /** The periods the files cover (null: rows without one). */
  periods: readonly (string | null)[];
  /** Whether the load replaces those periods (period-based types). */
  replacing: boolean;
  /** Account codes the load creates (its files' new accounts): lines may name them. */
  newAccountCodes: readonly string[];
  /** The GL files' journals balance, as their uploads found: not grouped again. */
  journalsBalanced?: boolean;
  /** Every account code the files' lines name, as their uploads read them: checked as a list, not line by line. */
  accountCodes?: readonly string[];
  /** The stage holds the GL's CHECKs already (an upload's stage): no line breaks them. */
  constrained?: boolean;
}

interface ProblemRow {
  file: number | null;
  line: string | null;
  value: string | null;
  extra: string | null;
}

/** Where checks run: a transaction's client, or a runner of each query in a short transaction of its own. */
interface Queries {
  query<R extends QueryResultRow>(text: string, params?: unknown[]): Promise<QueryResult<R>>;
}

/** Every rule the files break, each problem once, at most MAX_RUN_PROBLEMS in all (first lines first). */
async function validate(client: Queries, context: ValidationContext): Promise<PipelineProblem[]> {
  const staged = await validateStage(client, context);
  return staged.final ? staged.problems : validateAgainstTables(client, context, staged.problems);
}

/** The problems found so far, and a check that adds those a query finds (up to MAX_RUN_PROBLEMS + 1 in all). */
function problemsOf(client: Queries, files: readonly PipelineLoadFile[], found: readonly PipelineProblem[] = []) {
  const problems = [...found];
  const limit = MAX_RUN_PROBLEMS + 1;

  async function check(
    query: string,
    params: unknown[],
    describe: (row: ProblemRow) => Omit<PipelineProblem, 'file' | 'line'>,
  ) {
    if (problems.length >= limit) return;
    const result = await client.query<ProblemRow>(`${query} LIMIT ${limit - problems.length}`, params);
    for (const row of result.rows)
      problems.push({
        ...(row.file !== null && files[row.file] && { file: files[row.file]!.name }),
        ...(row.line !== null && { line: Number(row.line) }),
        ...describe(row),
      });
  }
  return { problems, limit, check };
}

/**
 * The rules the files decide alone (values the table's constraints would refuse, journals out of balance,
 * keys repeated within the files), read from the stage only: the run's own scratch table, which nothing
 * else changes, so these need no lock and no place in the write's transaction. `final`: rows break value
 * rules, and the other checks would only repeat them.
 */
async function validateStage(
  client: Queries,
  context: ValidationContext,
): Promise<{ problems: PipelineProblem[]; final: boolean }> {
  const { stage, targetTable, columns, files, periods } = context;
  const has = (column: string) => columns.includes(column);
  const { problems, limit, check } = problemsOf(client, files);

  const isGl = targetTable === GL;
  const key = TABLE_RULES[targetTable].key.filter((column) => !(isGl && column === 'source'));

  // Values the target table's constraints would refuse, named row by row (the first rule a row breaks),
  // in one pass over the rows.
  const rowRules: { column: string; condition: string; problem: (value: string) => string }[] = [];
  if (isGl && has('source'))
    rowRules.push({
      column: 'source',
      condition: `source IS NOT NULL AND source <> '${UPLOAD_SOURCE}'`,
      problem: pipelineMessages.glSourceNotUpload,
    });
  // Opening and closing balances may be negative; movements never are.
  if (isGl || targetTable === '04_Trial_Balance')
    for (const column of ['debit', 'credit'].filter(has))
      rowRules.push({ column, condition: `${q(column)} < 0`, problem: () => pipelineMessages.negativeAmount(column) });
  if (targetTable === '01_Account' && has('account_type'))
    rowRules.push({
      column: 'account_type',
      condition: `account_type IS NULL OR account_type NOT IN (${ACCOUNT_TYPES.map((type) => `'${type}'`).join(', ')})`,
      problem: pipelineMessages.accountTypeInvalid,
    });
  const periodColumn = targetTable === '00_Period' ? 'Period' : has('period') ? 'period' : undefined;
  if (periodColumn) {
    // The periods a load covers are known already: only rows of a malformed one need finding.
    const malformed = periods.filter((period) => period === null || !new RegExp(PERIOD_PATTERN).test(period));
    const condition =
      periodColumn === 'period' && periods.length > 0
        ? malformed.length > 0
          ? `period IS NULL OR period IN (${malformed.map((period) => (period === null ? 'NULL' : quoteLiteral(period))).join(', ')})`
          : undefined
        : `${q(periodColumn)} IS NULL OR ${q(periodColumn)} !~ '${PERIOD_PATTERN}'`;
    if (condition) rowRules.push({ column: periodColumn, condition, problem: pipelineMessages.periodInvalid });
  }
  if (rowRules.length > 0 && !context.constrained) {
    const which = rowRules.map((rule, index) => `WHEN ${rule.condition} THEN ${index}`).join(' ');
    const value = rowRules.map((rule, index) => `WHEN ${index} THEN ${q(rule.column)}::text`).join(' ');
    await check(
      `SELECT file, line, CASE rule ${value} END AS value, rule::text AS extra FROM (` +
        `SELECT *, _file AS file, _line AS line, CASE ${which} END AS rule FROM ${stage} ` +
        `WHERE ${rowRules.map((rule) => `(${rule.condition})`).join(' OR ')}) broken ORDER BY file, line`,
      [],
      (row) => {
        const rule = rowRules[Number(row.extra)]!;
        return { column: rule.column, value: row.value ?? '', problem: rule.problem(row.value ?? '') };
      },
    );
  }
  if (problems.length > 0) return { problems, final: true };

  if (isGl) {
    // Every journal balances to the cent — unless the uploads found so as they read the files. (A line repeated in the files is found by the table's unique
    // key when the rows are written, at no cost to loads without one: see duplicateKeys.)
    const debit = has('debit') ? 'coalesce(debit, 0)' : '0';
    const credit = has('credit') ? 'coalesce(credit, 0)' : '0';
    const unbalanced = context.journalsBalanced
      ? { rows: [] }
      : await client.query<{ journal_id: string; file: number; line: string; difference: string }>(
          `SELECT journal_id, min(_file) AS file, min(_line) AS line, (sum(${debit}) - sum(${credit}))::text AS difference ` +
            `FROM ${stage} GROUP BY journal_id HAVING sum(${debit}) <> sum(${credit}) ORDER BY 2, 3 LIMIT ${limit}`,
        );
    if (unbalanced.rows.length > 0) problems.push(...(await duplicateKeys(client, stage, files, targetTable, key)));
    for (const row of unbalanced.rows) {
      const difference = signedCentsOf(row.difference);
      if (problems.length >= limit) break;
      problems.push({
        ...(files[row.file] && { file: files[row.file]!.name }),
        line: Number(row.line),
        column: 'journal_id',
        value: row.journal_id,
        problem: journalMessages.outOfBalance(row.journal_id, formatCents(difference < 0n ? -difference : difference)),
      });
    }
  } else {
    // The natural key once within the load.
    problems.push(...(await duplicateKeys(client, stage, files, targetTable, key)));
  }
  return { problems, final: false };
}

/**
 * The rules that read the warehouse's tables (a journal's lines in other periods, closed periods, unknown
 * accounts), after `found` (validateStage's): in the write's transaction, after its locks, so they hold
 * for the write.
 */
async function validateAgainstTables(
  client: Queries,
  context: ValidationContext,
  found: readonly PipelineProblem[],
): Promise<PipelineProblem[]> {
  const { schema, stage, targetTable, columns, files, periods, replacing } = context;
  const has = (column: string) => columns.includes(column);
  const table = (name: string) => `${q(schema)}.${q(name)}`;
  const { problems, check } = problemsOf(client, files, found);
  const isGl = targetTable === GL;

  if (isGl) {
    // A journal's uploaded lines outside the replaced periods would be moved or merged silently.
    if (replacing)
      await check(
        `SELECT NULL::integer AS file, NULL::bigint AS line, g.journal_id AS value, min(g.period) AS extra ` +
          `FROM ${table(GL)} g WHERE g.source = '${UPLOAD_SOURCE}' AND g.period <> ALL ($1::text[]) ` +
          `AND EXISTS (SELECT 1 FROM ${stage} s WHERE s.journal_id = g.journal_id) GROUP BY g.journal_id ORDER BY 3`,
        [periods],
        (row) => ({
          column: 'journal_id',
          value: row.value ?? '',
          problem: pipelineMessages.journalInOtherPeriod(row.value ?? '', row.extra ?? ''),
        }),
      );
    // No line in a closed period (the journal guard's rule).
    await check(
      `SELECT NULL::integer AS file, NULL::bigint AS line, p."Period" AS value, NULL AS extra ` +
        `FROM ${table('00_Period')} p WHERE p.is_closed ` +
        `AND p."Period" = ANY ($1::text[]) ORDER BY p."Period"`,
      [periods],
      (row) => ({ column: 'period', value: row.value ?? '', problem: journalMessages.periodClosed(row.value ?? '') }),
    );
  }

  // Account codes exist in 01_Account: the lines are read only when the files' list (if known) names one that does not.
  const accountsKnown =
    context.accountCodes !== undefined &&
    (
      await client.query(
        `SELECT 1 FROM unnest($1::text[]) AS c(code) WHERE c.code <> ALL ($2::text[]) ` +
          `AND NOT EXISTS (SELECT 1 FROM ${table('01_Account')} a WHERE a.account_code = c.code) LIMIT 1`,
        [context.accountCodes, context.newAccountCodes],
      )
    ).rows.length === 0;
  if (targetTable !== '01_Account' && has('account_code') && !accountsKnown)
    await check(
      `SELECT min(s._file) AS file, min(s._line) AS line, s.account_code AS value, NULL AS extra FROM ${stage} s ` +
        `WHERE NOT EXISTS (SELECT 1 FROM ${table('01_Account')} a WHERE a.account_code = s.account_code) ` +
        `AND s.account_code <> ALL ($1::text[]) GROUP BY s.account_code ORDER BY 1, 2`,
      [context.newAccountCodes],
      (row) => ({
        column: 'account_code',
        value: row.value ?? '',
        problem: journalMessages.accountUnknown(row.value ?? ''),
      }),
    );

  if (problems.length > MAX_RUN_PROBLEMS)
    return [
      ...problems.slice(0, MAX_RUN_PROBLEMS - 1),
      { problem: pipelineMessages.tooManyProblems(MAX_RUN_PROBLEMS - 1) },
    ];
  return problems;
}

/** Natural keys the files hold more than once, each named once (at most MAX_RUN_PROBLEMS). */
async function duplicateKeys(
  client: Queries,
  stage: string,
  files: readonly PipelineLoadFile[],
  table: WarehouseTable,
  key: readonly string[],
): Promise<PipelineProblem[]> {
  const result = await client.query<{ file: number; line: string; extra: string }>(
    `SELECT min(_file) AS file, min(_line) AS line, ` +
      `concat_ws(E'\\x1f', ${key.map((column) => `${q(column)}::text`).join(', ')}) AS extra ` +
      `FROM ${stage} GROUP BY ${key.map(q).join(', ')} HAVING count(*) > 1 ORDER BY 1, 2 LIMIT ${MAX_RUN_PROBLEMS}`,
  );
  return result.rows.map((row) => ({
    ...(files[row.file] && { file: files[row.file]!.name }),
    line: Number(row.line),
    problem: pipelineMessages.duplicateKey(describeKey(table, key, row.extra)),
  }));
}

/** What one pass over a stage tells: the lines of each period (null: lines without one), and whether a GL line lacks a number. */
interface StageProfile {
  periods: Map<string | null, number>;
  unnumbered: boolean;
}

/**
 * A staged month's aggregates as its upload read them (uploads/month-digest.ts): its balances, and its cash flow
 * while the accounts its lines name that are cash are those its upload counted by.
 */
async function knownAggregates(
  client: Queries,
  schema: string,
  month: string,
  digest: NonNullable<StagedUpload['digest']>,
  named: readonly string[],
): Promise<KnownPeriodBalances> {
  const known = { period: month, rows: digest.rows };
  if (!digest.cash) return known;
  const cash = await client.query<{ code: string }>(
    `SELECT account_code AS code FROM ${q(schema)}.${q('01_Account')} ` +
      `WHERE account_subtype = 'cash' AND account_code = ANY ($1::text[])`,
    [named],
  );
  // Both in JavaScript's order (the database's collation may sort them otherwise).
  const now = cash.rows.map((row) => row.code).sort();
  const counted = digest.cash.accounts;
  const same = now.length === counted.length && now.every((code, index) => code === counted[index]);
  return same ? { ...known, cash: digest.cash } : known;
}

/** Of these tables (as named), those analyzed since their last change. */
async function analyzedUnchanged(client: Queries, tables: readonly string[]): Promise<Set<string>> {
  const found = await client.query<{ name: string }>(
    `SELECT t.name FROM unnest($1::text[]) AS t(name) JOIN pg_catalog.pg_stat_all_tables s ON s.relid = t.name::regclass ` +
      `WHERE s.last_analyze IS NOT NULL AND s.n_mod_since_analyze = 0`,
    [tables],
  );
  return new Set(found.rows.map((row) => row.name));
}

async function profileOf(client: Queries, stage: string, column: string, isGl: boolean): Promise<StageProfile> {
  const result = await client.query<{ period: string | null; lines: string; unnumbered: boolean }>(
    `SELECT ${q(column)} AS period, count(*) AS lines, ${isGl ? 'bool_or(line_no IS NULL)' : 'false'} AS unnumbered ` +
      `FROM ${stage} GROUP BY 1`,
  );
  return {
    periods: new Map(result.rows.map((row) => [row.period, Number(row.lines)])),
    unnumbered: result.rows.some((row) => row.unnumbered),
  };
}

/** The periods of the stage's rows and those the files were uploaded for, each once, in order (rows without one: a null, last). */
function coveredPeriods(profile: StageProfile, filePeriods: readonly string[]): (string | null)[] {
  const periods = new Set<string | null>([...profile.periods.keys(), ...filePeriods]);
  const named = [...periods].filter((period): period is string => period !== null).sort();
  return periods.has(null) ? [...named, null] : named;
}

/**
 * GL periods 00_Period lacks, as calendar months numbered in the fiscal year of the latest period there
 * (its fiscal_period says which month the fiscal year starts in); a calendar year when there is none.
 */
/** The files' new accounts, each code once (the first file naming it decides its name and type). */
function accountsToCreate(files: readonly PipelineLoadFile[]): NewAccount[] {
  const byCode = new Map<string, NewAccount>();
  for (const file of files)
    for (const account of file.newAccounts ?? []) if (!byCode.has(account.code)) byCode.set(account.code, account);
  return [...byCode.values()];
}

/**
 * Creates the accounts a load's files name that the chart still lacks, with the load's lineage (an undo
 * removes them with the lines). Parents first, so a chart read as a tree finds them.
 */
async function createAccounts(client: PoolClient, schema: string, accounts: readonly NewAccount[], loadId: number) {
  if (accounts.length === 0) return;
  const table = `${q(schema)}.${q('01_Account')}`;
  await client.query(
    `INSERT INTO ${table} (account_code, account_name, account_type, account_subtype, parent_code, is_active, load_id) ` +
      `SELECT a.code, a.name, a.type, a.subtype, a."parentCode", true, $2::bigint ` +
      `FROM jsonb_to_recordset($1::jsonb) AS a(code text, name text, type text, subtype text, "parentCode" text) ` +
      `WHERE NOT EXISTS (SELECT 1 FROM ${table} t WHERE t.account_code = a.code) ORDER BY a.code`,
    [JSON.stringify(accounts), loadId],
  );
}

async function createMissingPeriods(client: PoolClient, schema: string, periods: readonly string[], loadId: number) {
  if (periods.length === 0) return [];
  const table = `${q(schema)}.${q('00_Period')}`;
  const monthIndex = (period: string) => `(substr(${period}, 1, 4)::int * 12 + substr(${period}, 6, 2)::int - 1)`;
  const result = await client.query<{ Period: string }>(
    `WITH wanted AS (
       SELECT w.period, ${monthIndex('w.period')} AS month_index FROM unnest($1::text[]) AS w(period)
       WHERE NOT EXISTS (SELECT 1 FROM ${table} p WHERE p."Period" = w.period)
     ), reference AS (
       SELECT fiscal_year, ${monthIndex('"Period"')} - (fiscal_period - 1) AS year_start
       FROM ${table} ORDER BY "Period" DESC LIMIT 1
     ), numbered AS (
       SELECT w.period,
         coalesce(r.fiscal_year, substr(w.period, 1, 4)::int) AS base_year,
         w.month_index - coalesce(r.year_start, w.month_index - (substr(w.period, 6, 2)::int - 1)) AS months_in
       FROM wanted w LEFT JOIN reference r ON true
     )
     INSERT INTO ${table} ("Period", start_date, end_date, fiscal_year, fiscal_period, is_closed, load_id)
     SELECT period, to_date(period || '-01', 'YYYY-MM-DD'),
       (to_date(period || '-01', 'YYYY-MM-DD') + interval '1 month' - interval '1 day')::date,
       base_year + floor(months_in / 12.0)::int, (months_in - 12 * floor(months_in / 12.0)::int) + 1, false, $2::bigint
     FROM numbered ORDER BY period
     RETURNING "Period"`,
    [periods, loadId],
  );
  return result.rows.map((row) => row.Period);
}

interface WriteContext {
  target: string;
  stage: string;
  rules: TableRules;
  isGl: boolean;
  /** The GL source whose lines the load owns (default 'upload'; a sync's system). */
  source?: string;
}

/** What a load replaces, as its refusals name it (nameReplaced), with the replaced files' names as loaded. */
async function replacedWhat(
  client: PoolClient,
  schema: string,
  write: { mode: LoadMode; periods: readonly string[]; replacedFileIds: readonly string[] },
): Promise<string> {
  const fileNames =
    write.replacedFileIds.length === 0
      ? []
      : (
          await client.query<{ file_name: string }>(
            `SELECT DISTINCT file_name FROM ${q(schema)}."06_Load_File" WHERE file_id = ANY($1::uuid[]) ORDER BY 1`,
            [write.replacedFileIds],
          )
        ).rows.map((row) => row.file_name);
  return nameReplaced({ mode: write.mode, periods: write.periods, fileNames });
}

/**
 * A sync's upsert: rows already there whose values differ are kept as they were (lineage) and updated, the
 * others inserted with one INSERT … SELECT from the scratch table; rows that are the same are not touched.
 * Every row written carries the sync's load.
 */
async function upsertSynced(
  client: PoolClient,
  context: WriteContext & { columns: readonly string[]; schema: string; table: WarehouseTable; loadId: number },
) {
  const { target, stage, rules, columns, isGl, source = UPLOAD_SOURCE, schema, table, loadId } = context;
  const written = isGl ? columns.filter((column) => column !== 'source') : [...columns];
  const key = rules.key.filter((column) => !(isGl && column === 'source'));
  const same = keyMatch(key);
  const ownRows = isGl ? ` AND t.source = '${source}'` : '';
  const updated = written.filter((column) => !rules.key.includes(column));
  // An empty cell of a column with a default is that default, as in the Studio's Add Record.
  const staged = (column: string) =>
    rules.defaults?.[column] === undefined ? `s.${q(column)}` : `coalesce(s.${q(column)}, ${rules.defaults[column]})`;
  const differs =
    `(${updated.map((column) => `t.${q(column)}`).join(', ')}) IS DISTINCT FROM ` +
    `(${updated.map(staged).join(', ')})`;
  let count = 0;
  if (updated.length > 0) {
    await keepBefore(
      client,
      schema,
      loadId,
      table,
      'replaced',
      `EXISTS (SELECT 1 FROM ${stage} s WHERE ${same} AND ${differs})${ownRows}`,
    );
    const result = await client.query(
      `UPDATE ${target} t SET ${updated.map((column) => `${q(column)} = ${staged(column)}`).join(', ')}, load_id = $1 ` +
        `FROM ${stage} s WHERE ${same}${ownRows} AND ${differs}`,
      [loadId],
    );
    count += result.rowCount ?? 0;
  }
  const insertColumns = [...written, ...(isGl ? ['source'] : []), 'load_id'];
  const selected = [...written.map(staged), ...(isGl ? [`'${source}'`] : []), '$1::bigint'];
  const inserted = await client.query(
    `INSERT INTO ${target} (${insertColumns.map(q).join(', ')}) SELECT ${selected.join(', ')} FROM ${stage} s ` +
      `WHERE NOT EXISTS (SELECT 1 FROM ${target} t WHERE ${same}${ownRows})`,
    [loadId],
  );
  return count + (inserted.rowCount ?? 0);
}

/**
 * The table's rows as its statistics last counted them (0 before any; a partitioned table's are its partitions'),
 * and whether the current role owns it.
 */
async function statisticsOf(
  client: Pick<PoolClient, 'query'>,
  target: string,
): Promise<{ rows: number; owned: boolean } | undefined> {
  const result = await client.query<{ rows: number; owned: boolean }>(
    `SELECT (SELECT coalesce(sum(greatest(k.reltuples, 0)), 0) FROM pg_catalog.pg_class k ` +
      `WHERE k.oid = c.oid OR k.oid IN (SELECT i.inhrelid FROM pg_catalog.pg_inherits i WHERE i.inhparent = c.oid)` +
      `)::float8 AS rows, pg_has_role(current_user, c.relowner, 'USAGE') AS owned ` +
      `FROM pg_catalog.pg_class c WHERE c.oid = $1::regclass`,
    [target],
  );
  return result.rows[0];
}

/**
 * The load's write with the months of `months` in partitions of their own, then the lines of other periods
 * (if any) through the table, from the stage without the months' lines.
 */
async function writeWithMonthPartitions(
  client: PoolClient,
  write: Parameters<typeof writeMonthPartitions>[1],
): Promise<WriteOutcome> {
  const partitioned = await writeMonthPartitions(client, write);
  await client.query(`DELETE FROM ${write.stage} WHERE period = ANY($1::text[])`, [[...write.months]]);
  if ((await client.query(`SELECT 1 FROM ${write.stage} LIMIT 1`)).rowCount === 0) return partitioned;
  const others = await writeStaged(client, write);
  return {
    ...others,
    rowsAdded: others.rowsAdded + partitioned.rowsAdded,
    touchedPeriods: [...new Set([...others.touchedPeriods, ...partitioned.touchedPeriods])].sort(),
  };
}

/**
 * A large load writes faster without the target's secondary indexes, unique keys and foreign keys, rebuilt
 * once after it (measured on 1,000,000 GL lines: the per-row foreign key checks took ~14 s of a 22 s INSERT,
 * rebuilding the indexes and re-validating the keys ~3 s). Worth it when the load is large beside the
 * table: foreign keys when it adds at least 1/20 of the table's rows, indexes and unique keys when at
 * least half. The DDL is the
 * table owner's (the platform role, back from the organization's role for it) and runs in the load's
 * transaction: a failed load rolls it back with everything else. Meanwhile the table is locked for readers
 * too, until the load commits. The definitions are read from the catalog, so a later warehouse migration
 * that changes them is followed.
 */
async function withBulkMaintenance<T>(
  client: PoolClient,
  context: { target: string; role: string; rows: number; bulkRows: number },
  write: () => Promise<T>,
): Promise<T> {
  const { target, role, rows, bulkRows } = context;
  if (rows < bulkRows) return write();
  await client.query('RESET ROLE');
  const table = await statisticsOf(client, target);
  const dropKeys = Boolean(table?.owned) && rows * 20 >= table!.rows;
  const dropIndexes = Boolean(table?.owned) && rows * 2 >= table!.rows;
  const constraints = dropKeys
    ? (
        await client.query<{ name: string; definition: string }>(
          `SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_catalog.pg_constraint ` +
            `WHERE conrelid = $1::regclass AND (contype = 'f' OR (contype = 'u' AND $2)) ORDER BY contype, conname`,
          [target, dropIndexes],
        )
      ).rows
    : [];
  // Indexes that back no constraint (unique keys go with the constraints above; the primary key stays).
  const indexes = dropIndexes
    ? (
        await client.query<{ name: string; definition: string }>(
          `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition FROM pg_catalog.pg_index i ` +
            `WHERE i.indrelid = $1::regclass AND NOT i.indisunique AND NOT i.indisprimary ` +
            `AND NOT EXISTS (SELECT 1 FROM pg_catalog.pg_constraint k WHERE k.conindid = i.indexrelid) ORDER BY 1`,
          [target],
        )
      ).rows
    : [];
  if (constraints.length > 0)
    await client.query(
      `ALTER TABLE ${target} ${constraints.map((key) => `DROP CONSTRAINT ${q(key.name)}`).join(', ')}`,
    );
  // `name` is regclass text: already quoted and schema-qualified by PostgreSQL itself.
  for (const index of indexes) await client.query(`DROP INDEX ${index.name}`);
  // Index and key rebuilds sort the whole table: in memory rather than in temporary files.
  if (indexes.length > 0 || constraints.length > 0) await client.query(`SET LOCAL maintenance_work_mem = '256MB'`);
  await client.query(`SET LOCAL ROLE ${q(role)}`);
  const result = await write();
  await client.query('RESET ROLE');
  // A partitioned table's index is defined ON ONLY the table (its partitions' attached to it): built on all of them.
  for (const index of indexes) await client.query(index.definition.replace(/ ON ONLY /, ' ON '));
  if (constraints.length > 0)
    await client.query(
      `ALTER TABLE ${target} ${constraints.map((key) => `ADD CONSTRAINT ${q(key.name)} ${key.definition}`).join(', ')}`,
    );
  await client.query(`SET LOCAL ROLE ${q(role)}`);
  return result;
}

/** The journals of the staged GL lines, as the ledger keys them (a file's lines are source 'upload'). */
async function stagedJournals(client: Queries, stage: string, columns: readonly string[]): Promise<LedgerJournal[]> {
  const source = columns.includes('source') ? `coalesce(source, '${UPLOAD_SOURCE}')` : `'${UPLOAD_SOURCE}'`;
  const result = await client.query<{ source: string; journal_id: string }>(
    `SELECT DISTINCT ${source} AS source, journal_id FROM ${stage}`,
  );
  return result.rows.map((row) => ({ source: row.source, journalId: row.journal_id }));
}
