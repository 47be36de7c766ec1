import type { PoolClient } from 'pg';
import { sqlStateOf } from '../../db/errors.ts';
import { quoteIdent, quoteLiteral } from '../../warehouse/identifiers.ts';
import { partsOf, type StagedWrite, type WriteOutcome } from './ledger-write.ts';
import { ownPartitionsOf } from './gl-partition-catalog.ts';

/**
 * A month loaded in bulk, in a partition of its own (02_GL_Detail is partitioned by period, warehouse
 * migration 4). Written into a table apart, without indexes or keys, then attached: PostgreSQL builds the
 * month's indexes by sorting its rows once and checks its foreign keys and its period against its rows
 * only, so a month loaded onto a ledger of millions of lines costs what it costs into an empty one.
 *
 * Only for what cannot meet the rest of the ledger: a load that adds (no file or period it replaces), the
 * month's lines the ledger holds none of. Everything else goes through the table (the default partition
 * or the month's own) with the write's rules (ledger-write.ts). Runs in the load's transaction: a failed
 * load rolls the partition back with the rest. The DDL is the table owner's (the platform role, back from
 * the organization's role for it); meanwhile the ledger is locked for readers too, until the load commits.
 */

const q = quoteIdent;
const GL = '02_GL_Detail';

/** The stage an upload filled with its file's lines (upload-stages.ts), by the file's id. */
export const uploadStageName = (fileId: string) => `pipeline_stage_${fileId.replaceAll('-', '')}`;

/** The statement that drops these files' upload stages (their line sequences go with them), those that exist. */
export const dropUploadStages = (schema: string, fileIds: readonly string[]) =>
  `DROP TABLE IF EXISTS ${fileIds.map((fileId) => `${q(schema)}.${q(uploadStageName(fileId))}`).join(', ')}`;

/** The name of a period's own partition. */
const glPartitionOf = (period: string) => `${GL}_${period}`;

/**
 * Of `periods` (those with at least `bulkRows` staged lines), the ones that get a partition of their own: periods
 * the ledger holds no line of. None when the GL is not partitioned.
 */
export async function monthsForPartitions(
  client: Pick<PoolClient, 'query'>,
  context: { schema: string; periods: readonly string[] },
): Promise<string[]> {
  const { schema, periods } = context;
  if (periods.length === 0) return [];
  const gl = `${q(schema)}.${q(GL)}`;
  const found = await client.query<{ period: string }>(
    `SELECT s.period FROM unnest($1::text[]) AS s(period) ` +
      `WHERE (SELECT relkind FROM pg_catalog.pg_class WHERE oid = $2::regclass) = 'p' ` +
      `AND NOT EXISTS (SELECT 1 FROM ${gl} t WHERE t.period = s.period) ORDER BY 1`,
    [periods, gl],
  );
  return found.rows.map((row) => row.period);
}

/**
 * Writes the staged lines of `months` (from monthsForPartitions) into a partition each, attached to the GL,
 * with the load's lineage and row ids from the GL's identity in file order; the lines left (other periods)
 * the caller writes. Returns what was written.
 */
