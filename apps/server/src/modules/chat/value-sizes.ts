import {
  AGGREGATE_FUNCTIONS,
  constantOf,
  folds,
  functionNameOf,
  isSetOperation,
  stringsOf,
  type Node,
} from './sql-tree.ts';

/**
 * How large the values of a model's statement can grow, worked out from its parse tree before it runs, and why it
 * is refused when they could grow past what an ordinary row costs. The planner prices a function call at one
 * operator whatever it is given, and PGlite cannot cut a statement off (chat-runner.ts). Measured there (two shared
 * cores, 2026-11-26), each within the runner's plan checks: two 4,000-digit numbers multiplied, 420 µs a row (two
 * 20-digit ones, about 1 µs); text of 2,000 account codes cast to numeric and squared, summed over 10,050 ledger
 * lines, 10.8 s; `concat` of 1,000 descriptions for each of 200,000 rows, 108 s, and a 19,000-character constant
 * put before each, 55 s (plan cost about 10,000 of the 250,000 allowed); `= ANY(ARRAY(SELECT …))` over 20,000 ×
 * 20,000 rows, 24 s; ln of a number with 280 decimals, 440 µs a row; a regular expression of 200 characters, 66 µs.
 *
 * So, each an upper bound from the warehouse's columns (READABLE_COLUMNS), the constants and what each operation
 * does to digits and characters, followed level by level through WITH queries and subqueries by column name:
 * - a number computed (arithmetic, aggregates, rounding, powers, casts to numeric) has at most MAX_NUMBER_DIGITS
 *   digits, and the argument of ln, log, sqrt or a fractional power at most MAX_ROOT_DIGITS;
 * - text becomes numeric only from a constant or with a precision (`::numeric(18,2)`), and never text the statement
 *   built (`||`, concat, string_agg…);
 * - a text constant has at most MAX_CONSTANT_LENGTH characters (a pattern, a trim set or a format is read for
 *   every row);
 * - the text a level builds for each row, counting the copies the planner makes of subqueries it folds in, holds at
 *   most MAX_BUILT_VALUES values of the rows and MAX_BUILT_CHARACTERS characters of constants (measured at both
 *   bounds: 1.7 s for 200,000 rows);
 * - what string_agg, array_agg or ARRAY(SELECT …) gathered from many rows is shown by the query around it, never
 *   computed with there (each row would go through all of it), never what LIKE or strpos looks for, nor the
 *   array of = ANY, @>, <@ or &&; string_agg and array_agg are no window functions (a running one over 20,000
 *   rows: 37 s), and an aggregate without an inverse transition (min, max, any over floats) gathers a moving
 *   window frame of at most MAX_FRAME_ROWS rows (checkFrame);
 * - no regular expressions (`~`): what one costs on each row depends on its pattern.
 * What stays unseen is an ordinary function's own cost on ordinary values (ln of 20 digits: 5–11 µs a row, where
 * the planner counts a fraction of one), bounded only by the plan checks.
 */

/** Digits of a number a model's statement computes (measured: ten products of 150-digit numbers, 1.9 s for 200,000 rows; of ordinary ones, 1.2 s). */
export const MAX_NUMBER_DIGITS = 300;
/** Digits of the argument of ln, log, sqrt or a fractional power, whose cost grows fastest with them. */
export const MAX_ROOT_DIGITS = 100;
/** Characters of a text constant. */
export const MAX_CONSTANT_LENGTH = 200;
/** Values of the rows a level builds into text for each row. */
export const MAX_BUILT_VALUES = 16;
/** Characters of constants a level builds into text for each row. */
export const MAX_BUILT_CHARACTERS = 1_000;
/** Rows of a moving window frame an aggregate gathers again for each row (a year of months). */
export const MAX_FRAME_ROWS = 12;

/**
 * The number, integer and bigint columns of the relations a model may read; every other column holds text, a date,
 * a boolean or an id (chat-llm.test.ts checks this against a provisioned warehouse).
 */
export const READABLE_COLUMNS: Readonly<Record<string, Readonly<Record<string, 'number' | 'other'>>>> = (() => {
  const lineage = { load_id: 'number', file_id: 'other', edit_load_id: 'number' } as const;
  const table = (numbers: string[], others: string[], extra: Record<string, 'number' | 'other'> = lineage) => ({
    ...Object.fromEntries(numbers.map((name) => [name, 'number' as const])),
    ...Object.fromEntries(others.map((name) => [name, 'other' as const])),
    ...extra,
  });
  return {
    '00_Period': table(['row_id', 'fiscal_year', 'fiscal_period'], ['Period', 'start_date', 'end_date', 'is_closed']),
    '01_Account': table(
      ['row_id'],
      ['account_code', 'account_name', 'account_type', 'account_subtype', 'parent_code', 'is_active'],
    ),
    '02_GL_Detail': table(
      ['row_id', 'line_no', 'debit', 'credit'],
      [
        'journal_id',
        'posting_date',
        'period',
        'account_code',
        'description',
        'entity',
        'department',
        'counterparty',
        'source',
        'reference',
      ],
    ),
    '03_Budget': table(['row_id', 'amount'], ['period', 'account_code', 'department']),
    '04_Trial_Balance': table(
      ['row_id', 'opening_balance', 'debit', 'credit', 'closing_balance'],
      ['period', 'account_code'],
    ),
    '05_Monthly_Balance': table(
      ['grain', 'debit', 'credit', 'net', 'lines'],
      ['period', 'account_code', 'entity', 'department'],
      {},
    ),
    '05_Monthly_Cash_Flow': table(['cash_in', 'cash_out'], ['period', 'entity', 'department'], {}),
    vw_balance_sheet: table(
      ['fiscal_year', 'fiscal_period', 'balance'],
      ['period', 'section', 'account_code', 'account_name', 'account_subtype'],
      {},
    ),
    vw_budget_vs_actual: table(
      ['budget', 'actual', 'variance', 'variance_percent'],
      ['period', 'account_code', 'account_name', 'account_type', 'account_subtype', 'department', 'favorable'],
      {},
    ),
    vw_cash_flow: table(
      ['fiscal_year', 'fiscal_period', 'opening_cash', 'cash_in', 'cash_out', 'net_cash_flow', 'closing_cash'],
      ['period'],
      {},
    ),
    vw_profit_and_loss: table(
      ['fiscal_year', 'fiscal_period', 'amount', 'net_income_effect'],
      ['period', 'account_code', 'account_name', 'account_type', 'account_subtype'],
      {},
    ),
  };
})();

/** Text or an array: how many values of the rows it holds (Infinity: gathered from all of them), and constant characters. */
interface Amount {
  values: number;
  chars: number;
}

