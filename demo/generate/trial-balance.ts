import { isProfitAndLoss } from './chart-of-accounts.ts';
import { formatCents, parseCents, type Cents } from './money.ts';
import type { AccountRow, GlDetailRow, PeriodRow, TrialBalanceRow } from './rows.ts';

/**
 * 04_Trial_Balance: for every period and every account the ledger uses, balances as debit − credit
 * (closing = opening + debit − credit). At the start of a fiscal year the revenue and expense
 * accounts open at zero and last year's result opens in retained earnings, so every period's
 * closing balances still add up to zero.
 */
export function trialBalance(
  periods: readonly PeriodRow[],
  accounts: readonly AccountRow[],
  ledger: readonly GlDetailRow[],
): TrialBalanceRow[] {
  const byCode = new Map(accounts.map((account) => [account.account_code, account]));
  const retainedEarnings = accounts.find((account) => account.account_subtype === 'retained_earnings')!.account_code;
  const used = [...new Set(ledger.map((line) => line.account_code))].sort();
  const movements = new Map<string, { debit: Cents; credit: Cents }>();
  for (const line of ledger) {
    const key = `${line.period}|${line.account_code}`;
    const movement = movements.get(key) ?? { debit: 0, credit: 0 };
    movement.debit += parseCents(line.debit);
    movement.credit += parseCents(line.credit);
    movements.set(key, movement);
  }

  const rows: TrialBalanceRow[] = [];
  const closing = new Map<string, Cents>();
  periods.forEach((period, index) => {
    const opening = new Map(closing);
    if (period.fiscal_period === 1 && index > 0) {
      let result = 0;
      for (const code of used) {
        if (isProfitAndLoss(byCode.get(code)!.account_type)) {
          result += opening.get(code) ?? 0;
          opening.set(code, 0);
        }
      }
      opening.set(retainedEarnings, (opening.get(retainedEarnings) ?? 0) + result);
    }
    for (const code of used) {
      const { debit, credit } = movements.get(`${period.Period}|${code}`) ?? { debit: 0, credit: 0 };
      const start = opening.get(code) ?? 0;
      const end = start + debit - credit;
      closing.set(code, end);
      rows.push({
        period: period.Period,
        account_code: code,
        opening_balance: formatCents(start),
        debit: formatCents(debit),
        credit: formatCents(credit),
        closing_balance: formatCents(end),
      });
    }
  });
  return rows;
}
