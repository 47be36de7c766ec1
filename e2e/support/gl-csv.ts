/** GL Detail CSV files for the upload and pipeline journeys (issue 10). */

/** GL Detail's expected columns, as a file of ours names them. */
export const OUR_HEADER = [
  'journal_id',
  'line_no',
  'posting_date',
  'period',
  'account_code',
  'description',
  'debit',
  'credit',
];

/** The month after `period` (YYYY-MM). */
export function nextPeriod(period: string): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
}

/**
 * Balanced journals of two lines each in `period`, debiting one account and crediting the other: a
 * header and 2 × `journals` lines. `debitOf` may spoil the debit of a line, by its number.
 */
export function glCsv(
  header: string[],
  period: string,
  accounts: [string, string],
  journals: number,
  prefix: string,
  debitOf: (line: number) => string = () => '',
): string {
  const lines = [header.join(',')];
  for (let journal = 1; journal <= journals; journal += 1) {
    const amount = `${100 + journal}.25`;
    const id = `${prefix}-${journal}`;
    const date = `${period}-${String(1 + (journal % 28)).padStart(2, '0')}`;
    // Physical lines: the header is line 1.
    const debitLine = lines.length + 1;
    lines.push(`${id},1,${date},${period},${accounts[0]},Upload e2e ${journal},"${debitOf(debitLine) || amount}",0`);
    lines.push(
      `${id},2,${date},${period},${accounts[1]},Upload e2e ${journal},"${debitOf(debitLine + 1) || 0}",${amount}`,
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** A file for Playwright's setInputFiles. */
export const csvFile = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
