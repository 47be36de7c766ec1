import { subtypeToStore } from '@finboard/shared/account-classification';
import type { AccountTypeChoice, Layout, LayoutRole } from '@finboard/shared/layouts';
import { formatCents } from '@finboard/shared/journals';
import { LAYOUT_CURRENCY, layoutMessages, layoutRules } from '@finboard/shared/layouts';
import type { CsvProblem } from '@finboard/shared/uploads';
import { centsOf, moneyText } from './money.ts';
import { readAccount, type AccountReading } from './account-cells.ts';
import { readDate } from './readers/dates.ts';
import { readAmount } from './readers/numbers.ts';
import { layoutRuleOf, type RuleSubject } from './layout-rules.ts';
import { isSkippedLabel } from './skipped-labels.ts';
import { balanceJournals, regroupUnbalanced, type JournalLine } from './report-journals.ts';

/**
 * A file's records laid out as canonical rows (issue 23 §1): the title lines above the header skipped,
 * totals and balance rows skipped, report sections giving the account of the rows below, values written
 * only on a transaction's first row carried down, amounts turned into debit and credit, accounts read
 * from a code, `code · name`, a name or a path, and one-sided report rows balanced from their Split
 * column. Pure: the caller reads the file and the chart and loads what comes out.
 */

/** What the load writes: the target table's canonical columns (null: empty). */
export type CanonicalValues = Record<string, string | null>;

export interface CanonicalRow {
  /** The file's record (1-based, the title lines counted) the row came from. */
  line: number;
  values: CanonicalValues;
}

/**
 * A problem at the record (1-based) it is on (for the whole file: the first record showing it), in the
 * header's name of the column (or the role where the header cell is empty), with the layout rule involved.
 */
export type LayoutProblem = CsvProblem & { rule: string | null };

/** An account the chart already has. */
export interface ChartAccount {
  code: string;
  name: string;
  type?: string | null;
}

/** An account the file names, as the load would create it when the chart lacks it. */
export interface NamedAccount {
  code: string;
  name: string;
  parentCode: string | null;
  /** The file's own type words for it (a chart's Type column, a GnuCash path's root), when it has any. */
  typeValue: string | null;
  detailValue: string | null;
  /** The path it was read from (`Expenses:Office:Rent`), for path-style files. */
  path: string | null;
  /** The first record naming it. */
  line: number;
}

export type TypeSuggester = (account: NamedAccount) => (AccountTypeChoice & { vocabulary: string }) | undefined;

export interface LayoutTarget {
  /** What the rows become. */
  kind: 'gl' | 'accounts' | 'trial-balance';
  chart: readonly ChartAccount[];
  /** The organization's currency (ISO code). */
  currency?: string;
  /** The period chosen at upload: a trial balance's, and the date of opening balances posted from one. */
  period?: string;
}

export interface LaidOutFile {
  header: string[];
  rows: CanonicalRow[];
  /** Every account the file names, by code, in first-seen order. */
  accounts: Map<string, NamedAccount>;
  problems: LayoutProblem[];
  /** Data records not loaded: blank, totals, balances, section headers, zero or empty amounts. */
  skipped: number;
}

const cellAt = (record: readonly string[], column: number | undefined) =>
  column === undefined ? '' : (record[column] ?? '').trim();

/** "Total for Checking" / "Total Checking" → "Checking". */
const totalOf = (text: string) => /^total(?:\s+for)?\s+(.+)$/i.exec(text)?.[1]?.trim();

const MAX_JOURNAL_ID = 120;
const STICKY_ROLES: ReadonlySet<LayoutRole> = new Set(['account', 'account_name']);
const NON_POSTING = /^(non[\s_-]?posting|stat(istical)?)$/i;

/** The journal's number from its key's values: readable, and short enough for the ledger's column. */
function journalIdOf(parts: readonly string[]): string {
  const id = parts.filter((part) => part !== '').join(' ');
  if (id.length <= MAX_JOURNAL_ID) return id;
  let hash = 0;
  for (const char of id) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return `${id.slice(0, MAX_JOURNAL_ID - 10)} #${(hash >>> 0).toString(16).padStart(8, '0')}`;
}

