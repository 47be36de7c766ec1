import { layoutMessages } from '@finboard/shared/layouts';
import { moneyText } from './money.ts';

/**
 * Journals out of report rows. A general ledger report lists each transaction under every account it
 * touches, so the rows sharing a journal key balance together. A report run for some accounts only shows
 * one side: the Split column then names the other (QuickBooks), and the contra line is made from it. A
 * Split that names several accounts ('-SPLIT-') cannot be resolved from one row: the journal is reported,
 * never guessed.
 */

export interface JournalLine {
  line: number;
  journal: string;
  account: string;
  debit: bigint;
  credit: bigint;
  /** The Split column's value, when the layout has one. */
  split: string | null;
}

export interface JournalProblem {
  line: number;
  value: string;
  problem: string;
  /** Its contra accounts are a Split marker's several ones (else it names none that balances it). */
  split: boolean;
}

/**
 * Journals keyed by a line's counterparty as well (QuickBooks reports without a transaction id) come apart
 * when one transaction names several: the sales tax line names the tax agency, a payroll check's lines their
 * payroll items. The journals that do not balance so, taken together under the key without the counterparty
 * (`coarse`), are one journal when together they balance; every other journal keeps its own key.
 */
export function regroupUnbalanced<T extends JournalLine>(
  lines: readonly T[],
  coarse: (entry: T) => string | null,
): T[] {
  const net = new Map<string, bigint>();
  for (const entry of lines) net.set(entry.journal, (net.get(entry.journal) ?? 0n) + entry.debit - entry.credit);
  const unbalanced = new Map<string, bigint>();
  for (const entry of lines) {
    const key = coarse(entry);
    if (key === null || net.get(entry.journal) === 0n) continue;
    unbalanced.set(key, (unbalanced.get(key) ?? 0n) + entry.debit - entry.credit);
  }
  return lines.map((entry) => {
    const key = coarse(entry);
    return key !== null && net.get(entry.journal) !== 0n && unbalanced.get(key) === 0n
      ? { ...entry, journal: key }
      : entry;
  });
}

export function balanceJournals<T extends JournalLine>(
  lines: readonly T[],
  options: {
    /** The contra account a Split value names, or undefined when it names none the report lacks. */
    resolveSplit: (split: string, line: number) => string | undefined;
    splitMarker: string | null;
  },
): { lines: T[]; problems: JournalProblem[] } {
  const journals = new Map<string, T[]>();
  for (const entry of lines) journals.set(entry.journal, [...(journals.get(entry.journal) ?? []), entry]);

  const contraOf = new Map<T, T>();
  const problems: JournalProblem[] = [];
  const net = (members: readonly T[]) => members.reduce((sum, entry) => sum + entry.debit - entry.credit, 0n);
  for (const [journal, members] of journals) {
    if (net(members) === 0n) continue;
    const contras: T[] = [];
    for (const entry of members) {
      const account = entry.split ? options.resolveSplit(entry.split, entry.line) : undefined;
      if (account === undefined) continue;
      const contra = { ...entry, account, debit: entry.credit, credit: entry.debit, split: null };
      contraOf.set(entry, contra);
      contras.push(contra);
    }
    const difference = net([...members, ...contras]);
    if (difference === 0n) continue;
    for (const entry of members) contraOf.delete(entry);
    const marked = members.find(
      (entry) => options.splitMarker && entry.split?.toLowerCase() === options.splitMarker.toLowerCase(),
    );
    problems.push({
      line: members[0]!.line,
      value: marked?.split ?? journal,
      problem: marked
        ? layoutMessages.splitUnresolved(journal, marked.split!)
        : layoutMessages.unbalanced(journal, moneyText(difference < 0n ? -difference : difference)),
      split: marked !== undefined,
    });
  }
  return { lines: lines.flatMap((entry) => [entry, ...(contraOf.has(entry) ? [contraOf.get(entry)!] : [])]), problems };
}
