/**
 * Reading libpg-query's parse tree of a statement ({ Kind: { field: … } } objects), and what PostgreSQL's planner
 * does with its levels: what the SQL guard (sql-guard.ts) and its value sizes (value-sizes.ts) both need.
 */

export type Node = Record<string, unknown>;

/** The allowed aggregates: a level that calls one is planned on its own, not folded into the query around it. */
export const AGGREGATE_FUNCTIONS = new Set([
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
]);

export const stringsOf = (list: unknown): string[] =>
  Array.isArray(list) ? list.map((item) => ((item as Node).String as { sval?: string } | undefined)?.sval ?? '') : [];

/** A function call's name, lower case, without its schema. */
export const functionNameOf = (call: Node): string => stringsOf(call.funcname).at(-1)!.toLowerCase();

/** A literal's value (also through a cast, as in `6::int`); undefined for anything computed. */
export function constantOf(node: unknown): number | string | undefined {
  let value = node as Node | undefined;
  while (value?.TypeCast) value = (value.TypeCast as Node).arg as Node | undefined;
  const literal = value?.A_Const as Node | undefined;
  if (!literal || literal.isnull) return undefined;
  // The parser leaves a zero or an empty string out of the tree ({ ival: {} }).
  if (literal.ival) return Number((literal.ival as { ival?: number }).ival ?? 0);
  if (literal.fval) return Number((literal.fval as { fval?: string }).fval);
  if (literal.sval) return (literal.sval as { sval?: string }).sval ?? '';
  return undefined;
}

export const isColumn = (node: unknown): boolean => {
  let value = node as Node | undefined;
  while (value?.TypeCast) value = (value.TypeCast as Node).arg as Node | undefined;
  return Boolean(value?.ColumnRef);
};

/** The operator's name (`||`, `^`, also when written OPERATOR(pg_catalog.^)). */
export const operatorOf = (expression: Node): string | undefined =>
  expression.kind === 'AEXPR_OP' ? stringsOf(expression.name).at(-1) : undefined;

/** A UNION, INTERSECT or EXCEPT (its arms are `larg` and `rarg`). */
export const isSetOperation = (select: Node): boolean => Boolean(select.op) && select.op !== 'SETOP_NONE';

/**
 * Whether PostgreSQL may fold a level into the query around it (prepjointree.c, is_simple_subquery): not when it
 * aggregates, groups, sorts, de-duplicates, limits, calls a window function or has its own WITH, nor when it is a
 * MATERIALIZED WITH query. In doubt, it folds.
 */
export function folds(select: Node, materialized: boolean): boolean {
  if (materialized) return false;
  for (const clause of ['groupClause', 'havingClause', 'sortClause', 'distinctClause', 'limitCount', 'limitOffset'])
    if (select[clause]) return false;
  if (select.withClause || select.windowClause) return false;
  let aggregates = false;
  const visit = (node: unknown): void => {
    if (aggregates || !node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
    for (const [key, value] of Object.entries(node as Node)) {
      if (key === 'SelectStmt' || key === 'larg' || key === 'rarg') continue;
      const call = key === 'FuncCall' ? (value as Node) : undefined;
      if (call && (call.over || AGGREGATE_FUNCTIONS.has(functionNameOf(call)))) {
        aggregates = true;
        return;
      }
      visit(value);
    }
  };
  visit(select.targetList);
  return !aggregates;
}