/** What the guard knows of a value: upper bounds, whatever its type turns out to be. */
interface Size {
  /** As a number (in arithmetic): digits before the point and after it. */
  int: number;
  frac: number;
  /** A float: its arithmetic costs the same whatever its digits (PostgreSQL makes numeric ⊕ float a float). */
  float?: boolean;
  /** As text or an array; absent for numbers, dates and booleans. */
  text?: Amount;
  /** Text known to hold a number (a constant, a number cast to text): the digits it parses to. */
  parsed?: { int: number; frac: number };
  /** What built it, when the statement did (`||`, concat, string_agg…). */
  built?: string;
  /** An array's elements. */
  element?: Size;
  /** Read from a subquery's result. */
  below?: boolean;
  /** A constant, or built of constants by immutable operators: the planner computes it once. */
  constant?: boolean;
  /** The text built for each row to compute it, here (a folded subquery's columns are computed where they are read). */
  work: Amount;
}

const NOTHING: Amount = { values: 0, chars: 0 };
const number = (int: number, frac: number, float = false): Size => ({
  int,
  frac,
  work: NOTHING,
  ...(float && { float }),
});
/** Counts, positions, lengths, ranks. */
const COUNT = number(19, 0);
/** Dates, timestamps, intervals, booleans, date parts: small as numbers, never text. */
const SMALL = number(20, 6);
/** A number column of the warehouse: numeric(18,2), numeric(20,2), bigint, a rounded percentage. */
const WAREHOUSE_NUMBER = number(22, 2);
/** Any other column: text of the rows' own length, or a date or a boolean in arithmetic. */
const WAREHOUSE_OTHER: Size = { int: 20, frac: 6, text: { values: 1, chars: 0 }, work: NOTHING };
/** float8's range, as numeric digits: up to 1e308, and 15 significant digits of numbers down to 1e-308. */
const FLOAT_INT = 309;
const FLOAT_FRAC = 330;
/** PostgreSQL's NUMERIC_MAX_DISPLAY_SCALE: a division, ln, log or power keeps at most this many decimals. */
const MAX_SCALE = 1_000;
/** to_char writes at most this many characters for one of its format (`J` → 7 digits, `RN` → 15 characters). */
const TO_CHAR_GROWTH = 8;

class Refused extends Error {}
const refuse = (reason: string): never => {
  throw new Refused(reason);
};

const sumAmounts = (a: Amount, b: Amount): Amount => ({ values: a.values + b.values, chars: a.chars + b.chars });
/** Work counts what is built for each row; text gathered from many rows is built once per group. */
const perRow = (amount: Amount): Amount => ({
  values: Number.isFinite(amount.values) ? amount.values : 0,
  chars: Number.isFinite(amount.chars) ? amount.chars : 0,
});
const workOf = (sizes: readonly Size[]): Amount => sizes.reduce((total, size) => sumAmounts(total, size.work), NOTHING);
const gathered = (size: Size): boolean => size.text?.values === Infinity;

/** The union of what two values may be (a CASE's branches, one column name in two relations). */
function join(a: Size, b: Size): Size {
  const text =
    a.text && b.text
      ? { values: Math.max(a.text.values, b.text.values), chars: Math.max(a.text.chars, b.text.chars) }
      : (a.text ?? b.text);
  return {
    int: Math.max(a.int, b.int),
    frac: Math.max(a.frac, b.frac),
    ...(a.float && b.float && { float: true }),
    ...(text && { text }),
    ...(a.parsed &&
      b.parsed && {
        parsed: { int: Math.max(a.parsed.int, b.parsed.int), frac: Math.max(a.parsed.frac, b.parsed.frac) },
      }),
    ...((a.built ?? b.built) && { built: a.built ?? b.built }),
    ...((a.element ?? b.element) && {
      element: a.element && b.element ? join(a.element, b.element) : (a.element ?? b.element),
    }),
    ...((a.below || b.below) && { below: true }),
    ...(a.constant && b.constant && { constant: true }),
    // One or the other is computed: the larger work.
    work: { values: Math.max(a.work.values, b.work.values), chars: Math.max(a.work.chars, b.work.chars) },
  };
}
const joinAll = (sizes: readonly Size[]): Size => sizes.reduce(join);

/** A value as text: its own text, or a number written out. */
const textOf = (size: Size): Amount =>
  size.text ?? { values: 0, chars: size.float ? 25 : Math.min(size.int + size.frac, MAX_SCALE * 2) + 2 };

