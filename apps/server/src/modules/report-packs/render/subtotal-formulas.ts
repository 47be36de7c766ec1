import type { ReportRow } from '@finboard/shared/reports';

/**
 * Which rows a statement's subtotal or total adds up, so a workbook can write it as a formula that evaluates to
 * the figure shown (issue 27 §2). Only a formula that reproduces every amount of its row to the cent is
 * proposed; a total that no such formula explains stays a plain number.
 */

/** A row as the search sees it. */
export interface FormulaRow {
  kind: ReportRow['kind'];
  depth: number;
  /** The row's amounts by column key (null: a blank cell); null when its figures are no amounts (a margin in %). */
  amounts: Record<string, number | null> | null;
}

export interface FormulaTerm {
  /** Index of the row in the statement. */
  row: number;
  sign: 1 | -1;
}

/** More earlier totals than this are not combined: 3^8 sign patterns is the most a row is worth trying. */
const MAX_COMBINED = 8;

const cents = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

/** For each subtotal and total (by row index) that its rows explain to the cent: the rows it adds, with signs. */
export function subtotalTerms(rows: readonly FormulaRow[]): Map<number, FormulaTerm[]> {
  const found = new Map<number, FormulaTerm[]>();
  rows.forEach((row, index) => {
    if ((row.kind !== 'subtotal' && row.kind !== 'total') || !row.amounts) return;
    const terms = explain(rows, index);
    if (terms) found.set(index, terms);
  });
  return found;
}

function explain(rows: readonly FormulaRow[], index: number): FormulaTerm[] | undefined {
  const target = rows[index]!;
  const columns = Object.keys(target.amounts!).filter((key) => target.amounts![key] !== null);
  if (columns.length === 0) return undefined;
  const adds = (terms: FormulaTerm[]) =>
    terms.length > 0 &&
    columns.every(
      (key) =>
        terms.reduce((sum, term) => sum + term.sign * cents(rows[term.row]!.amounts![key]), 0) ===
        cents(target.amounts![key]),
    );
  const plus = (indexes: number[]) => indexes.map((row): FormulaTerm => ({ row, sign: 1 }));

  // A subtype's subtotal above its accounts, a group's total below its parts; then the accounts alone, when the
  // parts include a subtotal of other parts (net fixed assets beside fixed assets and their depreciation).
  const below = partsOf(rows, index, 1);
  const above = partsOf(rows, index, -1);
  for (const candidate of [directParts(rows, below), directParts(rows, above), lines(rows, above)])
    if (adds(plus(candidate))) return plus(candidate);
  return signedCombination(rows, index, adds);
}

/** The rows next to a row, one way, that are deeper than it: its parts, until a row at its depth or above. */
function partsOf(rows: readonly FormulaRow[], index: number, step: 1 | -1): number[] {
  const depth = rows[index]!.depth;
  const run: number[] = [];
  for (let at = index + step; at >= 0 && at < rows.length && rows[at]!.depth > depth; at += step) run.push(at);
  return step === 1 ? run : run.reverse();
}

const isTerm = (row: FormulaRow) => row.kind !== 'heading' && row.amounts !== null;

/** The shallowest rows of a run: the parts themselves, not the parts of parts. */
function directParts(rows: readonly FormulaRow[], run: number[]): number[] {
  const terms = run.filter((at) => isTerm(rows[at]!));
  const shallowest = Math.min(...terms.map((at) => rows[at]!.depth));
  return terms.filter((at) => rows[at]!.depth === shallowest);
}

const lines = (rows: readonly FormulaRow[], run: number[]) =>
  run.filter((at) => rows[at]!.kind === 'line' && isTerm(rows[at]!));

/**
 * Earlier subtotals and totals at the row's depth added or subtracted: Gross profit = Total revenue − Total cost
 * of sales, Total liabilities and equity = Total liabilities + Total equity. The nearest first, reaching back one
 * earlier total at a time, fewest terms first: the plainest formula that holds. Rows all zero are left out, since
 * either sign would fit them.
 */
