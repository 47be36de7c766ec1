import type { FileAnalysis } from '@finboard/shared/layouts';
import type { LaidOutFile, TypeSuggester } from './apply-layout.ts';
import { centsOf, moneyText } from './money.ts';

/** Rows of the sample; problems listed (the count says how many in all). */
export const SAMPLE_ROWS = 20;
export const LISTED_PROBLEMS = 100;

/**
 * What a file would load, as the Upload page shows it before anything does (issue 23 §2): rows and journals,
 * lines and debit/credit per period, whether every journal balances, the first rows, the accounts the chart
 * lacks (with a suggested type) and the problems.
 */
export function previewOf(
  file: LaidOutFile,
  options: { chartCodes: ReadonlySet<string>; suggest: TypeSuggester; partial: boolean },
): FileAnalysis['preview'] {
  const periods = new Map<string, { lines: number; debit: bigint; credit: bigint }>();
  const journals = new Map<string, bigint>();
  // A trial balance's rows hold closing balances: a debit balance counts as a debit, a credit balance as a credit.
  let trialBalanceNet = 0n;
  for (const { values } of file.rows) {
    const closing = values.debit === undefined && values.closing_balance ? centsOf(values.closing_balance) : 0n;
    trialBalanceNet += closing;
    const debit = closing > 0n ? closing : centsOf(values.debit ?? '0');
    const credit = closing < 0n ? -closing : centsOf(values.credit ?? '0');
    // Calendar months here; the load places each row by the organization's own period dates.
    const period = values.period ?? values.posting_date?.slice(0, 7) ?? '';
    const totals = periods.get(period) ?? { lines: 0, debit: 0n, credit: 0n };
    periods.set(period, { lines: totals.lines + 1, debit: totals.debit + debit, credit: totals.credit + credit });
    if (values.journal_id) journals.set(values.journal_id, (journals.get(values.journal_id) ?? 0n) + debit - credit);
  }
  const unknownAccounts = [...file.accounts.values()]
    .filter((account) => !options.chartCodes.has(account.code))
    .map((account) => {
      const suggestion = options.suggest(account);
      return {
        code: account.code,
        name: account.name,
        parentCode: account.parentCode,
        suggestedType: suggestion?.type ?? null,
        suggestedSubtype: suggestion?.subtype ?? null,
        suggestedFrom: suggestion?.vocabulary ?? null,
      };
    });
  return {
    partial: options.partial,
    rows: file.rows.length,
    skipped: file.skipped,
    journals: journals.size,
    balanced: trialBalanceNet === 0n && [...journals.values()].every((net) => net === 0n),
    periods: [...periods]
      .filter(([period]) => period !== '')
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([period, totals]) => ({
        period,
        lines: totals.lines,
        debit: moneyText(totals.debit),
        credit: moneyText(totals.credit),
      })),
    sample: file.rows.slice(0, SAMPLE_ROWS).map((row) => row.values),
    unknownAccounts,
    problems: file.problems.slice(0, LISTED_PROBLEMS),
    problemCount: file.problems.length,
  };
}
