import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formulaText, subtotalTerms, type FormulaRow, type FormulaTerm } from './subtotal-formulas.ts';

type Kind = FormulaRow['kind'];
/** A row with one amount column `a` (and `b` when given). */
const r = (kind: Kind, depth: number, a: number | null = null, b?: number | null): FormulaRow => ({
  kind,
  depth,
  amounts: kind === 'heading' ? {} : { a, ...(b !== undefined && { b }) },
});
const heading = (depth = 0) => r('heading', depth);
const plus = (...rows: number[]): FormulaTerm[] => rows.map((row) => ({ row, sign: 1 }));

describe('subtotalTerms', () => {
  it("adds a subtype's accounts below its subtotal, and a group's subtypes (not their accounts) into its total", () => {
    const rows = [
      heading(), // 0 Revenue
      r('subtotal', 1, 30, 3), // 1 Product sales
      r('line', 2, 10, 1),
      r('line', 2, 20, 2),
      r('subtotal', 1, 5.5, 0), // 4 Services
      r('line', 2, 5.5, 0),
      r('subtotal', 0, 35.5, 3), // 6 Total revenue
    ];
    const terms = subtotalTerms(rows);
    expect(terms.get(1)).toEqual(plus(2, 3));
    expect(terms.get(4)).toEqual(plus(5));
    expect(terms.get(6)).toEqual(plus(1, 4));
  });

  it('falls back to the accounts when a subtotal among the parts adds other parts again (net fixed assets)', () => {
    const rows = [
      heading(), // 0 Non-current assets
      r('subtotal', 1, 100), // 1 Fixed assets
      r('line', 2, 100),
      r('subtotal', 1, -40), // 3 Accumulated depreciation
      r('line', 2, -40),
      r('subtotal', 1, 60), // 5 Net fixed assets = 1 + 3
      r('subtotal', 0, 60), // 6 Total non-current assets
    ];
    const terms = subtotalTerms(rows);
    expect(terms.get(5)).toEqual(plus(1, 3));
    expect(terms.get(6)).toEqual(plus(2, 4));
  });

  it('subtracts cost totals from earlier results: gross profit, then EBITDA from gross profit', () => {
    const rows = [
      heading(),
      r('line', 1, 1000.1),
      r('subtotal', 0, 1000.1), // 2 Total revenue
      heading(),
      r('line', 1, 400.05),
      r('subtotal', 0, 400.05), // 5 Total cost of sales
      r('total', 0, 600.05), // 6 Gross profit
      { kind: 'line', depth: 1, amounts: null } satisfies FormulaRow, // 7 Gross margin % (no amounts)
      heading(),
      r('line', 1, 100),
      r('subtotal', 0, 100), // 10 Total operating expenses
      r('total', 0, 500.05), // 11 EBITDA
    ];
    const terms = subtotalTerms(rows);
    expect(terms.get(6)).toEqual([
      { row: 2, sign: 1 },
      { row: 5, sign: -1 },
    ]);
    expect(terms.get(11)).toEqual([
      { row: 6, sign: 1 },
      { row: 10, sign: -1 },
    ]);
  });

  it('writes total liabilities and equity as liabilities plus equity, not as the equal total assets', () => {
    const rows = [
      heading(),
      r('line', 1, 150),
      r('total', 0, 150), // 2 Total assets
      heading(),
      r('line', 1, 90),
      r('total', 0, 90), // 5 Total liabilities
      heading(),
      r('line', 1, 60),
      r('total', 0, 60), // 8 Total equity
      r('total', 0, 150), // 9 Total liabilities and equity
    ];
    expect(subtotalTerms(rows).get(9)).toEqual(plus(5, 8));
  });

  it('proposes nothing for a total its rows miss by a cent, in any column', () => {
    const rows = [heading(), r('line', 1, 10, 5), r('line', 1, 20, 5), r('subtotal', 0, 30, 10.01)];
    expect(subtotalTerms(rows).has(3)).toBe(false);
  });

  it('counts a blank part as zero and leaves a blank total column out of the check', () => {
    const rows = [heading(), r('line', 1, 10, null), r('line', 1, null, 4), r('subtotal', 0, 10, null)];
    expect(subtotalTerms(rows).get(3)).toEqual(plus(1, 2));
  });

  it('never makes a term of a row whose figures are no amounts', () => {
    const rows: FormulaRow[] = [
      heading(),
      r('line', 1, 10),
      { kind: 'line', depth: 1, amounts: null },
      r('subtotal', 0, 10),
    ];
    expect(subtotalTerms(rows).get(3)).toEqual(plus(1));
  });

  it('proposes only formulas that give the figure to the cent, for any statement', () => {
    const row = fc.record({
      kind: fc.constantFrom<Kind>('heading', 'line', 'line', 'subtotal', 'total'),
      depth: fc.integer({ min: 0, max: 3 }),
      a: fc.option(fc.integer({ min: -5000, max: 5000 }), { nil: null }),
      b: fc.option(fc.integer({ min: -5000, max: 5000 }), { nil: null }),
    });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 40 }), (drawn) => {
        const rows = drawn.map((entry) => r(entry.kind, entry.depth, entry.a === null ? null : entry.a / 100, entry.b));
        for (const [index, terms] of subtotalTerms(rows)) {
          expect(terms.length).toBeGreaterThan(0);
          for (const key of ['a', 'b'] as const) {
            const target = rows[index]!.amounts![key];
            if (target === null || target === undefined) continue;
            const sum = terms.reduce(
              (total, term) => total + term.sign * Math.round((rows[term.row]!.amounts![key] ?? 0) * 100),
              0,
            );
            expect(sum).toBe(Math.round(target * 100));
          }
        }
      }),
      { seed: 27 },
    );
  });
});

describe('formulaText', () => {
  const sheetRow = (row: number) => row + 5;
  const headings = new Set([0, 4]);
  const isBlank = (row: number) => headings.has(row);

  it('sums a run as one range, reaching over heading rows', () => {
    expect(formulaText(plus(1, 2, 3, 5, 6), 'C', sheetRow, isBlank)).toBe('SUM(C6:C11)');
  });

  it('lists parts apart as separate arguments', () => {
    expect(formulaText(plus(1, 3, 7), 'D', sheetRow, isBlank)).toBe('SUM(D6,D8,D12)');
  });

  it('writes signed terms as a difference', () => {
    const terms: FormulaTerm[] = [
      { row: 2, sign: 1 },
      { row: 9, sign: -1 },
      { row: 12, sign: 1 },
    ];
    expect(formulaText(terms, 'B', sheetRow, isBlank)).toBe('B7-B14+B17');
    expect(formulaText([{ row: 2, sign: 1 }], 'B', sheetRow, isBlank)).toBe('B7');
  });

  it("splits SUM beyond Excel's 255 arguments and gives up past its 8,192 characters", () => {
    const apart = plus(...Array.from({ length: 300 }, (_, index) => index * 2 + 1));
    const text = formulaText(apart, 'C', sheetRow, () => false)!;
    expect(text.match(/SUM\(/g)).toHaveLength(2);
    expect(text.split(',')).toHaveLength(299);
    const tooMany = plus(...Array.from({ length: 2000 }, (_, index) => index * 2 + 1));
    expect(formulaText(tooMany, 'C', sheetRow, () => false)).toBeUndefined();
  });
});
