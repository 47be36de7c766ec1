/** Rows whose first filled cell is one of these labels are totals or balances, never lines. */
export const REPORT_SKIP_PREFIXES = [
  'Total',
  'Beginning Balance',
  'Opening Balance',
  'Closing Balance',
  'Ending Balance',
  'Balance b/d',
  'Balance c/d',
  'Net movement',
  'Current Period Change',
  'Net Income',
  'Grand Total',
  'Report Total',
  'TOTAL',
];

/** Words that continue a balance label with its date ('Opening Balance as of 01/01/2024'). */
const DATED = /^(as of|as at|at|on|for|from|to|per)\b/;

/**
 * Whether a row's first cell is a label the layout skips: a total followed by anything it totals ('Total for
 * Checking', 'Total 6120 · Rent'), or another label alone, followed by what is no word ('Balance b/d:',
 * 'Beginning Balance 01/01/2024') or by its date ('Opening Balance as of 01/01/2024'). An account whose name
 * merely begins so is no label: 'Opening Balance Equity' is QuickBooks' equity account.
 */
export function isSkippedLabel(text: string, labels: readonly string[]): boolean {
  const lower = text.trim().toLowerCase();
  return labels.some((label) => {
    const word = label.trim().toLowerCase();
    if (word === '' || !lower.startsWith(word)) return false;
    const after = lower.slice(word.length);
    // The label is whole words: 'Totalizer' is not a total.
    if (/^\p{L}/u.test(after)) return false;
    const rest = after.trimStart();
    return rest === '' || /total$/.test(word) || /^[^\p{L}]/u.test(rest) || DATED.test(rest);
  });
}