export async function writeMonthPartitions(
  client: Pick<PoolClient, 'query'>,
  write: StagedWrite & { role: string; months: readonly string[] },
): Promise<WriteOutcome> {
  const p = partsOf(write);
  const { schema, stage, loadId, months, role } = write;
  const gl = `${q(schema)}.${q(GL)}`;
  const columns = ['row_id', ...p.written, 'source', 'load_id', 'file_id'];
  const selected = [
    `$1::bigint + ($2::bigint[])[s._file + 1] + s._line`,
    ...p.written.map(p.staged),
    `'${p.source}'`,
    '$3::bigint',
    `($4::uuid[])[s._file + 1]`,
  ];
  await client.query('RESET ROLE');
  const numbering = await reserveRowIds(client, gl, stage);
  // The indexes are built by sorting a month's rows: in memory rather than in temporary files.
  await client.query(`SET LOCAL maintenance_work_mem = '256MB'`);
  let rowsAdded = 0;
  const existing = new Map((await ownPartitionsOf(client, gl)).map((partition) => [partition.period, partition.name]));
  for (const month of months) {
    const partition = `${q(schema)}.${q(glPartitionOf(month))}`;
    // An earlier load's partition, emptied since (an undo): made again. (`name` is quoted by PostgreSQL itself.)
    const emptied = existing.get(month);
    if (emptied) await client.query(`DROP TABLE ${emptied}`);
    await client.query(`CREATE TABLE ${partition} (LIKE ${gl} INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`);
    const inserted = await client.query(
      `INSERT INTO ${partition} (${columns.map(q).join(', ')}) SELECT ${selected.join(', ')} FROM ${stage} s ` +
        `WHERE s.period = $5`,
      [numbering.first, numbering.offsets, loadId, [...write.fileIds], month],
    );
    rowsAdded += inserted.rowCount ?? 0;
    await client.query(`ALTER TABLE ${gl} ATTACH PARTITION ${partition} FOR VALUES IN (${quoteLiteral(month)})`);
    // The organization's role may do on every table of its warehouse what it may on the GL: its checks' messages
    // (a foreign key's) name values only to a role that may read them.
    await client.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ${partition} TO ${q(role)}`);
  }
  await client.query(`SET LOCAL ROLE ${q(role)}`);
  return {
    rowsAdded,
    rowsRemoved: 0,
    rowsReplaced: 0,
    editsOverwritten: 0,
    overwritten: [],
    touchedPeriods: [...months],
  };
}

/**
 * Row ids for every staged line, drawn from the GL's identity at once and numbered in file order (a line's id
 * is `first + offsets[file] + line`), instead of one draw per line in a sorted insert: 1,000,000 lines went in
 * 12–14 s that way. Nobody else draws meanwhile: the load holds the GL's lock against every other writer.
 */
async function reserveRowIds(client: Pick<PoolClient, 'query'>, gl: string, stage: string) {
  const files = (
    await client.query<{ file: number; first: string; last: string }>(
      `SELECT _file AS file, min(_line)::text AS first, max(_line)::text AS last FROM ${stage} GROUP BY _file ORDER BY _file`,
    )
  ).rows;
  const offsets: string[] = [];
  let next = 0n;
  for (const file of files) {
    offsets[file.file] = String(next - BigInt(file.first));
    next += BigInt(file.last) - BigInt(file.first) + 1n;
  }
  const [drawn] = (
    await client.query<{ first: string }>(
      `WITH sequence AS (SELECT pg_get_serial_sequence($1, 'row_id')::regclass AS name), ` +
        `drawn AS (SELECT nextval(name) AS first, name FROM sequence) ` +
        `SELECT first::text FROM drawn WHERE setval(name, first + $2::bigint - 1) IS NOT NULL`,
      [gl, String(next)],
    )
  ).rows;
  return { first: drawn!.first, offsets: Array.from(offsets, (offset) => offset ?? '0') };
}

/** The check a stage's lines are of `month` (so attaching need not read them again), by its name. */
const monthCheckOf = (month: string) => q(`${glPartitionOf(month)}_month`);

/**
 * What `stage` lacks of what the month's partition must hold, as ALTER TABLE clauses: the GL's NOT NULLs and
 * CHECKs, and the check that its lines are of `month`. Adding them checks every line in one pass; a stage that
 * got them before its lines came (an upload's, upload-stages.ts) lacks none, and its lines need no such check.
 */
export async function partitionConstraintsLacking(
  client: Pick<PoolClient, 'query'>,
  context: { schema: string; stage: string; month: string },
): Promise<string[]> {
  const { schema, stage, month } = context;
  const gl = `${q(schema)}.${q(GL)}`;
  const notNull = (
    await client.query<{ column: string }>(
      `SELECT g.attname AS column FROM pg_catalog.pg_attribute g ` +
        `LEFT JOIN pg_catalog.pg_attribute s ON s.attrelid = $2::regclass AND s.attname = g.attname ` +
        `WHERE g.attrelid = $1::regclass AND g.attnum > 0 AND NOT g.attisdropped AND g.attnotnull ` +
        `AND NOT coalesce(s.attnotnull, false) ORDER BY g.attnum`,
      [gl, stage],
    )
  ).rows.map((row) => `ALTER ${q(row.column)} SET NOT NULL`);
  const monthCheck = `${glPartitionOf(month)}_month`;
  const checks = (
    await client.query<{ name: string; definition: string }>(
      `WITH wanted AS (SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_catalog.pg_constraint ` +
        `WHERE conrelid = $1::regclass AND contype = 'c' ` +
        `UNION ALL SELECT $3, 'CHECK (period IS NOT NULL AND period = ' || quote_literal($4::text) || ')') ` +
        `SELECT name, definition FROM wanted w WHERE NOT EXISTS (SELECT 1 FROM pg_catalog.pg_constraint s ` +
        `WHERE s.conrelid = $2::regclass AND s.contype = 'c' AND s.conname = w.name) ORDER BY name`,
      [gl, stage, monthCheck, month],
    )
  ).rows.map((check) => `ADD CONSTRAINT ${q(check.name)} ${check.definition}`);
  return [...notNull, ...checks];
}

/**
 * A stage in the shape of a month's partition, for a load that may make it that partition (adoptStage): the
 * GL's columns, then the stage's own `_file` and `_line` (numbered from `lines`, a sequence it owns). Its rows
 * take their row ids from the GL's identity and the load's id (drawn ahead) as they are copied in, so nothing
 * is rewritten when it becomes the partition. Made by the platform (the ledger's owner, who also copies into
 * it: the identity is the owner's), readable and writable by the organization's role (`role`) for the run's
 * checks. A run's lives in the load's one transaction: nobody else sees it, and it is gone with a load that
 * fails; an upload's (upload-stages.ts) is committed, granted by its upload.
 */
export async function createPartitionStage(
  client: Pick<PoolClient, 'query'>,
  context: { schema: string; stage: string; lines: string; role?: string; loadId: number },
): Promise<void> {
  const { schema, stage, lines, role, loadId } = context;
  const gl = `${q(schema)}.${q(GL)}`;
  await client.query('RESET ROLE');
  const [identity] = (await client.query<{ name: string }>(`SELECT pg_get_serial_sequence($1, 'row_id') AS name`, [gl]))
    .rows;
  await client.query(`CREATE TABLE ${stage} AS SELECT * FROM ${gl} WITH NO DATA`);
  // Cached in the session: one shared sequence buffer locked per line cost 0.25 s a million lines.
  await client.query(`CREATE SEQUENCE ${lines} CACHE 1000`);
  await client.query(
    `ALTER TABLE ${stage} ADD COLUMN _file integer, ADD COLUMN _line bigint, ` +
      `ALTER row_id SET DEFAULT nextval(${quoteLiteral(identity!.name)}::regclass), ` +
      `ALTER source SET DEFAULT 'upload', ALTER load_id SET DEFAULT ${Number(loadId)}`,
  );
  await client.query(`ALTER SEQUENCE ${lines} OWNED BY ${stage}._line`);
  if (role) await grantStage(client, { stage, role });
}

/** The organization's role may check and write a partition's stage (as the platform, then back to the role). */
async function grantStage(client: Pick<PoolClient, 'query'>, context: { stage: string; role: string }) {
  const { stage, role } = context;
  await client.query('RESET ROLE');
  await client.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ${stage} TO ${q(role)}`);
  await client.query(`SET LOCAL ROLE ${q(role)}`);
}

