import { formatValue } from '@finboard/shared/report-format';
import type { PackDocumentPage } from '@finboard/shared/report-packs';

type TieOutPage = Extract<PackDocumentPage, { kind: 'tie-out' }>;

const longDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * "Balanced", or "Difference of X": the first line that differs; when every line agrees the trial balance itself
 * is out of balance, and its last line (debits less credits, as tieOutRows orders them) is the difference.
 */
export function tieOutVerdict(page: TieOutPage): string {
  if (page.balanced) return 'Balanced';
  const differing = page.rows.find((row) => row.difference !== 0);
  const difference = differing ? differing.difference : (page.rows.at(-1)?.trialBalance ?? 0);
  return `Difference of ${formatValue(difference, 'amount')}`;
}

/** "Signed off by Ann Lee on 3 November 2026" (the day in UTC, as "prepared on"), or "Not signed off". */
export function signOffLine(page: TieOutPage): string {
  if (!page.signedOff) return 'Not signed off';
  const at = new Date(page.signedOff.at);
  const day = Number.isNaN(at.getTime()) ? page.signedOff.at : longDate.format(at);
  return `Signed off by ${page.signedOff.by} on ${day}`;
}