export function applyLayout(
  records: readonly (readonly string[])[],
  layout: Layout,
  target: LayoutTarget,
  suggest: TypeSuggester = () => undefined,
): LaidOutFile {
  const header = (records[layout.headerLine] ?? []).map((cell) => cell.trim());
  const problems: LayoutProblem[] = [];
  const accounts = new Map<string, NamedAccount>();
  const columnName = (role: LayoutRole) => {
    const column = layout.columns[role];
    return column === undefined ? null : header[column] || role;
  };
  const own = target.currency ?? LAYOUT_CURRENCY;
  const ruleOf = (subject: RuleSubject) => layoutRuleOf(subject, layout, { header, currency: own });
  const problemAt = (line: number, subject: RuleSubject, value: string | null, problem: string): number =>
    problems.push({
      line,
      column: subject in layout.columns ? columnName(subject as LayoutRole) : null,
      value,
      problem,
      rule: ruleOf(subject),
    });

  for (const [role, column] of Object.entries(layout.columns) as [LayoutRole, number][])
    if (column >= header.length)
      problems.push({
        line: layout.headerLine + 1,
        column: null,
        value: null,
        problem: layoutMessages.columnOutside(role, column),
        rule: layoutRules.column(role, column),
      });
  problems.push(...missingColumns(layout, target.kind));
  if (problems.length > 0) return { header, rows: [], accounts, problems, skipped: 0 };

  const byName = new Map(target.chart.map((account) => [account.name.trim().toLowerCase(), account.code]));
  const chartCodes = new Set(target.chart.map((account) => account.code));
  const remember = (
    reading: AccountReading,
    line: number,
    typeValue: string | null = null,
    detailValue: string | null = null,
  ) => {
    for (const ancestor of reading.ancestors)
      if (!accounts.has(ancestor.code))
        accounts.set(ancestor.code, { ...ancestor, typeValue: null, detailValue: null, line });
    const known = accounts.get(reading.code);
    if (!known)
      accounts.set(reading.code, {
        code: reading.code,
        name: reading.name,
        parentCode: reading.parentCode,
        typeValue,
        detailValue,
        path: reading.path,
        line,
      });
    else if (typeValue && !known.typeValue) known.typeValue = typeValue;
  };
  // Amounts in the account's own sign (positive: its normal side) need its type: the user's, the chart's, or the suggestion.
  const chartTypes = new Map(target.chart.map((account) => [account.code, account.type]));
  const creditNormal = (reading: AccountReading) => {
    const type =
      layout.accountTypes[reading.code]?.type ??
      chartTypes.get(reading.code) ??
      suggest({ ...reading, typeValue: null, detailValue: null, line: 0 })?.type;
    return type === 'liability' || type === 'equity' || type === 'revenue';
  };
  const accountOf = (cell: string) =>
    readAccount(cell, layout.account, (name) => byName.get(name.trim().toLowerCase()), chartCodes);

  const iifType = header[0]?.startsWith('!') ? header[0].slice(1) : undefined;
  const carried = new Map<LayoutRole, string>();
  const sections: AccountReading[] = [];
  const lines: (JournalLine & { values: CanonicalValues; coarseJournal: string | null })[] = [];
  // The journal key without the counterparty, for transactions whose lines name several (regroupUnbalanced).
  const coarseKey = layout.journalKey.includes('counterparty')
    ? layout.journalKey.filter((role) => role !== 'counterparty')
    : [];
  /** Each currency the file names, and the first record naming it. */
  const currencies = new Map<string, number>();
  let skipped = 0;

  for (let index = layout.headerLine + 1; index < records.length; index++) {
    const record = records[index]!;
    const line = index + 1;
    const first = record.find((cell) => cell.trim() !== '')?.trim();
    if (first === undefined) {
      skipped++;
      continue;
    }
    // QuickBooks IIF holds several tables, each after its own '!' header: rows of another one are not ours.
    if (iifType && (record[0] ?? '').trim() !== iifType) {
      skipped++;
      continue;
    }
    if (isSkippedLabel(first, layout.skipPrefixes)) {
      const closed = layout.sectionAccounts ? totalOf(first) : undefined;
      if (closed !== undefined) {
        const at = sections.findLastIndex((section) => section.cell === closed || section.name === closed);
        if (at >= 0) sections.length = at;
      }
      skipped++;
      continue;
    }
    // Values written on a transaction's first row only (which may hold no amount) carry down; a row that
    // writes the first of them (its journal number or date) starts the next transaction.
    const anchor = layout.fillDown[0];
    const starts = anchor !== undefined && cellAt(record, layout.columns[anchor]) !== '';
    for (const role of layout.fillDown) {
      const value = cellAt(record, layout.columns[role]);
      // An account carried down holds until the next one, across transactions.
      if ((starts && !STICKY_ROLES.has(role)) || value !== '') carried.set(role, value);
    }
    const cell = (role: LayoutRole) =>
      layout.fillDown.includes(role) ? (carried.get(role) ?? '') : cellAt(record, layout.columns[role]);
    const moneyCells = (['debit', 'credit', 'amount', 'closing_balance'] as const).map((role) =>
      cellAt(record, layout.columns[role]),
    );
    // A section row: no amount, and no date where the date goes (Xero writes the account's name there).
    const dateCell = cellAt(record, layout.columns.posting_date);
    const noDate = dateCell === '' || !layout.dateFormat || readDate(dateCell, layout.dateFormat) === null;
    if (layout.sectionAccounts && noDate && moneyCells.every((value) => value === '')) {
      sections.push(accountOf(first));
      skipped++;
      continue;
    }

    if (target.kind === 'accounts') {
      const reading = accountCellOf(cell, accountOf, sections);
      // Non-posting accounts (purchase orders, statistical accounts) hold no ledger amounts: not chart accounts.
      if (!reading || NON_POSTING.test(cell('account_type'))) {
        skipped++;
        continue;
      }
      remember(reading, line, cell('account_type') || null, cell('account_detail_type') || null);
      continue;
    }

    const reading = accountCellOf(cell, accountOf, sections);
    const sides = sidesOf(record, layout, line, problemAt, () => reading !== undefined && creditNormal(reading));
    if (sides === undefined) continue;
    if (sides.debit === 0n && sides.credit === 0n) {
      skipped++;
      continue;
    }
    if (!reading) {
      problemAt(line, 'account', null, layoutMessages.noAccount);
      continue;
    }
    // A ledger that writes each line's account type (Wave) gives the accounts it creates their type.
    remember(reading, line, cell('account_type') || null, cell('account_detail_type') || null);
    const currency = cell('currency');
    if (currency && !currencies.has(currencyCode(currency))) currencies.set(currencyCode(currency), line);

    if (target.kind === 'trial-balance') {
      lines.push({
        line,
        journal: '',
        account: reading.code,
        debit: sides.debit,
        credit: sides.credit,
        split: null,
        values: { account_code: reading.code },
        coarseJournal: null,
      });
      continue;
    }

    // A trial balance posted to the ledger as opening balances: one journal on the period's first day.
    if (layout.family === 'trial-balance') {
      if (!target.period) {
        problemAt(line, 'period', null, layoutMessages.periodNeeded);
        break;
      }
      const journal = layoutMessages.openingJournal(target.period);
      lines.push({
        line,
        journal,
        account: reading.code,
        debit: sides.debit,
        credit: sides.credit,
        split: null,
        values: { posting_date: `${target.period}-01`, description: layoutMessages.openingLine, period: target.period },
        coarseJournal: null,
      });
      continue;
    }

    let postingDate: string | null = null;
    const date = cell('posting_date');
    if (date !== '') {
      postingDate = layout.dateFormat ? readDate(date, layout.dateFormat) : null;
      if (postingDate === null) {
        problemAt(
          line,
          'posting_date',
          date,
          layout.dateFormat ? layoutMessages.notADate(layout.dateFormat) : layoutMessages.dateFormatNeeded,
        );
        continue;
      }
    }
    const keyPart = (role: LayoutRole) => (role === 'posting_date' ? (postingDate ?? '') : cell(role));
    const memo = cell('memo');
    lines.push({
      line,
      journal: journalIdOf(layout.journalKey.map(keyPart)),
      coarseJournal: coarseKey.length > 0 ? journalIdOf(coarseKey.map(keyPart)) : null,
      account: reading.code,
      debit: sides.debit,
      credit: sides.credit,
      split: layout.columns.split === undefined ? null : cell('split') || null,
      values: {
        posting_date: postingDate,
        description: memo || cell('description') || null,
        counterparty: cell('counterparty') || null,
        reference: cell('reference') || null,
        entity: cell('entity') || null,
        department: cell('department') || null,
        ...(layout.columns.line_no === undefined ? {} : { line_no: cell('line_no') || null }),
        ...(layout.columns.period === undefined ? {} : { period: cell('period') || null }),
      },
    });
  }

  const foreign = [...currencies.keys()].filter((code) => code !== own).sort();
  if (foreign.length > 0)
    problems.unshift({
      line: currencies.get(foreign[0]!)!,
      column: columnName('currency'),
      value: foreign.join(', '),
      problem: layoutMessages.currencies([...currencies.keys()].sort(), own),
      rule: ruleOf('currency'),
    });

  if (target.kind === 'accounts')
    return { header, rows: chartRows(accounts, layout, suggest), accounts, problems, skipped };
  if (target.kind === 'trial-balance')
    return {
      header,
      rows: lines.map((entry) => ({
        line: entry.line,
        // Closing balances only: opening and movements come from the previous period's (the layouts service).
        values: {
          period: target.period ?? null,
          account_code: entry.account,
          closing_balance: moneyText(entry.debit - entry.credit),
        },
      })),
      accounts,
      problems,
      skipped,
    };

  // Opening balances post as one journal: a trial balance that does not balance is refused as a whole.
  if (layout.family === 'trial-balance' && lines.length > 0) {
    const debit = lines.reduce((sum, entry) => sum + entry.debit, 0n);
    const credit = lines.reduce((sum, entry) => sum + entry.credit, 0n);
    if (debit !== credit) {
      problems.push({
        line: lines[0]!.line,
        column: null,
        value: lines[0]!.journal,
        problem: layoutMessages.openingUnbalanced(formatCents(debit), formatCents(credit)),
        rule: ruleOf('journal'),
      });
      return { header, rows: rowsOf(lines), accounts, problems, skipped };
    }
  }

  // Report rows whose journal does not balance get their contra line from the Split column when it names
  // one account the report itself does not cover (it would otherwise appear under that account's section).
  const covered = new Set(lines.map((entry) => entry.account));
  const balanced = balanceJournals(
    regroupUnbalanced(lines, (entry) => entry.coarseJournal),
    {
      resolveSplit: (split, line) => {
        if (layout.splitMarker && split.toLowerCase() === layout.splitMarker.toLowerCase()) return undefined;
        const reading = accountOf(split);
        if (covered.has(reading.code)) return undefined;
        remember(reading, line);
        return reading.code;
      },
      splitMarker: layout.splitMarker,
    },
  );
  for (const issue of balanced.problems)
    problems.push({
      line: issue.line,
      column: issue.split ? columnName('split') : null,
      value: issue.value,
      problem: issue.problem,
      rule: ruleOf(issue.split ? 'split' : 'journal'),
    });
  return { header, rows: rowsOf(balanced.lines), accounts, problems, skipped };
}

