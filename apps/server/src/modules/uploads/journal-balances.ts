/**
 * Whether every journal of a GL file balances, told while the upload reads it, so a run that stages the same
 * bytes need not group a million lines by journal to find out again (ledger-engine.ts). Only the journals whose
 * lines so far do not sum to zero are held: in a file that keeps a journal's lines together (every export we
 * know does) that is about one at a time. A file holding more than MAX_OPEN_JOURNALS open at once, or an
 * amount beyond exact arithmetic in cents, gets no verdict: the run checks it in SQL as it always could.
 *
 * Amounts are the upload's canonical decimals of a money column ('-12.3', '0.05': at most two decimals).
 */

const MAX_OPEN_JOURNALS = 200_000;

export class JournalBalances {
  /** Journals whose lines so far sum to non-zero cents (debit − credit). */
  #open = new Map<string, number>();
  #journal: string | undefined;
  #sum = 0;
  #given = false;

  /**
   * A line: its journal (none: no verdict) and its debit less its credit in cents (`centsOf`; NaN: beyond exact
   * cents).
   */
  add(journal: string | null, movement: number): void {
    if (this.#given) return;
    if (journal === null) return this.#giveUp();
    if (journal !== this.#journal) {
      this.#close();
      this.#journal = journal;
      this.#sum = this.#open.get(journal) ?? 0;
      this.#open.delete(journal);
    }
    this.#sum += movement;
    if (!Number.isSafeInteger(this.#sum)) this.#giveUp();
  }

  /** True when every journal balances, false when one does not, undefined when the file gets no verdict. */
  get verdict(): boolean | undefined {
    if (this.#given) return undefined;
    this.#close();
    this.#journal = undefined;
    return this.#open.size === 0;
  }

  #close() {
    if (this.#journal === undefined || this.#sum === 0) return;
    this.#open.set(this.#journal, this.#sum);
    if (this.#open.size > MAX_OPEN_JOURNALS) this.#giveUp();
  }

  #giveUp() {
    this.#given = true;
    this.#open.clear();
  }
}

/**
 * Cents of a canonical money decimal, read digit by digit (no string is made: a million lines' amounts cost
 * 0.1 s less); NaN for one beyond exact cents (the sum's check then gives up).
 */
export function centsOf(amount: string | null): number {
  if (amount === null) return 0;
  const negative = amount.charCodeAt(0) === 45;
  let cents = 0;
  let decimals = -1;
  for (let index = negative ? 1 : 0; index < amount.length; index++) {
    const code = amount.charCodeAt(index);
    if (code === 46) decimals = 0;
    else {
      cents = cents * 10 + (code - 48);
      if (decimals >= 0) decimals += 1;
    }
  }
  if (decimals > 2 || !Number.isSafeInteger(cents)) return Number.NaN;
  const scaled = decimals === 2 ? cents : decimals === 1 ? cents * 10 : cents * 100;
  return negative ? -scaled : scaled;
}
