import { loadModule, parseSync } from 'libpg-query';
import { CHAT_MAX_ROWS } from '@finboard/shared/chat';
import { CANONICAL_TABLES, CANONICAL_VIEWS } from '../../warehouse/canonical-model.ts';
import {
  AGGREGATE_FUNCTIONS,
  constantOf,
  folds,
  functionNameOf,
  isColumn,
  isSetOperation,
  operatorOf,
  stringsOf,
  type Node,
} from './sql-tree.ts';
import { valueSizeRefusal } from './value-sizes.ts';

/**
 * Decides, by parsing with the real PostgreSQL parser (libpg-query), whether a statement may run for Chat DB:
 * exactly one SELECT whose every node is of a kind on an allowlist (so no DML or DDL anywhere, no data-modifying
 * CTE, no SELECT INTO, no FOR UPDATE/SHARE, no function in FROM), calling only ordinary scalar, aggregate and
 * window functions, casting only to ordinary types, and reading only the organization's own warehouse relations.
 *
 * It also refuses what would let a short statement do unbounded work, because PGlite cannot cut a running
 * statement off (chat-runner.ts): recursive WITH queries (however the recursion is spelt), and functions whose
 * output grows with an argument (lpad/rpad lengths, exponents, decimal places) unless that argument is a small
 * constant; string_agg and array_agg only gather columns. A model's statement (`untrusted`) may in addition build
 * text or arrays in one level of the query only (a subquery's built text built on again doubles per level), and its
 * nested queries may not make the planner copy an expression more than MAX_EXPANSION times (PostgreSQL substitutes
 * a subquery's expressions into the query around it: five levels of ten references took PGlite's planner 0.8 s,
 * and each further level multiplies the copies by ten).
 *
 * The planner prices a function call the same whatever values it meets, so a model's statement is also held to
 * bounds on the values it computes (value-sizes.ts): numbers of at most 300 digits, text cast to numeric only
 * from a constant or with a precision, little text built for each row, short constants, nothing gathered from
 * many rows searched or computed with for each row (nor gathered again for each row by a window), no regular
 * expressions. The statement still runs READ ONLY, with a time and row budget, as a role that reaches nothing
 * else (chat-runner.ts).
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
  ...AGGREGATE_FUNCTIONS,
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

/** lpad/rpad lengths, in characters: enough to align codes and names. */
export const MAX_PAD_LENGTH = 100;
/** Exponents (power, ^, exp) and decimal places (round, trunc): a numeric's digits grow with them. */
export const MAX_EXPONENT = 100;
/** string_agg's separator, in characters. */
export const MAX_SEPARATOR_LENGTH = 100;
/** How many copies of an expression the planner may make when it folds a model's subqueries into each other. */
export const MAX_EXPANSION = 20_000;

/** Allowed functions whose output grows with one argument, which must then be a constant within bounds. */
const BOUNDED_ARGUMENTS: Record<string, { index: number; what: string; min: number; max: number }> = {
  lpad: { index: 1, what: "lpad's length", min: 0, max: MAX_PAD_LENGTH },
  rpad: { index: 1, what: "rpad's length", min: 0, max: MAX_PAD_LENGTH },
  power: { index: 1, what: "power's exponent", min: -MAX_EXPONENT, max: MAX_EXPONENT },
  exp: { index: 0, what: "exp's argument", min: -MAX_EXPONENT, max: MAX_EXPONENT },
  round: { index: 1, what: "round's decimal places", min: -MAX_EXPONENT, max: MAX_EXPONENT },
  trunc: { index: 1, what: "trunc's decimal places", min: -MAX_EXPONENT, max: MAX_EXPONENT },
};

/** Functions and operators that build text or arrays longer than their inputs. */
const BUILDING_FUNCTIONS = new Set(['concat', 'concat_ws', 'lpad', 'rpad', 'replace', 'string_agg', 'array_agg']);

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

interface Walk {
  cteNames: Set<string>;
  relations: string[];
}

function checkBounded(argument: unknown, bound: { what: string; min: number; max: number }): void {
  const value = constantOf(argument);
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number) || number < bound.min || number > bound.max)
    throw new SqlRefusedError(
      `${bound.what} must be a number from ${bound.min.toLocaleString('en-US')} to ${bound.max.toLocaleString('en-US')}`,
    );
}