/** Journal lines as canonical GL rows. */
const rowsOf = (lines: readonly (JournalLine & { values: CanonicalValues })[]): CanonicalRow[] =>
  lines.map((entry) => ({
    line: entry.line,
    values: {
      journal_id: entry.journal,
      account_code: entry.account,
      debit: moneyText(entry.debit),
      credit: moneyText(entry.credit),
      ...entry.values,
    },
  }));

/** A layout that reads no account or no amount would load nothing: it is refused, naming what it lacks. */
function missingColumns(layout: Layout, kind: LayoutTarget['kind']): LayoutProblem[] {
  const where = { line: layout.headerLine + 1, column: null, value: null };
  const has = (roles: readonly LayoutRole[]) => roles.some((role) => layout.columns[role] !== undefined);
  if (Object.keys(layout.columns).length === 0)
    return [{ ...where, problem: layoutMessages.headerMissing, rule: layoutRules.header }];
  const missing: string[] = [];
  if (!has(['account', 'account_name']) && !(kind !== 'accounts' && layout.sectionAccounts)) missing.push('account');
  const amounts: LayoutRole[] =
    kind === 'gl' ? ['debit', 'credit', 'amount'] : ['debit', 'credit', 'amount', 'closing_balance'];
  if (kind !== 'accounts' && !has(amounts)) missing.push(amounts.join(', '));
  return missing.map((role) => ({
    ...where,
    problem: layoutMessages.columnMissing(role),
    rule: layoutRules.columnNone(role),
  }));
}