function signedCombination(
  rows: readonly FormulaRow[],
  index: number,
  adds: (terms: FormulaTerm[]) => boolean,
): FormulaTerm[] | undefined {
  const depth = rows[index]!.depth;
  const earlier: number[] = [];
  for (let at = index - 1; at >= 0 && rows[at]!.depth >= depth; at--) {
    const row = rows[at]!;
    if (row.depth !== depth || (row.kind !== 'subtotal' && row.kind !== 'total') || !row.amounts) continue;
    if (Object.values(row.amounts).every((value) => cents(value) === 0)) continue;
    earlier.push(at);
  }
  const reaches = earlier.flatMap((at, position) => (rows[at]!.kind === 'total' ? [position + 1] : []));
  const windows = [...new Set([...reaches, earlier.length])].map((size) => Math.min(size, MAX_COMBINED));
  let tried = 0;
  for (const size of windows) {
    if (size <= tried) continue;
    const window = earlier.slice(0, size);
    for (let count = 1; count <= window.length; count++)
      for (const chosen of subsets(window, count))
        for (const signs of signPatterns(count)) {
          const terms = chosen
            .map((row, position): FormulaTerm => ({ row, sign: signs[position]! }))
            .sort((a, b) => a.row - b.row);
          if (adds(terms)) return terms;
        }
    tried = size;
  }
  return undefined;
}

function* subsets(items: number[], count: number, from = 0): Generator<number[]> {
  if (count === 0) {
    yield [];
    return;
  }
  for (let at = from; at <= items.length - count; at++)
    for (const rest of subsets(items, count - 1, at + 1)) yield [items[at]!, ...rest];
}

/** Every +/− pattern of `count` terms, all plus first. */
function* signPatterns(count: number): Generator<(1 | -1)[]> {
  for (let mask = 0; mask < 2 ** count; mask++)
    yield Array.from({ length: count }, (_, bit) => ((mask >> bit) & 1 ? -1 : 1));
}

/** Excel refuses a formula longer than this. */
const MAX_FORMULA_LENGTH = 8_192;
/** Excel's SUM takes at most this many arguments. */
const MAX_SUM_ARGUMENTS = 255;

/**
 * The formula text of terms in one column: `SUM(C5:C12)` for a run of parts (reaching over heading rows, whose
 * cells are blank), `SUM(C5,C9)` for parts apart, `C4-C9` with signs. Undefined when Excel would refuse it.
 */
export function formulaText(
  terms: FormulaTerm[],
  column: string,
  sheetRow: (row: number) => number,
  isBlank: (row: number) => boolean,
): string | undefined {
  const cell = (row: number) => `${column}${sheetRow(row)}`;
  let text: string;
  if (terms.length > 1 && terms.every((term) => term.sign === 1)) {
    const ranges: string[] = [];
    let start = terms[0]!.row;
    let end = start;
    const close = () => ranges.push(start === end ? cell(start) : `${cell(start)}:${cell(end)}`);
    for (const { row } of terms.slice(1)) {
      const gap = Array.from({ length: row - end - 1 }, (_, offset) => end + 1 + offset);
      if (gap.every(isBlank)) end = row;
      else {
        close();
        start = end = row;
      }
    }
    close();
    const sums: string[] = [];
    for (let at = 0; at < ranges.length; at += MAX_SUM_ARGUMENTS)
      sums.push(`SUM(${ranges.slice(at, at + MAX_SUM_ARGUMENTS).join(',')})`);
    text = sums.join('+');
  } else
    text = terms
      .map((term, position) => `${term.sign === -1 ? '-' : position === 0 ? '' : '+'}${cell(term.row)}`)
      .join('');
  return text.length <= MAX_FORMULA_LENGTH ? text : undefined;
}