/** The digits a numeric literal or numeric text stands for (`1e300` is 301 of them). */
function digitsOfNumber(text: string): { int: number; frac: number } {
  const match = /^\s*[+-]?(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?\s*$/i.exec(text.replaceAll('_', ''));
  if (!match || (match[1] === '' && !match[2])) {
    // Infinity, NaN, hexadecimal (16 digits write about 19.3 decimal ones), or not a number at all (a cast fails).
    return { int: Math.ceil(text.length * 1.25), frac: 0 };
  }
  const exponent = Number(match[3] ?? 0);
  return {
    int: Math.max(0, match[1]!.replace(/^0+/, '').length + exponent),
    frac: Math.max(0, (match[2] ?? '').length - exponent),
  };
}

const plural = (count: number, word: string) => `${count.toLocaleString('en-US')} ${word}`;

/** A number computed by `what`: refused when it could grow past MAX_NUMBER_DIGITS (floats cost the same at any size). */
function computed(size: Size, what: string): Size {
  if (size.float) return { ...size, int: Math.min(size.int, FLOAT_INT), frac: Math.min(size.frac, FLOAT_FRAC) };
  if (size.int + size.frac > MAX_NUMBER_DIGITS)
    refuse(
      `${what} could make a number of more than ${plural(MAX_NUMBER_DIGITS, 'digits')} (arithmetic on numbers that long takes too long)`,
    );
  return size;
}

/** The argument of ln, log, sqrt or a fractional power: their cost grows fastest with its digits. */
function rooted(size: Size, what: string): void {
  if (!size.float && size.int + size.frac > MAX_ROOT_DIGITS)
    refuse(
      `${what}'s argument could have more than ${plural(MAX_ROOT_DIGITS, 'digits')} (round it first: ln, log, sqrt and fractional powers take too long on numbers that long)`,
    );
}

/** Gathered values read from a subquery can only be shown: computing with them would go through them for every row. */
function usable(size: Size): Size {
  if (size.below && gathered(size))
    refuse(
      `what ${size.built ?? 'a subquery'} gathered in a subquery can only be shown, not computed with (each row would go through all of it)`,
    );
  return size;
}

/** What LIKE, strpos, position or split_part look for in each value. */
function searchable(size: Size): void {
  if (gathered(size))
    refuse(
      `what ${size.built ?? 'a subquery'} gathered cannot be what LIKE, strpos, position or split_part look for (each value would be compared with all of it)`,
    );
}

/** An array searched for each row by = ANY, ALL, @>, <@ or &&. */
function searchableArray(size: Size): void {
  if (gathered(size))
    refuse(
      `what ${size.built ?? 'a subquery'} gathered cannot be searched with = ANY, ALL, @>, <@ or && (each row would go through all of it; use IN (SELECT …))`,
    );
}

/** power(base, exponent) and base ^ exponent, the exponent a constant within ±100 (the guard's bound). */
function powerOf(base: Size, exponent: number | undefined, what: string): Size {
  const k = Math.abs(exponent ?? 100);
  if (exponent === undefined || !Number.isInteger(exponent)) rooted(base, what);
  const times = Math.max(1, Math.ceil(k));
  // A tiny base raised up, or a base inverted, grows its decimals: PostgreSQL keeps 16 significant digits then.
  const positive = exponent === undefined || exponent >= 0;
  return computed(
    {
      ...number(
        (positive ? base.int : base.frac) * times + 1,
        Math.min(MAX_SCALE, (positive ? base.frac : base.int + base.frac) * times + 20),
        base.float,
      ),
    },
    what,
  );
}

/** a / b: PostgreSQL keeps at least 16 significant digits of the quotient (select_div_scale), at most 1,000 decimals. */
const quotient = (a: Size, b: Size, what: string): Size =>
  computed(
    number(a.int + b.frac, Math.min(MAX_SCALE, Math.max(20 + a.frac + b.int, a.frac, b.frac)), a.float || b.float),
    what,
  );

// ---- Relations and scopes ----------------------------------------------------------------------------------------

/** A relation's columns as the level reading it sees them. */
interface Relation {
  /** A column by name; undefined when it has none of that name. */
  column(name: string): Size | undefined;
  /** Its columns in order, when known (not through `*`). */
  ordered?: { name: string; size: Size }[];
  /** Every column joined: for a reference that cannot be followed. */
  wide: Size;
}

interface Source {
  name?: string;
  relation: Relation;
}

interface Scope {
  sources: Source[];
  outer?: Scope;
}

interface WithQuery {
  body: Node;
  materialized: boolean;
  names?: string[];
  /** Its relation once analysed (each WITH query once, where it is defined). */
  relation?: Relation;
  ctes: ReadonlyMap<string, WithQuery>;
  outer?: Scope;
}

function warehouseRelation(name: string): Relation {
  const columns = READABLE_COLUMNS[name];
  return {
    column: (column) => {
      const kind = columns ? columns[column] : 'other';
      return kind === 'number' ? WAREHOUSE_NUMBER : kind ? WAREHOUSE_OTHER : undefined;
    },
    wide: join(WAREHOUSE_NUMBER, WAREHOUSE_OTHER),
  };
}

/** Columns renamed by an alias list (`AS t(a, b)`, `WITH t(a, b) AS …`). */
function renamed(relation: Relation, names: readonly string[] | undefined): Relation {
  if (!names?.length) return relation;
  if (!relation.ordered)
    return { column: (name) => (names.includes(name) ? relation.wide : relation.column(name)), wide: relation.wide };
  const ordered = relation.ordered.map((column, i) => ({ name: names[i] ?? column.name, size: column.size }));
  return relationOf(ordered, [], relation.wide);
}

/** A relation of named columns, and the relations a `*` among them reads through. */
function relationOf(ordered: { name: string; size: Size }[], stars: Relation[], wide: Size): Relation {
  return {
    column: (name) => {
      const found = [
        ...ordered.filter((column) => column.name === name).map((column) => column.size),
        ...stars.map((star) => star.column(name)).filter((size): size is Size => size !== undefined),
      ];
      return found.length ? joinAll(found) : undefined;
    },
    ...(stars.length === 0 && { ordered }),
    wide,
  };
}

/** What a level gives the query reading it: marked as read from below, and its work where the planner folds it in. */
function exported(relation: Relation, foldsInto: boolean): Relation {
  const out = (size: Size): Size => ({ ...size, below: true, work: foldsInto ? size.work : NOTHING });
  return {
    column: (name) => {
      const size = relation.column(name);
      return size && out(size);
    },
    ...(relation.ordered && {
      ordered: relation.ordered.map((column) => ({ name: column.name, size: out(column.size) })),
    }),
    wide: out(relation.wide),
  };
}

const wideOfScope = (scope: Scope | undefined): Size => {
  const sizes: Size[] = [];
  for (let at = scope; at; at = at.outer) for (const source of at.sources) sizes.push(source.relation.wide);
  return sizes.length ? joinAll(sizes) : join(WAREHOUSE_NUMBER, WAREHOUSE_OTHER);
};

/** A column reference, followed to the relation it names (or, when it cannot be told, the widest it could be). */
function columnOf(fields: unknown[], scope: Scope): Size {
  const names = fields.map((field) => ((field as Node).String as { sval?: string } | undefined)?.sval);
  const last = names.at(-1);
  const qualifier = names.length > 1 ? names.at(-2) : undefined;
  for (let at: Scope | undefined = scope; at; at = at.outer) {
    const candidates = qualifier === undefined ? at.sources : at.sources.filter((source) => source.name === qualifier);
    const found = candidates
      .map((source) =>
        last === undefined
          ? source.relation.wide
          : (source.relation.column(last) ?? (qualifier ? source.relation.wide : undefined)),
      )
      .filter((size): size is Size => size !== undefined);
    if (found.length) return joinAll(found);
  }
  return wideOfScope(scope);
}

// ---- Levels -------------------------------------------------------------------------------------------------------

interface Level {
  ctes: ReadonlyMap<string, WithQuery>;
  scope: Scope;
  /** Text built for each row of this level, summed over its expressions. */
  work: Amount;
  /** Its named windows (`WINDOW w AS (…)`). */
  windows?: ReadonlyMap<string, Node>;
}

/** The WITH queries visible in a SELECT: those around it and its own (each analysed, read or not). */
function withQueries(select: Node, ctes: ReadonlyMap<string, WithQuery>, outer: Scope | undefined) {
  const own = (((select.withClause as Node | undefined)?.ctes as Node[] | undefined) ?? []).map(
    (item) => item.CommonTableExpr as Node,
  );
  if (own.length === 0) return ctes;
  const visible = new Map(ctes);
  for (const cte of own)
    visible.set(String(cte.ctename), {
      body: (cte.ctequery as Node).SelectStmt as Node,
      materialized: cte.ctematerialized === 'CTEMaterializeAlways',
      names: stringsOf(cte.aliascolnames),
      ctes: visible,
      outer,
    });
  for (const cte of own) withRelation(visible.get(String(cte.ctename))!);
  return visible;
}

function withRelation(query: WithQuery): Relation {
  if (!query.relation) {
    // The guard refused self-references before: a query reached again while analysed is read as the widest.
    query.relation = { column: () => wideOfScope(undefined), wide: wideOfScope(undefined) };
    const relation = selectRelation(query.body, query.outer, query.ctes, query.materialized);
    query.relation = renamed(relation, query.names);
  }
  return query.relation;
}

/** One SELECT (or UNION…) as the relation it gives the query around it. */
function selectRelation(
  select: Node,
  outer: Scope | undefined,
  ctes: ReadonlyMap<string, WithQuery>,
  materialized = false,
): Relation {
  const visible = withQueries(select, ctes, outer);
  if (isSetOperation(select)) {
    const left = selectRelation(select.larg as Node, outer, visible);
    const right = selectRelation(select.rarg as Node, outer, visible);
    const wide = join(left.wide, right.wide);
    const union: Relation =
      left.ordered && right.ordered && left.ordered.length === right.ordered.length
        ? relationOf(
            left.ordered.map((column, i) => ({
              name: column.name,
              size: {
                ...join(column.size, right.ordered![i]!.size),
                work: sumAmounts(column.size.work, right.ordered![i]!.size.work),
              },
            })),
            [],
            wide,
          )
        : { column: (name) => (left.column(name) || right.column(name) ? wide : undefined), wide };
    // Its ORDER BY and LIMIT read its own columns.
    const level: Level = { ctes: visible, scope: { sources: [{ relation: union }], outer }, work: NOTHING };
    for (const clause of [select.sortClause, select.limitCount, select.limitOffset]) if (clause) sizeOf(clause, level);
    // The planner pulls a UNION ALL's arms up into the query reading it, their expressions with them.
    return union;
  }
  const windows = new Map(
    listOf(select.windowClause).map((item) => [String((item.WindowDef as Node).name), item.WindowDef as Node]),
  );
  const level: Level = { ctes: visible, scope: { sources: [], outer }, work: NOTHING, windows };
  const quals: Node[] = [];
  for (const item of (select.fromClause as Node[] | undefined) ?? []) addSource(item, level, quals);

  const values = select.valuesLists as Node[] | undefined;
  if (values) {
    const rows = values
      .map((row) => ((row.List as Node | undefined)?.items as Node[] | undefined) ?? [])
      .map((row) => row.map((item) => expression(item, level)));
    const ordered = (rows[0] ?? []).map((_, i) => ({
      name: `column${i + 1}`,
      size: joinAll(rows.map((row) => row[i] ?? wideOfScope(undefined))),
    }));
    checkWork(level);
    return exported(relationOf(ordered, [], ordered.length ? joinAll(ordered.map((c) => c.size)) : SMALL), true);
  }

  const ordered: { name: string; size: Size }[] = [];
  const stars: Relation[] = [];
  for (const item of (select.targetList as Node[] | undefined) ?? []) {
    const target = item.ResTarget as Node;
    const value = target.val as Node;
    const fields = ((value.ColumnRef as Node | undefined)?.fields as Node[] | undefined) ?? [];
    if (fields.at(-1)?.A_Star) {
      const qualifier = fields.length > 1 ? ((fields.at(-2)!.String as { sval?: string }).sval ?? '') : undefined;
      for (let at: Scope | undefined = level.scope; at; at = at.outer) {
        const matching = at.sources.filter((source) => qualifier === undefined || source.name === qualifier);
        if (matching.length) {
          stars.push(...matching.map((source) => source.relation));
          break;
        }
      }
      continue;
    }
    ordered.push({ name: String(target.name ?? nameOf(value)), size: expression(value, level) });
  }
  for (const clause of [
    select.whereClause,
    select.havingClause,
    select.groupClause,
    select.sortClause,
    select.distinctClause,
    select.windowClause,
    select.limitCount,
    select.limitOffset,
    ...quals,
  ])
    if (clause) level.work = sumAmounts(level.work, sizeOf(clause, level).work);
  checkWork(level);
  const sizes = [...ordered.map((column) => column.size), ...stars.map((star) => star.wide)];
  const relation = relationOf(ordered, stars, sizes.length ? joinAll(sizes) : SMALL);
  return exported(relation, folds(select, materialized));
}

/** A top-level expression of a level: its size, its work added to the level's. */
function expression(node: Node, level: Level): Size {
  const size = sizeOf(node, level);
  level.work = sumAmounts(level.work, size.work);
  return size;
}

function checkWork(level: Level): void {
  const { values, chars } = level.work;
  if (values > MAX_BUILT_VALUES)
    refuse(
      `it builds text from more than ${plural(MAX_BUILT_VALUES, 'values')} for each row (building that much text on every row takes too long)`,
    );
  if (chars > MAX_BUILT_CHARACTERS)
    refuse(
      `it builds text with more than ${plural(MAX_BUILT_CHARACTERS, 'characters')} of constants for each row (building that much text on every row takes too long)`,
    );
}

/** The name PostgreSQL gives an unnamed result column (FigureColname): a column's, a function's, a cast's inner one. */
function nameOf(value: Node): string {
  if (value.ColumnRef) return stringsOf((value.ColumnRef as Node).fields).at(-1) ?? '?column?';
  if (value.FuncCall) return functionNameOf(value.FuncCall as Node);
  if (value.TypeCast) return nameOf((value.TypeCast as Node).arg as Node);
  if (value.CaseExpr) return 'case';
  return '?column?';
}

function addSource(item: Node, level: Level, quals: Node[]): void {
  const { scope, ctes } = level;
  if (item.RangeVar) {
    const range = item.RangeVar as Node;
    const name = String(range.relname);
    const alias = range.alias as Node | undefined;
    const cte = range.schemaname ? undefined : ctes.get(name);
    const relation = cte ? withRelation(cte) : warehouseRelation(name);
    scope.sources.push({
      name: String(alias?.aliasname ?? name),
      relation: renamed(relation, stringsOf(alias?.colnames)),
    });
  } else if (item.RangeSubselect) {
    const range = item.RangeSubselect as Node;
    const alias = range.alias as Node | undefined;
    // A LATERAL subquery sees the sources before it; seeing them always only widens what a name may be.
    const relation = selectRelation((range.subquery as Node).SelectStmt as Node, scope, ctes);
    scope.sources.push({
      ...(alias?.aliasname !== undefined && { name: String(alias.aliasname) }),
      relation: renamed(relation, stringsOf(alias?.colnames)),
    });
  } else if (item.JoinExpr) {
    const joined = item.JoinExpr as Node;
    const before = scope.sources.length;
    addSource(joined.larg as Node, level, quals);
    addSource(joined.rarg as Node, level, quals);
    if (joined.quals) quals.push(joined.quals as Node);
    const alias = joined.alias as Node | undefined;
    if (alias) {
      const inside = scope.sources.slice(before).map((source) => source.relation);
      scope.sources.push({
        name: String(alias.aliasname),
        relation: {
          column: (name) => {
            const found = inside
              .map((relation) => relation.column(name))
              .filter((size): size is Size => size !== undefined);
            return found.length ? joinAll(found) : undefined;
          },
          wide: joinAll(inside.map((relation) => relation.wide)),
        },
      });
    }
  }
}

// ---- Expressions --------------------------------------------------------------------------------------------------

const listOf = (value: unknown): Node[] => (Array.isArray(value) ? (value as Node[]) : value ? [value as Node] : []);

/** Every node inside `value` analysed (clauses, lists): their work summed, the size of the last one. */
function sizeOf(value: unknown, level: Level): Size {
  if (Array.isArray(value)) {
    const sizes = value.map((item) => sizeOf(item, level));
    return sizes.length ? { ...joinAll(sizes), work: workOf(sizes) } : { ...SMALL };
  }
  if (!value || typeof value !== 'object') return { ...SMALL };
  const [kind, body] = Object.entries(value as Node)[0] ?? [];
  if (!kind || !/^[A-Z]/.test(kind)) return { ...SMALL };
  return nodeSize(kind, body as Node, level);
}

/** A node's children of the given fields, analysed. */
const childrenOf = (body: Node, fields: string[], level: Level): Size[] =>
  fields.flatMap((field) => listOf(body[field]).map((child) => sizeOf(child, level)));

function nodeSize(kind: string, body: Node, level: Level): Size {
  switch (kind) {
    case 'A_Const':
      return constantSize(body);
    case 'ColumnRef':
      return columnOf((body.fields as unknown[]) ?? [], level.scope);
    case 'ParamRef':
      return join(WAREHOUSE_NUMBER, WAREHOUSE_OTHER);
    case 'SQLValueFunction':
      return { ...SMALL };
    case 'A_Expr':
      return operationSize(body, level);
    case 'FuncCall':
      return functionSize(body, level);
    case 'TypeCast':
      return castSize(sizeOf(body.arg, level), (body.typeName ?? {}) as Node);
    case 'CaseExpr': {
      const conditions = childrenOf(body, ['arg'], level);
      const whens = listOf(body.args).map((item) => item.CaseWhen as Node);
      const tests = whens.map((when) => sizeOf(when.expr, level));
      const results = [...whens.map((when) => sizeOf(when.result, level)), ...childrenOf(body, ['defresult'], level)];
      return { ...joinAll(results.length ? results : [SMALL]), work: workOf([...conditions, ...tests, ...results]) };
    }
    case 'CoalesceExpr':
    case 'MinMaxExpr': {
      const args = childrenOf(body, ['args'], level);
      return { ...joinAll(args.length ? args : [SMALL]), work: workOf(args) };
    }
    case 'NullTest':
    case 'BooleanTest':
    case 'BoolExpr': {
      const args = childrenOf(body, ['arg', 'args'], level);
      return { ...SMALL, work: workOf(args) };
    }
    case 'SubLink':
      return subLinkSize(body, level);
    case 'A_ArrayExpr': {
      const elements = childrenOf(body, ['elements'], level).map(usable);
      const text = elements.map(textOf).reduce(sumAmounts, NOTHING);
      const constant = elements.every((element) => element.constant);
      return {
        ...(elements.length ? joinAll(elements) : SMALL),
        text,
        built: 'ARRAY[…]',
        ...(elements.length && { element: { ...joinAll(elements), work: NOTHING } }),
        ...(constant && { constant }),
        work: sumAmounts(workOf(elements), constant ? NOTHING : perRow(text)),
      };
    }
    case 'RowExpr': {
      const args = childrenOf(body, ['args'], level).map(usable);
      return { ...joinAll(args.length ? args : [SMALL]), work: workOf(args) };
    }
    case 'A_Indirection': {
      const array = usable(sizeOf(body.arg, level));
      const indices = listOf(body.indirection).map((item) => item.A_Indices as Node | undefined);
      const bounds = indices.flatMap((index) => (index ? childrenOf(index, ['lidx', 'uidx'], level) : []));
      const element = indices.some((index) => index && !index.is_slice) && array.element ? array.element : array;
      return { ...element, work: sumAmounts(array.work, workOf(bounds)) };
    }
    case 'SortBy':
      return sizeOf(body.node, level);
    case 'ResTarget':
      return sizeOf(body.val, level);
    case 'WindowDef': {
      const parts = childrenOf(body, ['partitionClause', 'orderClause'], level);
      return { ...SMALL, work: workOf(parts) };
    }
    case 'GroupingSet':
      return { ...SMALL, work: workOf(childrenOf(body, ['content'], level)) };
    case 'List':
      return sizeOf(body.items, level);
    default: {
      // A kind the guard allows that carries no value of its own (Alias, TypeName…): what is inside, if anything.
      const inside = Object.values(body ?? {})
        .filter((child) => child && typeof child === 'object')
        .map((child) => sizeOf(child, level));
      return { ...(inside.length ? joinAll(inside) : SMALL), work: workOf(inside) };
    }
  }
}

function constantSize(literal: Node): Size {
  if (literal.isnull) return { ...number(0, 0), constant: true };
  if (literal.boolval) return { ...SMALL, constant: true };
  if (literal.ival) {
    const digits = String(Math.abs((literal.ival as { ival?: number }).ival ?? 0)).length;
    return { ...number(digits, 0), constant: true };
  }
  if (literal.fval) {
    const { int, frac } = digitsOfNumber(String((literal.fval as { fval?: string }).fval ?? '0'));
    return { ...number(int, frac), constant: true };
  }
  const text = String(
    (literal.sval as { sval?: string } | undefined)?.sval ??
      (literal.bsval as { bsval?: string } | undefined)?.bsval ??
      '',
  );
  if (text.length > MAX_CONSTANT_LENGTH)
    refuse(`a text constant may have at most ${plural(MAX_CONSTANT_LENGTH, 'characters')}`);
  const parsed = digitsOfNumber(text);
  // An untyped constant becomes a number in arithmetic ('1e300' * x): it counts as the number it writes.
  return { ...parsed, text: { values: 0, chars: text.length }, parsed, constant: true, work: NOTHING };
}

const COMPARISONS = new Set(['=', '<>', '!=', '<', '>', '<=', '>=']);
const LIKE_OPERATORS = new Set(['~~', '~~*', '!~~', '!~~*']);
const REGEX_OPERATORS = new Set(['~', '~*', '!~', '!~*']);
const ARRAY_OPERATORS = new Set(['@>', '<@', '&&']);

function operationSize(body: Node, level: Level): Size {
  const kind = String(body.kind);
  const op = stringsOf(body.name).at(-1) ?? '';
  const left = body.lexpr === undefined ? undefined : sizeOf(body.lexpr, level);
  const right = sizeOf(body.rexpr, level);
  const operands = left ? [left, right] : [right];
  const work = workOf(operands);
  if (kind === 'AEXPR_OP_ANY' || kind === 'AEXPR_OP_ALL') searchableArray(right);
  if (kind === 'AEXPR_LIKE' || kind === 'AEXPR_ILIKE' || LIKE_OPERATORS.has(op)) searchable(right);
  if (REGEX_OPERATORS.has(op) && left)
    refuse(`regular expressions (${op}) are not allowed (what one costs on each row depends on its pattern; use LIKE)`);
  operands.forEach(usable);
  if (kind === 'AEXPR_NULLIF') return { ...(left ?? right), work };
  if (kind !== 'AEXPR_OP' || COMPARISONS.has(op) || LIKE_OPERATORS.has(op)) return { ...SMALL, work };
  if (ARRAY_OPERATORS.has(op)) {
    operands.forEach(searchableArray);
    return { ...SMALL, work };
  }
  const float = operands.some((operand) => operand.float);
  const withWork = (size: Size): Size => ({ ...size, work });
  if (!left) {
    // Prefix operators: minus, plus, abs (@), square and cube roots (|/ and ||/), bitwise not (~).
    if (op === '|/' || op === '||/') {
      rooted(right, op);
      return withWork(number(right.int, Math.min(MAX_SCALE, right.frac + 20), right.float));
    }
    return withWork(number(right.int, right.frac, right.float));
  }
  switch (op) {
    case '+':
    case '-':
      return withWork(computed(number(Math.max(left.int, right.int) + 1, Math.max(left.frac, right.frac), float), op));
    case '*':
      return withWork(computed(number(left.int + right.int, left.frac + right.frac, float), op));
    case '/':
      return withWork(quotient(left, right, op));
    case '%':
      return withWork(computed(number(Math.max(left.int, right.int), Math.max(left.frac, right.frac), float), op));
    case '^': {
      const exponent = constantOf(body.rexpr);
      return withWork(powerOf(left, typeof exponent === 'number' ? exponent : undefined, '^'));
    }
    case '||': {
      const text = sumAmounts(textOf(left), textOf(right));
      const element = left.element ?? right.element;
      // Constants joined are joined once, by the planner.
      const constant = Boolean(left.constant && right.constant);
      // a || b || c appends to what the chain built so far (measured: no dearer per character than one concat).
      const chained = left.built === '||' && !left.below && !left.constant ? perRow(textOf(left)) : NOTHING;
      const own = constant
        ? NOTHING
        : { values: perRow(text).values - chained.values, chars: perRow(text).chars - chained.chars };
      return {
        int: 0,
        frac: 0,
        text,
        built: '||',
        ...(element && { element }),
        ...(constant && { constant }),
        work: sumAmounts(work, own),
      };
    }
    default:
      // Bitwise operators on integers, date and interval arithmetic: no larger than their operands.
      return withWork(number(Math.max(left.int, right.int), Math.max(left.frac, right.frac), float));
  }
}

function subLinkSize(body: Node, level: Level): Size {
  const type = String(body.subLinkType);
  const tested = childrenOf(body, ['testexpr'], level).map(usable);
  const relation = selectRelation((body.subselect as Node).SelectStmt as Node, level.scope, level.ctes);
  const first = relation.ordered?.[0]?.size ?? relation.wide;
  const work = workOf(tested);
  // The subquery is planned on its own: its work is its own level's, checked there.
  if (type === 'EXPR_SUBLINK') return { ...first, below: true, work };
  if (type === 'ARRAY_SUBLINK')
    return {
      int: first.int,
      frac: first.frac,
      text: { values: Infinity, chars: 0 },
      built: 'ARRAY(SELECT …)',
      element: { ...first, work: NOTHING },
      below: true,
      work,
    };
  return { ...SMALL, work };
}

const TEXT_TYPES = new Set(['text', 'varchar', 'bpchar', 'char']);
const INTEGER_DIGITS: Record<string, number> = {
  int2: 5,
  smallint: 5,
  int4: 10,
  int: 10,
  integer: 10,
  int8: 19,
  bigint: 19,
};
const FLOAT_TYPES = new Set(['float4', 'float8', 'real', 'double precision']);

function castSize(input: Size, typeName: Node): Size {
  usable(input);
  const type = stringsOf(typeName.names).at(-1)?.toLowerCase() ?? '';
  const modifiers = listOf(typeName.typmods).map(constantOf);
  const constant = input.constant ? { constant: true } : {};
  if (Array.isArray(typeName.arrayBounds) && typeName.arrayBounds.length > 0) {
    const element = scalarCast(input.element ?? input, type, modifiers);
    return { ...input, int: element.int, frac: element.frac, element, ...constant, work: input.work };
  }
  return { ...scalarCast(input, type, modifiers), ...constant, work: input.work };
}

function scalarCast(input: Size, type: string, modifiers: (number | string | undefined)[]): Size {
  if (type === 'numeric' || type === 'decimal') return numericCast(input, modifiers);
  if (INTEGER_DIGITS[type]) return number(INTEGER_DIGITS[type]!, 0);
  if (FLOAT_TYPES.has(type)) {
    const source = input.text ? (input.parsed ?? { int: FLOAT_INT, frac: FLOAT_FRAC }) : input;
    return number(Math.min(source.int, FLOAT_INT), Math.min(source.frac, FLOAT_FRAC), true);
  }
  if (TEXT_TYPES.has(type)) {
    const length = typeof modifiers[0] === 'number' ? modifiers[0] : undefined;
    const text = length === undefined ? textOf(input) : { values: 0, chars: length };
    const parsed = input.text ? input.parsed : { int: input.int, frac: input.frac };
    return {
      int: 0,
      frac: 0,
      text,
      ...(parsed && length === undefined && { parsed }),
      ...(input.built && { built: input.built }),
      ...(input.below && { below: true }),
      work: NOTHING,
    };
  }
  return { ...SMALL };
}

/** A cast to numeric: a number keeps its digits, text only a constant's (or the precision it is given). */
function numericCast(input: Size, modifiers: (number | string | undefined)[]): Size {
  const precision = typeof modifiers[0] === 'number' ? modifiers[0] : undefined;
  const scale = precision === undefined ? undefined : typeof modifiers[1] === 'number' ? modifiers[1] : 0;
  const what = precision === undefined ? 'a cast to numeric' : `a cast to numeric(${precision},${scale})`;
  if (input.text && input.built)
    refuse(
      `text built with ${input.built} cannot be cast to numeric (a number as long as that text takes too long to compute with)`,
    );
  let source: { int: number; frac: number };
  if (input.text) {
    if (input.parsed) source = input.parsed;
    else if (precision === undefined)
      return refuse(
        'text cannot be cast to numeric without a precision, as in ::numeric(18,2), unless it is a constant (the number it holds could be as long as the text)',
      );
    else source = { int: Infinity, frac: Infinity };
  } else source = input.float ? { int: Math.min(input.int, FLOAT_INT), frac: Math.min(input.frac, FLOAT_FRAC) } : input;
  if (precision === undefined) return computed(number(source.int, source.frac), what);
  // numeric(p, s) keeps s decimals and refuses a value with more than p − s digits before the point.
  return computed(number(Math.min(source.int, Math.max(0, precision - scale!)), Math.max(0, scale!)), what);
}

function functionSize(call: Node, level: Level): Size {
  const fn = functionNameOf(call);
  const args = listOf(call.args).map((arg) => sizeOf(arg, level));
  const ordered = listOf(call.agg_order).map((sort) => sizeOf(sort, level));
  const extras = [
    ...childrenOf(call, ['agg_filter'], level),
    ...(call.over ? [sizeOf({ WindowDef: call.over }, level)] : []),
  ];
  const work = workOf([...args, ...ordered, ...extras]);
  const result = (size: Size, own: Amount = NOTHING): Size => ({ ...size, work: sumAmounts(work, perRow(own)) });
  // A function given too few arguments fails in PostgreSQL; here it reads as a small value.
  const [a = SMALL, b = SMALL] = args;
  // Text gathered by string_agg and array_agg is built here, once per group, from usable values.
  if (fn !== 'count') args.forEach(usable);
  if ((fn === 'string_agg' || fn === 'array_agg') && call.over)
    refuse(`${fn} cannot be a window function (each row would gather again what every row before it gathered)`);
  if (call.over && AGGREGATE_FUNCTIONS.has(fn)) checkFrame(fn, args, call.over as Node, level);

  switch (fn) {
    case 'string_agg': {
      const own = sumAmounts(textOf(a), b ? textOf(b) : NOTHING);
      return result({ int: 0, frac: 0, text: { values: Infinity, chars: 0 }, built: 'string_agg', work: NOTHING }, own);
    }
    case 'array_agg':
      return result(
        {
          int: a.int,
          frac: a.frac,
          text: { values: Infinity, chars: 0 },
          built: 'array_agg',
          element: { ...a, work: NOTHING },
          work: NOTHING,
        },
        a.text ? textOf(a) : { values: 1, chars: 0 },
      );
    case 'concat':
    case 'concat_ws': {
      const [separator, ...rest] = args;
      const joined = fn === 'concat' ? args : rest;
      const separators = fn === 'concat_ws' && separator ? Math.max(0, joined.length - 1) : 0;
      let text = joined.map(textOf).reduce(sumAmounts, NOTHING);
      if (separator && separators) {
        const one = textOf(separator);
        text = sumAmounts(text, { values: one.values * separators, chars: one.chars * separators });
      }
      return result({ int: 0, frac: 0, text, built: fn, work: NOTHING }, text);
    }
    case 'lpad':
    case 'rpad': {
      const length = constantOf(call.args && listOf(call.args)[1]);
      const text = { values: 0, chars: typeof length === 'number' ? Math.max(0, length) : textOf(a).chars };
      return result({ int: 0, frac: 0, text, built: fn, work: NOTHING }, text);
    }
    case 'replace':
      return result({ int: 0, frac: 0, text: textOf(a), ...(a.built && { built: a.built }), work: NOTHING });
    case 'to_char': {
      const format = b ? textOf(b) : { values: 0, chars: 0 };
      const text = { values: format.values * TO_CHAR_GROWTH, chars: format.chars * TO_CHAR_GROWTH + TO_CHAR_GROWTH };
      return result({ int: 0, frac: 0, text, work: NOTHING }, text);
    }
    case 'to_number': {
      const format = b ? textOf(b) : textOf(a);
      const digits = format.values > 0 ? Infinity : format.chars;
      return result(computed(number(digits, digits), 'to_number'));
    }
    case 'lower':
    case 'upper':
    case 'initcap':
    case 'btrim':
    case 'trim':
    case 'ltrim':
    case 'rtrim':
    case 'reverse':
      return result({ int: 0, frac: 0, text: textOf(a), ...(a.built && { built: a.built }), work: NOTHING });
    case 'left':
    case 'right':
    case 'substr':
    case 'substring': {
      const count = constantOf(listOf(call.args)[fn === 'left' || fn === 'right' ? 1 : 2]);
      const text = typeof count === 'number' && count >= 0 ? { values: 0, chars: count } : textOf(a);
      return result({ int: 0, frac: 0, text, ...(a.built && { built: a.built }), work: NOTHING });
    }
    case 'split_part':
      if (b) searchable(b);
      return result({ int: 0, frac: 0, text: textOf(a), ...(a.built && { built: a.built }), work: NOTHING });
    case 'strpos':
    case 'position':
      if (b) searchable(b);
      return result(COUNT);
    case 'count':
    case 'row_number':
    case 'rank':
    case 'dense_rank':
    case 'ntile':
    case 'grouping':
    case 'length':
    case 'char_length':
      return result(COUNT);
    case 'percent_rank':
    case 'cume_dist':
      return result(number(1, 17, true));
    case 'percentile_cont': {
      const sorted = ordered.length ? joinAll(ordered) : WAREHOUSE_NUMBER;
      return result(number(Math.min(sorted.int, FLOAT_INT), Math.min(sorted.frac + 20, FLOAT_FRAC), true));
    }
    case 'percentile_disc':
    case 'mode':
      return result(ordered.length ? joinAll(ordered) : WAREHOUSE_NUMBER);
    case 'min':
    case 'max':
    case 'first_value':
    case 'last_value':
    case 'nth_value':
    case 'lag':
    case 'lead':
    case 'greatest':
    case 'least': {
      const values = fn === 'lag' || fn === 'lead' ? [a, ...args.slice(2)] : fn === 'nth_value' ? [a] : args;
      return result(joinAll(values.length ? values : [SMALL]));
    }
    case 'sum':
      // Ten more digits before the point: ten billion rows of the largest value.
      return result(computed(number(a.int + 10, a.frac, a.float), fn));
    case 'avg':
      return result(quotient(number(a.int + 10, a.frac, a.float), COUNT, fn));
    case 'stddev':
    case 'stddev_pop':
    case 'stddev_samp':
    case 'variance':
    case 'var_pop':
    case 'var_samp': {
      // Each row's square is summed (in numeric, with all its digits), then divided.
      const square = computed(number(2 * a.int, 2 * a.frac, a.float), fn);
      return result(quotient(number(square.int + 10, square.frac, a.float), COUNT, fn));
    }
    case 'abs':
      return result(number(a.int, a.frac, a.float));
    case 'sign':
      return result(number(1, 0, a.float));
    case 'floor':
    case 'ceil':
    case 'ceiling':
      return result(number(a.int + 1, 0, a.float));
    case 'round':
    case 'trunc': {
      const places = constantOf(listOf(call.args)[1]);
      const decimals = typeof places === 'number' ? Math.max(0, Math.ceil(places)) : 0;
      return result(computed(number(a.int + 1, decimals, a.float), fn));
    }
    case 'mod':
      return result(computed(number(Math.max(a.int, b.int), Math.max(a.frac, b.frac), a.float || b.float), fn));
    case 'div':
      return result(computed(number(a.int + b.frac, 0), fn));
    case 'power': {
      const exponent = constantOf(listOf(call.args)[1]);
      return result(powerOf(a, typeof exponent === 'number' ? exponent : undefined, fn));
    }
    case 'exp': {
      // Its argument is a constant within ±100 (the guard's bound): e^100 has 44 digits, e^-100 44 zeros.
      rooted(a, fn);
      return result(number(45, 65, a.float));
    }
    case 'sqrt':
      rooted(a, fn);
      return result(number(Math.ceil(a.int / 2) + 1, Math.min(MAX_SCALE, a.frac + 20), a.float));
    case 'ln':
    case 'log': {
      args.forEach((arg) => rooted(arg, fn));
      // log(b, x) = ln x / ln b: a base near 1 makes the quotient large.
      const base = args.length > 1 ? a : undefined;
      const x = args.at(-1)!;
      return result(
        number(
          7 + (base?.frac ?? 0),
          Math.min(MAX_SCALE, 20 + x.frac + (base?.int ?? 0)),
          args.some((arg) => arg.float),
        ),
      );
    }
    case 'to_date':
    case 'make_date':
    case 'date_trunc':
    case 'date_part':
    case 'extract':
    case 'age':
    case 'starts_with':
    case 'bool_and':
    case 'bool_or':
    case 'every':
      return result(SMALL);
    default:
      return result(args.length ? { ...joinAll(args) } : { ...SMALL });
  }
}

// PostgreSQL's FRAMEOPTION_* bits (nodes/parsenodes.h).
const FRAME = {
  nondefault: 0x1,
  rows: 0x4,
  startUnboundedPreceding: 0x20,
  startCurrentRow: 0x200,
  endCurrentRow: 0x400,
  startOffsetPreceding: 0x800,
  endOffsetPreceding: 0x1000,
  startOffsetFollowing: 0x2000,
  endOffsetFollowing: 0x4000,
  exclusion: 0x8000 | 0x10000 | 0x20000,
};

/** Aggregates PostgreSQL takes out of a moving frame row by row (an inverse transition), unless over floats. */
const MOVING_AGGREGATES = new Set([
  'sum',
  'avg',
  'count',
  'variance',
  'var_pop',
  'var_samp',
  'stddev',
  'stddev_pop',
  'stddev_samp',
  'bool_and',
  'bool_or',
  'every',
]);

/**
 * An aggregate over a window frame whose start moves (`ROWS BETWEEN 5000 PRECEDING AND …`, `… CURRENT ROW AND
 * UNBOUNDED FOLLOWING`): one without an inverse transition (min, max, any over floats) gathers its whole frame
 * again for every row, which the planner does not price (measured: max over 10,001 rows for each of 20,000,
 * 22 s at a plan cost of 2,355). Such a frame holds at most MAX_FRAME_ROWS rows.
 */
function checkFrame(fn: string, args: readonly Size[], over: Node, level: Level): void {
  const named = [over.refname, over.name].find((name) => typeof name === 'string' && level.windows?.has(name));
  const frame = (over.frameOptions as number) & FRAME.nondefault ? over : (level.windows?.get(String(named)) ?? over);
  const options = Number(frame.frameOptions ?? 0);
  if (!(options & FRAME.nondefault)) return;
  if (options & FRAME.exclusion)
    refuse(`${fn} over a window frame that excludes rows is not allowed (each row would gather its frame again)`);
  if (options & FRAME.startUnboundedPreceding) return;
  if (MOVING_AGGREGATES.has(fn) && !args.some((arg) => arg.float)) return;
  const offset = (node: unknown) => {
    const value = constantOf(node);
    return typeof value === 'number' ? value : Infinity;
  };
  const start =
    options & FRAME.startOffsetPreceding
      ? -offset(frame.startOffset)
      : options & FRAME.startOffsetFollowing
        ? offset(frame.startOffset)
        : 0;
  const end =
    options & FRAME.endOffsetPreceding
      ? -offset(frame.endOffset)
      : options & FRAME.endOffsetFollowing
        ? offset(frame.endOffset)
        : options & FRAME.endCurrentRow
          ? 0
          : Infinity;
  if (!(options & FRAME.rows) || !(end - start < MAX_FRAME_ROWS))
    refuse(
      `${fn} over a moving window frame must use ROWS and hold at most ${plural(MAX_FRAME_ROWS, 'rows')} (each row gathers its frame again)`,
    );
}

/**
 * Why a model's statement (`select`, its top SELECT) is refused for the values it could compute, or undefined when
 * they stay within the bounds above.
 */
export function valueSizeRefusal(select: Node): string | undefined {
  try {
    selectRelation(select, undefined, new Map());
    return undefined;
  } catch (error) {
    if (error instanceof Refused) return error.message;
    throw error;
  }
}