/** The row's account: its own column, else the report section it sits in. */
function accountCellOf(
  cell: (role: LayoutRole) => string,
  accountOf: (cell: string) => AccountReading,
  sections: readonly AccountReading[],
): AccountReading | undefined {
  // An account without a code (Xero's bank accounts, a chart's unnumbered ones) is named by its name.
  const written = cell('account') || cell('account_name');
  if (written !== '') {
    const reading = accountOf(written);
    return {
      ...reading,
      name: cell('account_name') || reading.name,
      parentCode: cell('parent_code') || reading.parentCode,
    };
  }
  return sections.at(-1);
}

type Sides = { debit: bigint; credit: bigint };

/** Debit and credit in cents (one of them 0), or undefined after recording the problem. */
function sidesOf(
  record: readonly string[],
  layout: Layout,
  line: number,
  problemAt: (line: number, role: LayoutRole, value: string, problem: string) => void,
  /** Whether the row's account is credit-normal (liabilities, equity, revenue). */
  creditNormal: () => boolean,
): Sides | undefined {
  const format = { decimal: layout.decimal };
  const read = (role: LayoutRole) => {
    const raw = cellAt(record, layout.columns[role]);
    const reading = readAmount(raw, format);
    if ('problem' in reading) {
      problemAt(line, role, raw, reading.problem);
      return undefined;
    }
    if ('empty' in reading) return { cents: 0n };
    return { cents: centsOf(reading.amount), side: reading.side };
  };
  const netted = (net: bigint): Sides => (net >= 0n ? { debit: net, credit: 0n } : { debit: 0n, credit: -net });
  const amount = layout.amount;
  if (amount.kind === 'debit-credit' && (layout.columns.debit !== undefined || layout.columns.credit !== undefined)) {
    const debit = read('debit');
    const credit = read('credit');
    if (!debit || !credit) return undefined;
    return netted(debit.cents - credit.cents);
  }
  const role: LayoutRole = layout.columns.amount !== undefined ? 'amount' : 'closing_balance';
  const value = read(role);
  if (!value) return undefined;
  if (value.side) return value.side === 'debit' ? netted(value.cents) : netted(-value.cents);
  if (amount.kind === 'indicator') {
    const raw = cellAt(record, layout.columns.indicator).toLowerCase();
    const magnitude = value.cents < 0n ? -value.cents : value.cents;
    if (amount.debitValues.some((word) => word.toLowerCase() === raw)) return netted(magnitude);
    if (amount.creditValues.some((word) => word.toLowerCase() === raw)) return netted(-magnitude);
    if (value.cents === 0n) return { debit: 0n, credit: 0n };
    problemAt(line, 'indicator', cellAt(record, layout.columns.indicator), layoutMessages.sideUnknown(raw));
    return undefined;
  }
  const positiveIsDebit =
    amount.kind !== 'signed' || amount.positiveIs === 'debit' || (amount.positiveIs === 'natural' && !creditNormal());
  return netted(positiveIsDebit ? value.cents : -value.cents);
}

/** 'CURRENCY::USD', 'USD', 'usd ' → 'USD'; anything else as written, upper case. */
function currencyCode(value: string): string {
  const upper = value.trim().toUpperCase();
  return /([A-Z]{3})$/.exec(upper)?.[1] ?? upper;
}

/** A chart's rows: each account with its type from the user's choice, the file's words or a suggestion. */
function chartRows(accounts: Map<string, NamedAccount>, layout: Layout, suggest: TypeSuggester): CanonicalRow[] {
  return [...accounts.values()].map((account) => {
    const type = layout.accountTypes[account.code] ?? suggest(account);
    return {
      line: account.line,
      // No type of ours (the file's word is unknown): the upload asks for one (canonical-file.ts).
      values: {
        account_code: account.code,
        account_name: account.name,
        account_type: type?.type ?? null,
        account_subtype: subtypeToStore(type?.type, type?.subtype, account.name),
        parent_code: account.parentCode,
        is_active: 'true',
      },
    };
  });
}
