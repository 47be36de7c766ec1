import { monthsBetween } from '../reports/periods.ts';
import { isEarnings, type Account } from '../reports/statement-kit.ts';
import { GROUP_ACCOUNTS, movementOf, roundCents, type RateOf, type Sourced } from './translation.ts';

/**
 * Intercompany eliminations by rule (docs/consolidation.md). A rule names two account codes: what a member holds
 * on `accountA` with a counterparty naming another member is eliminated against what that other member holds on
 * `accountB` with a counterparty naming the first. Both sides are translated as the members' own books are (flows
 * at the average rate, balances at the closing rate) and removed in full; what does not cancel — timing,
 * currency differences — goes to an "unmatched intercompany" line, and is listed with both sides.
 */

export interface EliminationRule {
  name: string;
  accountA: string;
  accountB: string;
}

/** A member's ledger lines on a rule's account with one counterparty, summed per month (native cents). */
export interface IntercompanySum {
  period: string;
  accountCode: string;
  /** Lower-cased and trimmed. */
  counterparty: string;
  /** debit − credit. */
  cents: number;
}

export interface EliminationMember {
  key: string;
  label: string;
  currency: string;
  joinedPeriod: string;
  /** What the other members' counterparties call it, lower-cased and trimmed. */
  names: readonly string[];
  accounts: ReadonlyMap<string, Account>;
  intercompany: readonly IntercompanySum[];
}

/** What a rule matched between two members without cancelling: each side in its reading, and the difference. */
export interface Unmatched {
  rule: string;
  memberA: string;
  memberB: string;
  /** Cents; reading signs such that side A is positive. */
  amountA: number;
  amountB: number;
  difference: number;
}

export const normalizedName = (name: string) => name.trim().toLowerCase();

/**
 * `basis` 'flows': the eliminations of the group's flows (consolidate.ts), a balance rule's monthly changes at the
 * average rate instead of its balances at the closing rate.
 */
export function eliminate(
  rules: readonly EliminationRule[],
  members: readonly EliminationMember[],
  rate: RateOf,
  range: { from: string; to: string },
  basis: 'statements' | 'flows' = 'statements',
): { movements: Sourced[]; unmatched: Unmatched[] } {
  const movements: Sourced[] = [];
  const unmatched: Unmatched[] = [];
  for (const rule of rules) {
    for (const [i, a] of members.entries()) {
      for (const [j, b] of members.entries()) {
        // The same account on both sides: each pair once, or it would be eliminated twice.
        if (i === j || (rule.accountA === rule.accountB && j < i)) continue;
        const result = eliminatePair(rule, a, b, rate, range, basis);
        if (!result) continue;
        movements.push(...result.movements);
        if (result.unmatched.difference !== 0) unmatched.push(result.unmatched);
      }
    }
  }
  return { movements, unmatched };
}

function eliminatePair(
  rule: EliminationRule,
  a: EliminationMember,
  b: EliminationMember,
  rate: RateOf,
  range: { from: string; to: string },
  basis: 'statements' | 'flows',
) {
  const start = a.joinedPeriod > b.joinedPeriod ? a.joinedPeriod : b.joinedPeriod;
  if (start > range.to) return undefined;
  const sideA = monthly(a.intercompany, rule.accountA, b.names, range.to);
  const sideB = monthly(b.intercompany, rule.accountB, a.names, range.to);
  if (sideA.size === 0 && sideB.size === 0) return undefined;
  const accountA = a.accounts.get(rule.accountA) ?? b.accounts.get(rule.accountA);
  const accountB = b.accounts.get(rule.accountB) ?? a.accounts.get(rule.accountB);
  const earnings = isEarnings(accountA?.type) || isEarnings(accountB?.type);
  const flows = earnings || basis === 'flows';
  const accountOf = (code: string, account: Account | undefined) => ({
    code,
    type: account?.type ?? '',
    subtype: account?.subtype ?? null,
  });
  const residual = earnings ? GROUP_ACCOUNTS.unmatchedTransactions : GROUP_ACCOUNTS.unmatchedBalances;
  const movements: Sourced[] = [];
  let shownA = 0;
  let shownB = 0;

  // Balances: what was held before both were members is eliminated in the first month they both are.
  let cumulativeA = 0;
  let cumulativeB = 0;
  if (!flows) for (const [period, cents] of sideA) if (period < start) cumulativeA += cents;
  if (!flows) for (const [period, cents] of sideB) if (period < start) cumulativeB += cents;
  let translatedA = 0;
  let translatedB = 0;
  for (const period of monthsBetween(start, range.to)) {
    let changeA: number;
    let changeB: number;
    if (flows) {
      const centsA = sideA.get(period) ?? 0;
      const centsB = sideB.get(period) ?? 0;
      changeA = centsA === 0 ? 0 : roundCents(centsA * rate(a.currency, period, 'average'));
      changeB = centsB === 0 ? 0 : roundCents(centsB * rate(b.currency, period, 'average'));
      if (period >= range.from) {
        shownA += changeA;
        shownB += changeB;
      }
    } else {
      cumulativeA += sideA.get(period) ?? 0;
      cumulativeB += sideB.get(period) ?? 0;
      const nowA = cumulativeA === 0 ? 0 : roundCents(cumulativeA * rate(a.currency, period, 'closing'));
      const nowB = cumulativeB === 0 ? 0 : roundCents(cumulativeB * rate(b.currency, period, 'closing'));
      changeA = nowA - translatedA;
      changeB = nowB - translatedB;
      translatedA = nowA;
      translatedB = nowB;
      shownA = nowA;
      shownB = nowB;
    }
    if (changeA !== 0) movements.push(movementOf(period, accountOf(rule.accountA, accountA), -changeA, 'elimination'));
    if (changeB !== 0) movements.push(movementOf(period, accountOf(rule.accountB, accountB), -changeB, 'elimination'));
    if (changeA + changeB !== 0) movements.push(movementOf(period, residual, changeA + changeB, 'elimination'));
  }
  // Side A read positive: a receivable (debit) against a payable (credit), revenue (credit) against a cost (debit).
  const sign = shownA < 0 || (shownA === 0 && shownB > 0) ? -1 : 1;
  return {
    movements,
    unmatched: {
      rule: rule.name,
      memberA: a.label,
      memberB: b.label,
      amountA: sign * shownA,
      amountB: -sign * shownB,
      difference: sign * (shownA + shownB),
    },
  };
}

/** Native cents per month of `member`'s lines on `account` whose counterparty is one of `names`, up to `to`. */
function monthly(lines: readonly IntercompanySum[], account: string, names: readonly string[], to: string) {
  const byPeriod = new Map<string, number>();
  for (const line of lines)
    if (line.accountCode === account && line.period <= to && names.includes(line.counterparty))
      byPeriod.set(line.period, (byPeriod.get(line.period) ?? 0) + line.cents);
  return byPeriod;
}
