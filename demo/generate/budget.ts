import { isDebitNormal, isProfitAndLoss } from './chart-of-accounts.ts';
import { formatCents, parseCents, toCents, type Cents } from './money.ts';
import type { Random } from './random.ts';
import type { AccountRow, BudgetRow, GlDetailRow, PeriodRow } from './rows.ts';

/**
 * 03_Budget for the revenue and expense accounts by department, in the sign of the profit and loss
 * (revenue and costs positive), in whole dollars. The second year's plan is last year's actual of
 * the same month grown 8%; the first year's is that month's actual as it was foreseen (±6%).
 */
export function budget(
  periods: readonly PeriodRow[],
  accounts: readonly AccountRow[],
  ledger: readonly GlDetailRow[],
  random: Random,
): BudgetRow[] {
  const typeOf = new Map(accounts.map((account) => [account.account_code, account.account_type]));
  const actuals = new Map<string, Cents>();
  const keys = new Set<string>();
  for (const line of ledger) {
    const type = typeOf.get(line.account_code)!;
    if (!isProfitAndLoss(type) || line.department === null) continue;
    const amount = parseCents(line.debit) - parseCents(line.credit);
    const key = `${line.account_code}|${line.department}`;
    keys.add(key);
    const actualKey = `${line.period}|${key}`;
    actuals.set(actualKey, (actuals.get(actualKey) ?? 0) + (isDebitNormal(type) ? amount : -amount));
  }

  const rows: BudgetRow[] = [];
  const lines = [...keys].sort();
  periods.forEach((period, index) => {
    for (const key of lines) {
      const [accountCode, department] = key.split('|') as [string, string];
      const basis =
        index >= 12
          ? (actuals.get(`${periods[index - 12]!.Period}|${key}`) ?? 0) * 1.08 * random.between(0.96, 1.04)
          : (actuals.get(`${period.Period}|${key}`) ?? 0) * random.between(0.94, 1.06);
      const amount = toCents(Math.round(basis / 100));
      if (amount === 0) continue;
      rows.push({ period: period.Period, account_code: accountCode, department, amount: formatCents(amount) });
    }
  });
  return rows;
}
