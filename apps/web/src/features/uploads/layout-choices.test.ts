import { describe, expect, it } from 'vitest';
import { layoutKindOf, layoutSchema, type FileAnalysis, type Layout } from '@finboard/shared/layouts';
import {
  amountReadingOf,
  choiceWithType,
  dateFormatLabel,
  headerLineNumber,
  newAccountRows,
  rolesFor,
  withAccountFormat,
  withAccountType,
  withAmountReading,
  withColumn,
  withDateFormat,
  withFillDown,
  withHeaderLineNumber,
  withIndicatorValues,
  withSectionAccounts,
  withSkipPrefixes,
} from './layout-choices';

/** A QuickBooks Online General Ledger report's layout, as analyze proposes it. */
const REPORT: Layout = {
  family: 'gl-report',
  recognizedAs: 'QuickBooks Online General Ledger report',
  encoding: 'utf-8',
  delimiter: ',',
  headerLine: 4,
  columns: { posting_date: 1, transaction_type: 2, reference: 3, counterparty: 4, description: 5, split: 6, amount: 7 },
  skipPrefixes: ['Total', 'Beginning Balance'],
  sectionAccounts: true,
  fillDown: [],
  amount: { kind: 'signed', positiveIs: 'debit' },
  account: { format: 'code-name', separator: null },
  journalKey: ['posting_date', 'transaction_type', 'reference', 'counterparty'],
  splitMarker: '-SPLIT-',
  dateFormat: 'MM/DD/YYYY',
  decimal: '.',
  accountTypes: {},
};

describe('layoutKindOf', () => {
  it('takes layouts for GL Detail, chart of accounts and trial balance only', () => {
    expect(layoutKindOf({ targetTable: '02_GL_Detail' })).toBe('gl');
    expect(layoutKindOf({ targetTable: '01_Account' })).toBe('accounts');
    expect(layoutKindOf({ targetTable: '04_Trial_Balance' })).toBe('trial-balance');
    expect(layoutKindOf({ targetTable: '03_Budget' })).toBeUndefined();
    expect(layoutKindOf(undefined)).toBeUndefined();
  });
});

describe("writing the user's choices into the layout", () => {
  it("sets an account's type and subtype, keeping the others' and the recognized layout unchanged", () => {
    const first = withAccountType(REPORT, 'Design income', { type: 'revenue', subtype: 'revenue' });
    const second = withAccountType(first, 'Interest Earned', { type: 'revenue', subtype: 'other_income' });
    expect(second.accountTypes).toEqual({
      'Design income': { type: 'revenue', subtype: 'revenue' },
      'Interest Earned': { type: 'revenue', subtype: 'other_income' },
    });
    expect(REPORT.accountTypes).toEqual({});
    expect(layoutSchema.parse(second)).toEqual(second);
  });

  it('keeps a subtype the new type has, and drops one it has not until the user picks another', () => {
    expect(choiceWithType({ type: 'expense', subtype: 'other_expense' }, 'expense')).toEqual({
      type: 'expense',
      subtype: 'other_expense',
    });
    expect(choiceWithType({ type: 'revenue', subtype: 'other_income' }, 'expense')).toEqual({
      type: 'expense',
      subtype: null,
    });
    expect(choiceWithType(undefined, 'asset')).toEqual({ type: 'asset', subtype: null });
  });

  it('sets the date format the user chose of the two that fit', () => {
    expect(withDateFormat(REPORT, 'DD/MM/YYYY').dateFormat).toBe('DD/MM/YYYY');
    expect(dateFormatLabel('DD/MM/YYYY')).toBe('DD/MM/YYYY (day first)');
    expect(dateFormatLabel('MM/DD/YYYY')).toBe('MM/DD/YYYY (month first)');
    expect(dateFormatLabel('MMM D, YYYY')).toBe('MMM D, YYYY (month first)');
    expect(dateFormatLabel('YYYY-MM-DD')).toBe('YYYY-MM-DD (year first)');
  });

  it('names a column for a role, or none; a role without a column is no longer filled down', () => {
    const filled = withFillDown(REPORT, ['posting_date', 'reference']);
    expect(filled.fillDown).toEqual(['posting_date', 'reference']);
    const moved = withColumn(filled, 'memo', 5);
    expect(moved.columns.memo).toBe(5);
    const cleared = withColumn(moved, 'reference', undefined);
    expect(cleared.columns).not.toHaveProperty('reference');
    expect(cleared.fillDown).toEqual(['posting_date']);
  });

  it('fills down only roles that have a column, each once', () => {
    expect(withFillDown(REPORT, ['posting_date', 'journal_id', 'posting_date']).fillDown).toEqual(['posting_date']);
  });

  it('switches between the ways amounts are written, with common indicator words until the file names its own', () => {
    expect(withAmountReading(REPORT, 'debit-credit').amount).toEqual({ kind: 'debit-credit' });
    expect(withAmountReading(REPORT, 'signed-credit').amount).toEqual({ kind: 'signed', positiveIs: 'credit' });
    const natural = withAmountReading(REPORT, 'signed-natural');
    expect(natural.amount).toEqual({ kind: 'signed', positiveIs: 'natural' });
    expect(amountReadingOf(natural.amount)).toBe('signed-natural');
    const indicator = withAmountReading(REPORT, 'indicator');
    expect(indicator.amount).toEqual({
      kind: 'indicator',
      debitValues: ['D', 'Dr', 'Debit'],
      creditValues: ['C', 'Cr', 'Credit'],
    });
    const own = withIndicatorValues(indicator, 'credit', [' CR ', 'CR', '', 'H']);
    expect(own.amount).toEqual({ kind: 'indicator', debitValues: ['D', 'Dr', 'Debit'], creditValues: ['CR', 'H'] });
    // An indicator needs a word per side: clearing one keeps it.
    expect(withIndicatorValues(own, 'debit', []).amount).toEqual(own.amount);
    expect(withAmountReading(own, 'indicator').amount).toEqual(own.amount);
    expect(amountReadingOf(REPORT.amount)).toBe('signed-debit');
    expect(amountReadingOf(own.amount)).toBe('indicator');
  });

  it("reads a path at ':' and a code and name with the separator each cell has", () => {
    const path = withAccountFormat(REPORT, 'path');
    expect(path.account).toEqual({ format: 'path', separator: ':' });
    expect(withAccountFormat({ ...REPORT, account: { format: 'path', separator: '/' } }, 'path').account).toEqual({
      format: 'path',
      separator: '/',
    });
    expect(withAccountFormat(path, 'name').account).toEqual({ format: 'name', separator: null });
  });

  it("numbers the header's line from 1 as the page shows it", () => {
    expect(headerLineNumber(REPORT)).toBe(5);
    expect(withHeaderLineNumber(REPORT, 1).headerLine).toBe(0);
    expect(withHeaderLineNumber(REPORT, 0).headerLine).toBe(0);
  });

  it('turns section rows off and keeps skipped-row words trimmed and distinct', () => {
    expect(withSectionAccounts(REPORT, false).sectionAccounts).toBe(false);
    expect(withSkipPrefixes(REPORT, ['Total', ' Total ', '', 'Subtotal']).skipPrefixes).toEqual(['Total', 'Subtotal']);
  });
});

