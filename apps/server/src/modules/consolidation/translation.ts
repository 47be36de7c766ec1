import { addMonths, monthsBetween } from '../reports/periods.ts';
import { add, isEarnings, type Account, type Movement } from '../reports/statement-kit.ts';

/**
 * IAS 21's current-rate method, on one member's monthly movements (docs/consolidation.md): the movements a
 * member adds to the group, in the reporting currency and integer cents, such that at every month end from the
 * period it joined:
 * - assets and liabilities (and accounts of no known type) stand at their balance × that month's closing rate;
 * - income and expenses are each month's movement × its average rate;
 * - equity held when it joined (and the earnings of the months before: pre-acquisition) is at the historical rate,
 *   the closing rate of the month before it joined; later equity movements at their month's average rate;
 * - the cumulative translation adjustment is what balances the translated books.
 * A member owned below 100 % passes the non-controlling share of its equity to the non-controlling interests; the
 * non-controlling share of its earnings is kept apart (`nonControllingEarnings`) for the balance sheet, so the
 * P&L shows 100 % and then who it is attributable to.
 */

/** A movement with where it came from: a member's key, 'nci' (the non-controlling reclass) or 'elimination'. */
export type Sourced = Movement & { source: string };

export type RateKind = 'average' | 'closing';
/** How many reporting-currency units one unit of `currency` buys in `period` (1 for the reporting currency). */
export type RateOf = (currency: string, period: string, kind: RateKind) => number;

/** The accounts consolidation adds to the members' charts. Code and name alike, so a statement shows the name. */
const synthetic = (code: string, type: string, subtype: string | null): Account => ({
  code,
  name: code,
  type,
  subtype,
});
export const GROUP_ACCOUNTS = {
  translation: synthetic('Cumulative translation adjustment', 'equity', 'other_equity'),
  preAcquisition: synthetic('Pre-acquisition earnings', 'equity', 'retained_earnings'),
  nonControlling: synthetic('Non-controlling interests', 'equity', 'other_equity'),
  nonControllingEarnings: synthetic('Non-controlling share of earnings', 'expense', null),
  unmatchedBalances: synthetic('Unmatched intercompany balances', 'asset', 'other_current_asset'),
  unmatchedTransactions: synthetic('Unmatched intercompany transactions', 'expense', 'other_expense'),
} as const;

/** Half away from zero, as accountants round (Math.round rounds −2.5 to −2). */
export const roundCents = (value: number) => Math.sign(value) * Math.round(Math.abs(value));

/** A movement of `cents` (debit − credit) on `account`. */
export function movementOf(
  period: string,
  account: Pick<Account, 'code' | 'type' | 'subtype'>,
  cents: number,
  source: string,
): Sourced {
  return {
    period,
    accountCode: account.code,
    accountType: account.type,
    accountSubtype: account.subtype,
    debit: cents > 0 ? cents : 0,
    credit: cents < 0 ? -cents : 0,
    source,
  };
}

export interface MemberBooks {
  key: string;
  currency: string;
  /** 0 < ownership ≤ 1. */
  ownership: number;
  joinedPeriod: string;
  /** Its monthly movements (native currency, cents) of every period up to the statement's end. */
  movements: readonly Movement[];
}

export interface TranslatedMember {
  /** What the member adds to every statement. */
  movements: Sourced[];
  /** The non-controlling share of its earnings, moved into the non-controlling interests: the balance sheet's only. */
  nonControllingEarnings: Sourced[];
}

