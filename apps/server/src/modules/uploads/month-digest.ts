import { centsToAmount } from '@finboard/shared/journals';
import type { FinestBalance, KnownCashFlow } from '../../warehouse/aggregates.ts';

/**
 * What a GL file of one month adds to the statements' aggregates, told while the upload reads it, so that a run
 * adopting the file's stage as a new month's partition (ledger-engine.ts) writes them instead of grouping a
 * million lines again, and checks the accounts by their list instead of line by line:
 *
 * - its lines' debit, credit and count per account × entity × department (05_Monthly_Balance's finest grain),
 *   and so the accounts it names. Held by key: a file of more than MAX_DIGEST_KEYS keys (or an amount beyond
 *   exact cents) gets no digest at all;
 * - given the organization's cash accounts as the upload began, its cash flow (05_Monthly_Cash_Flow): each
 *   journal's net on them per entity × department, summed into cash in and out. Only a file whose journals come
 *   each in one run of lines, in ascending order of id, gets it (one journal is held at a time; an id that does
 *   not ascend could be a journal seen before): the run reads the others' from the lines. The run uses it only
 *   while the accounts the file names that are cash are the same (aggregates.ts, `KnownCashFlow.accounts`).
 *
 * Amounts are the upload's canonical decimals of a money column ('-12.3', '0.05': at most two decimals);
 * entity and department are null when empty, as COPY stores them.
 */

export const MAX_DIGEST_KEYS = 20_000;

export interface MonthDigest {
  /** The finest grain: account, entity, department, debit, credit (exact decimals) and line count. */
  rows: FinestBalance[];
  cash?: KnownCashFlow;
}

interface Sums {
  account: string;
  entity: string | null;
  department: string | null;
  debit: number;
  credit: number;
  lines: number;
}

interface Flow {
  entity: string | null;
  department: string | null;
  /** Cents: the sum of the journals' positive nets, and of their negative nets (as a positive number). */
  cashIn: number;
  cashOut: number;
}

// A separator no canonical value holds (control characters are refused by the upload's check).
const SEPARATOR = '\u0001';
const NULL_MARK = '\u0000';
const placeKey = (entity: string | null, department: string | null) =>
  `${entity ?? NULL_MARK}${SEPARATOR}${department ?? NULL_MARK}`;

export class MonthDigester {
  /** By account, entity and department (NULL_MARK for none): maps of maps, so no line makes a key string. */
  #sums = new Map<string, Map<string, Map<string, Sums>>>();
  #keys = 0;
  #given = false;
  readonly #cashAccounts: ReadonlySet<string> | undefined;
  #cashGiven: boolean;
  #cashNamed = new Set<string>();
  #flows = new Map<string, Flow>();
  #journal: string | undefined;
  /** The current journal's net on cash accounts per entity × department (cents). */
  #journalNets = new Map<string, { entity: string | null; department: string | null; net: number }>();

  /** `cashAccounts`: the organization's cash accounts, for the cash flow; none: no cash flow. */
  constructor(cashAccounts?: Iterable<string>) {
    this.#cashAccounts = cashAccounts && new Set(cashAccounts);
    this.#cashGiven = cashAccounts === undefined;
  }

  /** A line: its journal, account (none: no digest), entity, department and amounts in cents (`centsOf`). */
  add(
    journal: string | null,
    account: string | null,
    entity: string | null,
    department: string | null,
    debit: number,
    credit: number,
  ): void {
    if (this.#given) return;
    if (account === null) return this.#giveUp();
    let byEntity = this.#sums.get(account);
    if (!byEntity) this.#sums.set(account, (byEntity = new Map()));
    let byDepartment = byEntity.get(entity ?? NULL_MARK);
    if (!byDepartment) byEntity.set(entity ?? NULL_MARK, (byDepartment = new Map()));
    let sums = byDepartment.get(department ?? NULL_MARK);
    if (!sums) {
      if (this.#keys >= MAX_DIGEST_KEYS) return this.#giveUp();
      this.#keys += 1;
      sums = { account, entity, department, debit: 0, credit: 0, lines: 0 };
      byDepartment.set(department ?? NULL_MARK, sums);
    }
    sums.debit += debit;
    sums.credit += credit;
    sums.lines += 1;
    if (!Number.isSafeInteger(sums.debit) || !Number.isSafeInteger(sums.credit)) return this.#giveUp();
    if (!this.#cashGiven) this.#addCash(journal, account, entity, department, debit - credit);
  }

  /** The digest of the lines added; undefined when the file gets none. */
  get digest(): MonthDigest | undefined {
    if (this.#given) return undefined;
    this.#closeJournal();
    const all = [...this.#sums.values()].flatMap((byEntity) =>
      [...byEntity.values()].flatMap((byDepartment) => [...byDepartment.values()]),
    );
    const rows = all.map((sums) => ({
      a: sums.account,
      e: sums.entity,
      d: sums.department,
      dr: amount(sums.debit),
      cr: amount(sums.credit),
      n: sums.lines,
    }));
    if (this.#cashGiven) return { rows };
    return {
      rows,
      cash: {
        accounts: [...this.#cashNamed].sort(),
        rows: [...this.#flows.values()].map((flow) => ({
          e: flow.entity,
          d: flow.department,
          ci: amount(flow.cashIn),
          co: amount(flow.cashOut),
        })),
      },
    };
  }

  #addCash(
    journal: string | null,
    account: string,
    entity: string | null,
    department: string | null,
    movement: number,
  ) {
    if (journal === null) return this.#giveUpCash();
    if (journal !== this.#journal) {
      // Ascending ids: a journal cannot come back once another began, so its net is final.
      if (this.#journal !== undefined && !(journal > this.#journal)) return this.#giveUpCash();
      this.#closeJournal();
      this.#journal = journal;
    }
    if (!this.#cashAccounts!.has(account)) return;
    this.#cashNamed.add(account);
    const place = placeKey(entity, department);
    let net = this.#journalNets.get(place);
    if (!net) {
      net = { entity, department, net: 0 };
      this.#journalNets.set(place, net);
    }
    net.net += movement;
    if (!Number.isSafeInteger(net.net)) this.#giveUpCash();
  }

  /** The journal's nets into the flows: a place it moved cash in appears, even at zero. */
  #closeJournal() {
    for (const [place, { entity, department, net }] of this.#journalNets) {
      let flow = this.#flows.get(place);
      if (!flow) {
        flow = { entity, department, cashIn: 0, cashOut: 0 };
        this.#flows.set(place, flow);
      }
      if (net > 0) flow.cashIn += net;
      else flow.cashOut -= net;
      if (!Number.isSafeInteger(flow.cashIn) || !Number.isSafeInteger(flow.cashOut)) return this.#giveUpCash();
    }
    this.#journalNets.clear();
  }

  #giveUpCash() {
    this.#cashGiven = true;
    this.#flows.clear();
    this.#journalNets.clear();
  }

  #giveUp() {
    this.#given = true;
    this.#sums.clear();
    this.#keys = 0;
    this.#giveUpCash();
  }
}

const amount = (cents: number) => centsToAmount(BigInt(cents));
