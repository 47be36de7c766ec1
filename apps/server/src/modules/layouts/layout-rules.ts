import type { Layout, LayoutRole } from '@finboard/shared/layouts';
import { layoutRules } from '@finboard/shared/layouts';

/** What a problem is about, beyond one role's column: a journal that does not balance, a trial balance's period. */
export type RuleSubject = LayoutRole | 'journal' | 'period' | 'new-account';

const AMOUNT_ROLES: ReadonlySet<RuleSubject> = new Set(['debit', 'credit', 'amount', 'indicator', 'closing_balance']);

/**
 * The layout rule that read a value, named beside each problem (issue 23 §3), so the user knows what to
 * correct in the layout editor; null where no rule of the layout is involved (a free-text column).
 */
export function layoutRuleOf(
  subject: RuleSubject,
  layout: Layout,
  context: { header: readonly string[]; currency: string },
): string | null {
  if (subject === 'posting_date') return layoutRules.dates(layout.dateFormat);
  if (AMOUNT_ROLES.has(subject)) return amountRule(layout);
  if (subject === 'account' || subject === 'account_name') return accountRule(layout);
  if (subject === 'journal')
    return layout.family === 'trial-balance' ? layoutRules.openingJournal : journalRule(layout, context.header);
  if (subject === 'split') return layoutRules.split(layout.splitMarker);
  if (subject === 'currency') return layoutRules.currency(context.currency);
  if (subject === 'period') return layoutRules.period;
  if (subject === 'new-account' || subject === 'account_type') return layoutRules.accountTypes;
  return null;
}

function amountRule(layout: Layout): string {
  const amount = layout.amount;
  if (amount.kind === 'debit-credit') return layoutRules.debitCredit;
  if (amount.kind === 'signed') return layoutRules.signed(amount.positiveIs);
  return layoutRules.indicator(amount.debitValues, amount.creditValues);
}

function accountRule(layout: Layout): string {
  const { format, separator } = layout.account;
  if (format === 'code') return layoutRules.accountCode;
  if (format === 'name') return layoutRules.accountName;
  if (format === 'path') return layoutRules.accountPath(separator ?? ':');
  return layoutRules.accountCodeName(separator);
}

/** The journal key by the file's own column names (the role where the header cell is empty). */
function journalRule(layout: Layout, header: readonly string[]): string {
  const names = layout.journalKey.map((role) => {
    const column = layout.columns[role];
    return (column === undefined ? undefined : header[column]) || role;
  });
  return layoutRules.journals(names);
}