export function translateMember(member: MemberBooks, rate: RateOf, to: string): TranslatedMember {
  const joined = member.joinedPeriod;
  const movements: Sourced[] = [];
  const nonControllingEarnings: Sourced[] = [];
  if (joined > to) return { movements, nonControllingEarnings };

  const accountOf = new Map<string, Pick<Account, 'code' | 'type' | 'subtype'>>();
  const opening = new Map<string, number>(); // equity held before joining, native
  const balances = new Map<string, number>(); // assets, liabilities, unknown types: native, cumulative
  const byPeriod = new Map<string, Movement[]>();
  let preEarnings = 0;
  let imbalance = 0;
  for (const movement of member.movements) {
    if (movement.period > to) continue;
    accountOf.set(movement.accountCode, {
      code: movement.accountCode,
      type: movement.accountType ?? '',
      subtype: movement.accountSubtype,
    });
    if (movement.period >= joined) {
      byPeriod.set(movement.period, [...(byPeriod.get(movement.period) ?? []), movement]);
      continue;
    }
    const cents = movement.debit - movement.credit;
    imbalance += cents;
    if (isEarnings(movement.accountType)) preEarnings += cents;
    else if (movement.accountType === 'equity') add(opening, movement.accountCode, cents);
    else add(balances, movement.accountCode, cents);
  }

  const owned = member.ownership;
  const push = (
    period: string,
    account: Pick<Account, 'code' | 'type' | 'subtype'>,
    cents: number,
    source = member.key,
  ) => {
    if (cents !== 0) movements.push(movementOf(period, account, cents, source));
  };
  /** Equity: the parent's share on its account, the rest to the non-controlling interests. */
  const pushEquity = (period: string, account: Pick<Account, 'code' | 'type' | 'subtype'>, cents: number) => {
    if (cents === 0) return;
    const own = owned < 1 ? roundCents(cents * owned) : cents;
    push(period, account, own);
    push(period, GROUP_ACCOUNTS.nonControlling, cents - own, 'nci');
  };

  const translated = new Map<string, number>(); // assets and liabilities, translated at the last closing rate
  let translatedImbalance = 0;
  for (const [index, period] of monthsBetween(joined, to).entries()) {
    let posted = 0;
    if (index === 0 && (preEarnings !== 0 || [...opening.values()].some((cents) => cents !== 0))) {
      const historical = rate(member.currency, addMonths(joined, -1), 'closing');
      for (const [code, cents] of opening) {
        const amount = roundCents(cents * historical);
        pushEquity(period, accountOf.get(code)!, amount);
        posted += amount;
      }
      const amount = roundCents(preEarnings * historical);
      pushEquity(period, GROUP_ACCOUNTS.preAcquisition, amount);
      posted += amount;
    }

    const month = byPeriod.get(period) ?? [];
    const average = month.some((m) => m.accountType === 'equity' || isEarnings(m.accountType))
      ? rate(member.currency, period, 'average')
      : 1;
    let earnings = 0;
    for (const movement of month) {
      const cents = movement.debit - movement.credit;
      imbalance += cents;
      const account = accountOf.get(movement.accountCode)!;
      if (isEarnings(movement.accountType)) {
        const amount = roundCents(cents * average);
        push(period, account, amount);
        earnings += amount;
        posted += amount;
      } else if (movement.accountType === 'equity') {
        const amount = roundCents(cents * average);
        pushEquity(period, account, amount);
        posted += amount;
      } else add(balances, movement.accountCode, cents);
    }

    const held = [...balances.values()].some((cents) => cents !== 0) || [...translated.values()].some((c) => c !== 0);
    const closing = held || imbalance !== 0 ? rate(member.currency, period, 'closing') : 1;
    for (const [code, cents] of balances) {
      const amount = roundCents(cents * closing);
      const change = amount - (translated.get(code) ?? 0);
      translated.set(code, amount);
      push(period, accountOf.get(code)!, change);
      posted += change;
    }
    // Books that do not balance stay unbalanced by as much (translated), never hidden in the adjustment.
    const translatedNow = roundCents(imbalance * closing);
    pushEquity(period, GROUP_ACCOUNTS.translation, translatedNow - translatedImbalance - posted);
    translatedImbalance = translatedNow;

    if (owned < 1 && earnings !== 0) {
      const share = roundCents(earnings * (1 - owned));
      nonControllingEarnings.push(
        movementOf(period, GROUP_ACCOUNTS.nonControllingEarnings, -share, 'nci'),
        movementOf(period, GROUP_ACCOUNTS.nonControlling, share, 'nci'),
      );
    }
  }
  return { movements, nonControllingEarnings };
}