describe('rolesFor', () => {
  it('offers the money roles of the way amounts are written', () => {
    expect(rolesFor('gl', 'signed')).toContain('amount');
    expect(rolesFor('gl', 'signed')).not.toContain('debit');
    expect(rolesFor('gl', 'indicator')).toEqual(expect.arrayContaining(['amount', 'indicator']));
    expect(rolesFor('gl', 'debit-credit')).toEqual(expect.arrayContaining(['debit', 'credit']));
    expect(rolesFor('gl', 'debit-credit')).not.toContain('amount');
    expect(rolesFor('accounts', 'signed')).toEqual([
      'account',
      'account_name',
      'account_type',
      'account_detail_type',
      'parent_code',
      'is_active',
    ]);
    expect(rolesFor('trial-balance', 'signed')).toEqual([
      'account',
      'account_name',
      'debit',
      'credit',
      'closing_balance',
      'opening_balance',
      'currency',
    ]);
  });
});

describe('newAccountRows', () => {
  const unknown = (
    code: string,
    suggestion: [type: 'asset' | 'revenue' | null, subtype: string | null, from: string | null],
  ): FileAnalysis['preview']['unknownAccounts'][number] => ({
    code,
    name: code,
    parentCode: null,
    suggestedType: suggestion[0],
    suggestedSubtype: suggestion[1],
    suggestedFrom: suggestion[2],
  });

  it("marks each account's type as the user's, from the file, suggested, or to choose", () => {
    const layout = withAccountType(REPORT, 'Landscaping Services', { type: 'revenue', subtype: 'revenue' });
    expect(
      newAccountRows(
        [
          unknown('Checking', ['asset', 'cash', 'guess']),
          unknown('Accounts Receivable', ['asset', 'receivable', 'QuickBooks']),
          unknown('Landscaping Services', [null, null, null]),
          unknown('Job Materials', [null, null, null]),
          unknown('Design income', ['revenue', 'revenue', 'you']),
        ],
        layout,
      ),
    ).toEqual([
      { code: 'Checking', name: 'Checking', choice: { type: 'asset', subtype: 'cash' }, origin: 'suggested' },
      {
        code: 'Accounts Receivable',
        name: 'Accounts Receivable',
        choice: { type: 'asset', subtype: 'receivable' },
        origin: 'file',
      },
      {
        code: 'Landscaping Services',
        name: 'Landscaping Services',
        choice: { type: 'revenue', subtype: 'revenue' },
        origin: 'yours',
      },
      { code: 'Job Materials', name: 'Job Materials', choice: undefined, origin: 'none' },
      {
        code: 'Design income',
        name: 'Design income',
        choice: { type: 'revenue', subtype: 'revenue' },
        origin: 'yours',
      },
    ]);
  });
});