function checkFunction(call: Node): void {
  const name = stringsOf(call.funcname);
  const schema = name.length > 1 ? name[0] : undefined;
  const fn = name.at(-1)!.toLowerCase();
  if ((schema !== undefined && schema !== 'pg_catalog') || !ALLOWED_FUNCTIONS.has(fn))
    throw new SqlRefusedError(`the function ${name.join('.')} is not allowed`);
  const args = Array.isArray(call.args) ? (call.args as unknown[]) : [];
  const bound = BOUNDED_ARGUMENTS[fn];
  if (bound && args.length > bound.index) checkBounded(args[bound.index], bound);
  if (fn === 'replace') {
    const [, from, to] = args.map(constantOf);
    if (typeof from !== 'string' || typeof to !== 'string' || to.length > from.length)
      throw new SqlRefusedError('replace may only put in constant text no longer than the constant text it takes out');
  }
  if (fn === 'string_agg') {
    const separator = constantOf(args[1]);
    if (!isColumn(args[0]) || typeof separator !== 'string' || separator.length > MAX_SEPARATOR_LENGTH)
      throw new SqlRefusedError(
        `string_agg's value must be a column and its separator a constant of at most ${MAX_SEPARATOR_LENGTH} characters`,
      );
  }
  if (fn === 'array_agg' && !isColumn(args[0])) throw new SqlRefusedError("array_agg's value must be a column");
}

/**
 * WITH RECURSIVE is refused outright; a WITH query that refers to itself or to a sibling that refers back to it
 * (directly or from a nested subquery) is refused too, whatever the keyword says.
 */
function checkWith(clause: Node): void {
  if (clause.recursive)
    throw new SqlRefusedError('WITH RECURSIVE is not allowed (a recursive query can run without end)');
  const ctes = (Array.isArray(clause.ctes) ? (clause.ctes as Node[]) : []).map((item) => item.CommonTableExpr as Node);
  const names = new Set(ctes.map((cte) => String(cte.ctename)));
  const reads = new Map(
    ctes.map((cte) => [String(cte.ctename), relationsIn(cte.ctequery).filter((name) => names.has(name))]),
  );
  const finished = new Set<string>();
  const visit = (name: string, path: string[]): void => {
    if (finished.has(name)) return;
    const at = path.indexOf(name);
    if (at >= 0) {
      const cycle = path.slice(at);
      if (cycle.length === 1) throw new SqlRefusedError(`the WITH query ${name} refers to itself`);
      throw new SqlRefusedError(
        `the WITH queries ${cycle.slice(0, -1).join(', ')} and ${cycle.at(-1)} refer to each other`,
      );
    }
    for (const next of reads.get(name) ?? []) visit(next, [...path, name]);
    finished.add(name);
  };
  for (const name of names) visit(name, []);
}

