import { loadModule, parseSync } from 'libpg-query';
import { CHAT_MAX_ROWS } from '@finboard/shared/chat';
import { CANONICAL_TABLES, CANONICAL_VIEWS } from '../../warehouse/canonical-model.ts';

/**
 * Decides, by parsing with the real PostgreSQL parser (libpg-query), whether a statement may run for Chat DB:
 * exactly one SELECT whose every node is of a kind on an allowlist (so no DML or DDL anywhere, no data-modifying
 * CTE, no SELECT INTO, no FOR UPDATE/SHARE, no function in FROM), calling only ordinary scalar, aggregate and
 * window functions, casting only to ordinary types, and reading only the organization's own warehouse relations.
 * Parsing cannot see what a function does at run time, so the statement still runs READ ONLY, with timeouts, as
 * a role that reaches nothing else (chat-runner.ts).
 */

export class SqlRefusedError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'SqlRefusedError';
  }
}

/** The relations a statement may read: the canonical model and the monthly aggregates (warehouse migration 2). */
export const READABLE_RELATIONS: readonly string[] = [
  ...CANONICAL_TABLES,
  ...CANONICAL_VIEWS,
  '05_Monthly_Balance',
  '05_Monthly_Cash_Flow',
];

/** Ordinary functions without side effects that reveal nothing outside the rows they are given. */
const ALLOWED_FUNCTIONS = new Set([
  // aggregates
  'sum',
  'count',
  'avg',
  'min',
  'max',
  'stddev',
  'stddev_pop',
  'stddev_samp',
  'variance',
  'var_pop',
  'var_samp',
  'bool_and',
  'bool_or',
  'every',
  'string_agg',
  'array_agg',
  'percentile_cont',
  'percentile_disc',
  'mode',
  'grouping',
  // window
  'row_number',
  'rank',
  'dense_rank',
  'percent_rank',
  'cume_dist',
  'ntile',
  'lag',
  'lead',
  'first_value',
  'last_value',
  'nth_value',
  // numbers
  'abs',
  'round',
  'trunc',
  'floor',
  'ceil',
  'ceiling',
  'sign',
  'mod',
  'power',
  'sqrt',
  'exp',
  'ln',
  'log',
  'greatest',
  'least',
  'div',
  // text
  'lower',
  'upper',
  'initcap',
  'length',
  'char_length',
  'substr',
  'substring',
  'left',
  'right',
  'trim',
  'btrim',
  'ltrim',
  'rtrim',
  'lpad',
  'rpad',
  'replace',
  'concat',
  'concat_ws',
  'split_part',
  'strpos',
  'position',
  'starts_with',
  'reverse',
  'format_number',
  // dates
  'to_char',
  'to_date',
  'to_number',
  'date_trunc',
  'date_part',
  'extract',
  'make_date',
  'age',
]);

/** Types a value may be cast to (a cast to regclass or regproc would read the catalog). */
const ALLOWED_TYPES = new Set([
  'numeric',
  'decimal',
  'int2',
  'int4',
  'int8',
  'smallint',
  'integer',
  'int',
  'bigint',
  'float4',
  'float8',
  'real',
  'double precision',
  'text',
  'varchar',
  'bpchar',
  'char',
  'date',
  'timestamp',
  'timestamptz',
  'interval',
  'bool',
  'boolean',
]);

/** Node kinds a SELECT over the warehouse needs; any other kind (a DeleteStmt in a CTE, a RangeFunction…) is refused. */
const ALLOWED_NODES = new Set([
  'SelectStmt',
  'ResTarget',
  'ColumnRef',
  'A_Star',
  'A_Const',
  'A_Expr',
  'BoolExpr',
  'FuncCall',
  'TypeCast',
  'TypeName',
  'RangeVar',
  'RangeSubselect',
  'JoinExpr',
  'Alias',
  'SortBy',
  'WithClause',
  'CommonTableExpr',
  'CaseExpr',
  'CaseWhen',
  'CoalesceExpr',
  'NullTest',
  'BooleanTest',
  'SubLink',
  'ParamRef',
  'WindowDef',
  'String',
  'Integer',
  'Float',
  'Boolean',
  'List',
  'MinMaxExpr',
  'SQLValueFunction',
  'GroupingSet',
  'A_ArrayExpr',
  'RowExpr',
  'A_Indirection',
  'A_Indices',
  'NullIfExpr',
]);

/** SQL value functions that name the session (current_user, current_role…) reveal who runs it: only dates. */
const ALLOWED_SQL_VALUE_FUNCTIONS = new Set(['SVFOP_CURRENT_DATE', 'SVFOP_CURRENT_TIMESTAMP', 'SVFOP_LOCALTIMESTAMP']);

let loaded: Promise<void> | undefined;
/** The parser is WebAssembly: loaded once, before the first check. */
export const loadSqlParser = (): Promise<void> => (loaded ??= loadModule());

type Node = Record<string, unknown>;

const stringsOf = (list: unknown): string[] =>
  Array.isArray(list) ? list.map((item) => ((item as Node).String as { sval?: string } | undefined)?.sval ?? '') : [];

interface Walk {
  cteNames: Set<string>;
  relations: string[];
}

function checkFunction(call: Node): void {
  const name = stringsOf(call.funcname);
  const schema = name.length > 1 ? name[0] : undefined;
  const fn = name.at(-1)!.toLowerCase();
  if ((schema !== undefined && schema !== 'pg_catalog') || !ALLOWED_FUNCTIONS.has(fn))
    throw new SqlRefusedError(`the function ${name.join('.')} is not allowed`);
}

