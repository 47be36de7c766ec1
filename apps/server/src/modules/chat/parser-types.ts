import type { SemanticQuery } from '@finboard/shared/chat';

/** What the built-in parser reads a question against, and what it answers. */
export interface ParserAccount {
  code: string;
  name: string;
  type: string;
  subtype: string | null;
  parentCode: string | null;
}

export interface ParserCounterparty {
  name: string;
  /** customer: sales revenue or receivable lines; supplier: bills, inventory or costs, never a customer. */
  role: 'customer' | 'supplier' | 'other';
}

export interface ParserContext {
  accounts: readonly ParserAccount[];
  /** The ledger's counterparties with their roles (none when not read). */
  counterparties?: readonly ParserCounterparty[];
  departments: readonly string[];
  entities: readonly string[];
  /** 00_Period: the fiscal calendar. */
  periods: readonly { period: string; fiscalYear: number; fiscalPeriod: number }[];
  /** The latest period with ledger lines: "this month" of the books. */
  lastPeriod: string;
  /** The first period with ledger lines (default: 00_Period's first). */
  firstPeriod?: string;
}

export type ParseResult =
  | {
      kind: 'query';
      query: SemanticQuery;
      when: string;
      reading: string;
      /** The compared period in words, when there is one. */
      against?: string;
    }
  | {
      kind: 'unknown';
      /** What it did understand, in words. */
      understood: string[];
      /** The words it did not understand (or could not answer), as the user wrote them. */
      unknown: string[];
      /** Why it cannot answer, when it knows: a period outside the books, something a ledger does not hold. */
      reason?: string;
      suggestions: string[];
    };
