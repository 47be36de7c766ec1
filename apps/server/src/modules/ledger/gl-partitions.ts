import type { PoolClient } from 'pg';
import { quoteIdent } from '../../warehouse/identifiers.ts';
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

/** The name of a period's own partition. */
const glPartitionOf = (period: string) => `${GL}_${period}`;

/**
 * The periods of the staged lines that get a partition of their own: at least `bulkRows` lines each, of a
 * period the ledger holds no line of. None when the GL is not partitioned.
 */
export async function monthsForPartitions(
  client: Pick<PoolClient, 'query'>,
  context: { schema: string; stage: string; bulkRows: number },
): Promise<string[]> {
  const { schema, stage, bulkRows } = context;
  const gl = `${q(schema)}.${q(GL)}`;
  const found = await client.query<{ period: string }>(
    `SELECT s.period FROM (SELECT period FROM ${stage} GROUP BY period HAVING count(*) >= $1) s ` +
      `WHERE (SELECT relkind FROM pg_catalog.pg_class WHERE oid = $2::regclass) = 'p' ` +
      `AND NOT EXISTS (SELECT 1 FROM ${gl} t WHERE t.period = s.period) ORDER BY 1`,
    [bulkRows, gl],
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
    await client.query(
      `ALTER TABLE ${gl} ATTACH PARTITION ${partition} FOR VALUES IN ('${month.replaceAll("'", "''")}')`,
    );
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