/**
 * Makes the stage (createPartitionStage) the partition of `month` — every staged line is of that month, the
 * ledger holds none of it (the caller knows both) — instead of copying its lines: the GL's NOT NULL and CHECK
 * constraints are added and checked in one pass, with one that the lines are of the month (so attaching need
 * not read them again), the stage's own columns dropped, the table renamed and attached (its indexes built, its
 * foreign keys checked). Answers whether it did: a line the GL's constraints refuse (an empty amount, say)
 * leaves the stage as it was, for the usual write, which gives such lines their defaults. In the load's
 * transaction, as the platform (the DDL is the owner's).
 */
export async function adoptStage(
  client: Pick<PoolClient, 'query'>,
  context: { schema: string; stage: string; role: string; month: string },
): Promise<boolean> {
  const { schema, stage, role, month } = context;
  const gl = `${q(schema)}.${q(GL)}`;
  const name = glPartitionOf(month);
  const partition = `${q(schema)}.${q(name)}`;
  await client.query('RESET ROLE');
  const constraints = await partitionConstraintsLacking(client, { schema, stage, month });
  // An earlier load's partition of the month, emptied since (an undo): made again. (`name` is quoted by PostgreSQL.)
  const emptied = (await ownPartitionsOf(client, gl)).find((own) => own.period === month);
  await client.query('SAVEPOINT adopt_stage');
  try {
    await client.query(
      `ALTER TABLE ${stage} DROP COLUMN _file, DROP COLUMN _line, ` +
        'ALTER row_id DROP DEFAULT, ALTER load_id DROP DEFAULT, ALTER file_id DROP DEFAULT, ALTER source DROP DEFAULT' +
        constraints.map((constraint) => `, ${constraint}`).join(''),
    );
  } catch (error) {
    await client.query('ROLLBACK TO SAVEPOINT adopt_stage');
    await client.query(`SET LOCAL ROLE ${q(role)}`);
    // 23502 not null, 23514 check: lines the usual write takes (defaults) or names.
    if (['23502', '23514'].includes(sqlStateOf(error).code ?? '')) return false;
    throw error;
  }
  await client.query('RELEASE SAVEPOINT adopt_stage');
  if (emptied) await client.query(`DROP TABLE ${emptied.name}`);
  // A primary key the stage kept as its lines came (an upload's) is named as the partition's own would be.
  const [key] = (
    await client.query<{ index: string }>(
      `SELECT conindid::regclass::text AS index FROM pg_catalog.pg_constraint WHERE conrelid = $1::regclass AND contype = 'p'`,
      [stage],
    )
  ).rows;
  if (key) await client.query(`ALTER INDEX ${key.index} RENAME TO ${q(`${name}_pkey`)}`);
  await client.query(`ALTER TABLE ${stage} RENAME TO ${q(name)}`);
  // Attaching builds the month's indexes by sorting its rows: in memory rather than in temporary files (as the
  // floor of bench/ingest.ts does: 7.7 s with the default 64 MB against 6.0 s for the same builds in memory).
  await client.query(`SET LOCAL maintenance_work_mem = '256MB'`);
  await client.query(`ALTER TABLE ${gl} ATTACH PARTITION ${partition} FOR VALUES IN (${quoteLiteral(month)})`);
  await client.query(`ALTER TABLE ${partition} DROP CONSTRAINT ${monthCheckOf(month)}`);
  await client.query(`SET LOCAL ROLE ${q(role)}`);
  return true;
}