/** Every relation name read anywhere inside a node (nested subqueries included). */
function relationsIn(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) relationsIn(item, found);
  else if (node && typeof node === 'object')
    for (const [key, value] of Object.entries(node as Node)) {
      if (key === 'RangeVar') found.push(String((value as Node).relname));
      relationsIn(value, found);
    }
  return found;
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
    if (key === 'withClause' && value) checkWith(value as Node);
    // Node kinds are capitalised keys ({ SelectStmt: {…} }); lower-case keys are their fields.
    if (/^[A-Z]/.test(key)) {
      if (!ALLOWED_NODES.has(key)) throw new SqlRefusedError(refusalOf(key));
      const body = value as Node;
      if (key === 'FuncCall') checkFunction(body);
      if (key === 'A_Expr' && operatorOf(body) === '^')
        checkBounded(body.rexpr, { what: 'the exponent of ^', min: -MAX_EXPONENT, max: MAX_EXPONENT });
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

/** What builds text or arrays in a node: a BUILDING_FUNCTIONS call, `||`, ARRAY[…] or ARRAY(SELECT …). */
function buildingOf(kind: string, body: Node): string | undefined {
  if (kind === 'FuncCall') {
    const fn = functionNameOf(body);
    return BUILDING_FUNCTIONS.has(fn) ? fn : undefined;
  }
  if (kind === 'A_Expr' && operatorOf(body) === '||') return '||';
  if (kind === 'A_ArrayExpr') return 'ARRAY[…]';
  if (kind === 'SubLink' && body.subLinkType === 'ARRAY_SUBLINK') return 'ARRAY(…)';
  return undefined;
}

interface Level {
  /** At most how many copies of an expression folding this level into the one around it makes (1 if it does not fold). */
  expansion: number;
  /** Whether it, or a level it reads, builds text or arrays. */
  builds: boolean;
}

/**
 * A model's statement, level by level (each SELECT, each arm of a UNION, each WITH query where it is read):
 * text or arrays are built in one level of a chain only, and the planner's copies of expressions stay bounded.
 * A level's expansion is its column references times the widest level it reads that folds (the sum over a UNION's
 * arms): an upper bound, since each reference to a folded subquery's column is replaced by that column's expression.
 */
function checkLevels(root: Node): void {
  const memo = new Map<Node, Level>();
  const materialized = new Set<Node>();
  const level = (select: Node, outer: ReadonlyMap<string, Node>): Level => {
    const known = memo.get(select);
    if (known) return known;
    // Reached again while being analysed: only a self-reference does that, and checkWith refused those first.
    memo.set(select, { expansion: Infinity, builds: true });
    const scope = new Map(outer);
    const own = (((select.withClause as Node | undefined)?.ctes as Node[] | undefined) ?? []).map(
      (item) => item.CommonTableExpr as Node,
    );
    for (const cte of own) {
      const body = (cte.ctequery as Node).SelectStmt as Node;
      scope.set(String(cte.ctename), body);
      if (cte.ctematerialized === 'CTEMaterializeAlways') materialized.add(body);
    }
    // Every WITH query is checked, whether or not anything reads it.
    for (const cte of own) level((cte.ctequery as Node).SelectStmt as Node, scope);
    let references = 0;
    const built = new Set<string>();
    const read: Level[] = [];
    const arms: Level[] = [];
    const visit = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(visit);
      if (!node || typeof node !== 'object') return;
      for (const [key, value] of Object.entries(node as Node)) {
        if (key === 'withClause') continue;
        if (key === 'larg' || key === 'rarg') arms.push(level(value as Node, scope));
        else if (key === 'SelectStmt') read.push(level(value as Node, scope));
        else {
          if (key === 'ColumnRef') references += 1;
          const cte = key === 'RangeVar' ? scope.get(String((value as Node).relname)) : undefined;
          if (cte) read.push(level(cte, scope));
          const building = /^[A-Z]/.test(key) ? buildingOf(key, value as Node) : undefined;
          if (building) built.add(building);
          visit(value);
        }
      }
    };
    visit(select);
    const below = [...read, ...arms];
    if (built.size > 0 && below.some((child) => child.builds))
      throw new SqlRefusedError(
        `${[...built].join(', ')} builds on text or arrays built in a subquery (build them in one level of the query only)`,
      );
    const widest = Math.max(1, ...read.map((child) => child.expansion), sum(arms.map((arm) => arm.expansion)));
    const expansion = Math.max(1, references) * widest;
    if (expansion > MAX_EXPANSION)
      throw new SqlRefusedError(
        `its subqueries refer to each other's columns too often (the planner would copy an expression more than ${MAX_EXPANSION.toLocaleString('en-US')} times)`,
      );
    const result = {
      expansion: isSetOperation(select) || folds(select, materialized.has(select)) ? expansion : 1,
      builds: built.size > 0 || below.some((child) => child.builds),
    };
    memo.set(select, result);
    return result;
  };
  level(root, new Map());
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

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

export interface CheckOptions {
  /** SQL not compiled by us (a language model's): the level rules of checkLevels apply too. */
  untrusted?: boolean;
}

/**
 * Checks `text` and returns it ready to run (call loadSqlParser() once before). Throws SqlRefusedError with a
 * reason a person can read.
 */
export function checkSql(text: string, options: CheckOptions = {}): CheckedSql {
  if (text.includes('\0')) throw new SqlRefusedError('the statement contains a NUL character');
  const { stmt, location, length } = parseOne(text);
  const select = stmt.SelectStmt as Node | undefined;
  if (!select) throw new SqlRefusedError(refusalOf(Object.keys(stmt)[0] ?? 'statement'));
  const state: Walk = { cteNames: new Set(), relations: [] };
  walk(stmt, state);
  if (options.untrusted) checkLevels(select);
  for (const relation of state.relations)
    if (!state.cteNames.has(relation) && !READABLE_RELATIONS.includes(relation))
      throw new SqlRefusedError(`${relation} is not a table of this organization's warehouse`);
  if (options.untrusted) {
    const tooLarge = valueSizeRefusal(select);
    if (tooLarge) throw new SqlRefusedError(tooLarge);
  }

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