function checkType(typeName: Node): void {
  const names = stringsOf(typeName.names);
  const type = names.at(-1)?.toLowerCase() ?? '';
  if ((names.length > 1 && names[0] !== 'pg_catalog') || !ALLOWED_TYPES.has(type))
    throw new SqlRefusedError(`a cast to ${names.join('.')} is not allowed`);
}

function walk(node: unknown, state: Walk, depth = 0): void {
  if (depth > 200) throw new SqlRefusedError('the statement is nested too deeply');
  if (Array.isArray(node)) {
    for (const item of node) walk(item, state, depth + 1);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node as Node)) {
    // Fields, wherever they stand (a UNION's arms carry them without a SelectStmt key of their own).
    if (key === 'intoClause' && value) throw new SqlRefusedError('SELECT INTO writes a table');
    if (key === 'lockingClause' && value) throw new SqlRefusedError('FOR UPDATE or FOR SHARE locks rows');
    // Node kinds are capitalised keys ({ SelectStmt: {…} }); lower-case keys are their fields.
    if (/^[A-Z]/.test(key)) {
      if (!ALLOWED_NODES.has(key)) throw new SqlRefusedError(refusalOf(key));
      const body = value as Node;
      if (key === 'FuncCall') checkFunction(body);
      // A cast's type is a plain field ({ TypeCast: { typeName: {…} } }), not a TypeName node.
      if (key === 'TypeCast') checkType((body.typeName ?? {}) as Node);
      if (key === 'TypeName') checkType(body);
      if (key === 'SQLValueFunction' && !ALLOWED_SQL_VALUE_FUNCTIONS.has(String(body.op)))
        throw new SqlRefusedError('session information is not available');
      if (key === 'CommonTableExpr') {
        const name = String(body.ctename);
        if (name.toLowerCase().startsWith('pg_')) throw new SqlRefusedError(`the name ${name} is reserved`);
        if (!(body.ctequery as Node | undefined)?.SelectStmt)
          throw new SqlRefusedError('a WITH query must be a SELECT');
        state.cteNames.add(name);
      }
      if (key === 'RangeVar') {
        if (body.schemaname || body.catalogname) throw new SqlRefusedError('relations are named without a schema');
        state.relations.push(String(body.relname));
      }
    }
    walk(value, state, depth + 1);
  }
}

/** Plain words for the node kinds people (and models) most often try. */
function refusalOf(kind: string): string {
  if (/^(Insert|Update|Delete|Merge)Stmt$/.test(kind)) return 'only reading is allowed, not changing data';
  if (kind === 'VariableSetStmt' || kind === 'VariableShowStmt') return 'settings cannot be read or changed';
  if (kind === 'RangeFunction') return 'functions cannot be used as tables';
  if (kind === 'CopyStmt') return 'COPY is not allowed';
  if (kind.endsWith('Stmt')) return 'only one SELECT statement is allowed';
  return `${kind} is not allowed`;
}

export interface CheckedSql {
  /** The statement as it will run: its LIMIT at most CHAT_MAX_ROWS. */
  sql: string;
  /** The warehouse relations it reads. */
  relations: string[];
}

function parseOne(text: string): { stmt: Node; location: number; length: number } {
  let tree: { stmts?: { stmt: Node; stmt_location?: number; stmt_len?: number }[] };
  try {
    tree = parseSync(text) as typeof tree;
  } catch (error) {
    throw new SqlRefusedError(`the statement does not parse (${(error as Error).message})`);
  }
  const statements = tree.stmts ?? [];
  if (statements.length !== 1) throw new SqlRefusedError('exactly one statement is allowed');
  const [only] = statements;
  return { stmt: only!.stmt, location: only!.stmt_location ?? 0, length: only!.stmt_len ?? 0 };
}

function limitOf(select: Node): number | 'none' | 'other' {
  const count = select.limitCount as Node | undefined;
  if (!count) return 'none';
  const value = (count.A_Const as { ival?: { ival?: number } } | undefined)?.ival;
  return value && typeof value.ival === 'number' ? value.ival : 'other';
}

/**
 * Checks `text` and returns it ready to run (call loadSqlParser() once before). Throws SqlRefusedError with a
 * reason a person can read.
 */
export function checkSql(text: string): CheckedSql {
  if (text.includes('\0')) throw new SqlRefusedError('the statement contains a NUL character');
  const { stmt, location, length } = parseOne(text);
  const select = stmt.SelectStmt as Node | undefined;
  if (!select) throw new SqlRefusedError(refusalOf(Object.keys(stmt)[0] ?? 'statement'));
  const state: Walk = { cteNames: new Set(), relations: [] };
  walk(stmt, state);
  for (const relation of state.relations)
    if (!state.cteNames.has(relation) && !READABLE_RELATIONS.includes(relation))
      throw new SqlRefusedError(`${relation} is not a table of this organization's warehouse`);

  // The statement alone (no trailing semicolon or comment), then its LIMIT clamped.
  const body = (length > 0 ? text.slice(location, location + length) : text.slice(location)).trim();
  const limit = limitOf(select);
  const clamped =
    limit === 'none'
      ? `${body}\nLIMIT ${CHAT_MAX_ROWS}`
      : limit === 'other' || limit > CHAT_MAX_ROWS
        ? `SELECT * FROM (\n${body}\n) AS answer LIMIT ${CHAT_MAX_ROWS}`
        : body;
  // What runs is exactly what was checked: the clamped text parses to the same single SELECT.
  if (clamped !== body) {
    const again = parseOne(clamped);
    if (!again.stmt.SelectStmt) throw new SqlRefusedError('only one SELECT statement is allowed');
    walk(again.stmt, { cteNames: new Set(), relations: [] });
  }
  return { sql: clamped, relations: [...new Set(state.relations.filter((name) => !state.cteNames.has(name)))] };
}
