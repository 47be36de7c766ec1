import { describe, expect, it } from 'vitest';
import { monthsEndingBefore } from './generate/calendar.ts';
import { generateDemoData, demoTables } from './generate/demo-data.ts';
import { formatCents, parseCents, split } from './generate/money.ts';
import { COLUMNS } from './generate/rows.ts';

const today = new Date('2026-11-21T12:00:00Z');
const data = generateDemoData({ today });

const sumBy = <T>(rows: readonly T[], key: (row: T) => string, amount: (row: T) => number) => {
  const sums = new Map<string, number>();
  for (const row of rows) sums.set(key(row), (sums.get(key(row)) ?? 0) + amount(row));
  return sums;
};

describe('demo organization data', () => {
  it('gives the same rows for the same seed and day, and different rows for another seed', () => {
    const again = generateDemoData({ today });
    expect(again).toEqual(data);
    const other = generateDemoData({ today, seed: 7 });
    expect(other.ledger.slice(0, 200)).not.toEqual(data.ledger.slice(0, 200));
  });

  it('covers the 24 months ending with the last full month before today, all closed but the last', () => {
    expect(data.periods).toHaveLength(24);
    expect(data.periods[0]).toEqual({
      Period: '2024-11',
      start_date: '2024-11-01',
      end_date: '2024-11-30',
      fiscal_year: 2024,
      fiscal_period: 11,
      is_closed: true,
    });
    expect(data.periods[23]).toMatchObject({ Period: '2026-10', end_date: '2026-10-31', is_closed: false });
    expect(data.periods.filter((period) => !period.is_closed)).toHaveLength(1);
    expect(
      monthsEndingBefore(new Date('2027-01-01T00:00:00Z'), 24)
        .map((month) => month.period)
        .at(-1),
    ).toBe('2026-12');
  });

  it('has a chart of about 150 accounts whose parents exist and whose types are the five of the model', () => {
    expect(data.accounts.length).toBeGreaterThanOrEqual(140);
    expect(data.accounts.length).toBeLessThanOrEqual(170);
    const codes = new Set(data.accounts.map((account) => account.account_code));
    expect(codes.size).toBe(data.accounts.length);
    for (const account of data.accounts) {
      if (account.parent_code !== null) expect(codes.has(account.parent_code)).toBe(true);
      expect(['asset', 'liability', 'equity', 'revenue', 'expense']).toContain(account.account_type);
    }
    const subtypes = new Set(data.accounts.map((account) => account.account_subtype));
    for (const subtype of ['cash', 'receivable', 'cost_of_sales', 'operating_expense', 'other_income']) {
      expect(subtypes).toContain(subtype);
    }
  });

  it('has tens of thousands of GL lines, every journal balanced and numbered from line 1', () => {
    expect(data.ledger.length).toBeGreaterThanOrEqual(40_000);
    expect(data.ledger.length).toBeLessThanOrEqual(60_000);
    const net = sumBy(
      data.ledger,
      (line) => line.journal_id,
      (line) => parseCents(line.debit) - parseCents(line.credit),
    );
    expect([...net.values()].filter((amount) => amount !== 0)).toEqual([]);
    const lineNumbers = new Map<string, number[]>();
    for (const line of data.ledger)
      lineNumbers.set(line.journal_id, [...(lineNumbers.get(line.journal_id) ?? []), line.line_no]);
    for (const numbers of lineNumbers.values()) expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  });

  it('posts GL lines only to leaf accounts and known periods, dated within their period', () => {
    const parents = new Set(data.accounts.map((account) => account.parent_code));
    const leaves = new Set(data.accounts.map((a) => a.account_code).filter((code) => !parents.has(code)));
    const periods = new Map(data.periods.map((period) => [period.Period, period]));
    const wrong = data.ledger.filter((line) => {
      const period = periods.get(line.period);
      return (
        !leaves.has(line.account_code) ||
        !period ||
        line.posting_date < period.start_date ||
        line.posting_date > period.end_date ||
        !/^\d+\.\d{2}$/.test(line.debit) ||
        !/^\d+\.\d{2}$/.test(line.credit) ||
        line.source !== 'manual' ||
        line.entity !== 'HPC-US'
      );
    });
    expect(wrong).toEqual([]);
  });

  it('earns revenue every month, with cost of sales below it', () => {
    const typeOf = new Map(data.accounts.map((account) => [account.account_code, account]));
    const revenue = sumBy(
      data.ledger.filter((line) => typeOf.get(line.account_code)!.account_type === 'revenue'),
      (line) => line.period,
      (line) => parseCents(line.credit) - parseCents(line.debit),
    );
    const costOfSales = sumBy(
      data.ledger.filter((line) => typeOf.get(line.account_code)!.account_subtype === 'cost_of_sales'),
      (line) => line.period,
      (line) => parseCents(line.debit) - parseCents(line.credit),
    );
    for (const period of data.periods) {
      expect(revenue.get(period.Period)).toBeGreaterThan(100_000_000);
      expect(costOfSales.get(period.Period)).toBeLessThan(revenue.get(period.Period)!);
    }
  });

  it('keeps a trial balance consistent with the GL: closing = opening + debit − credit, summing to zero', () => {
    const movements = sumBy(
      data.ledger,
      (line) => `${line.period}|${line.account_code}`,
      (line) => parseCents(line.debit) - parseCents(line.credit),
    );
    for (const row of data.trialBalance) {
      const [opening, debit, credit, closing] = [row.opening_balance, row.debit, row.credit, row.closing_balance].map(
        parseCents,
      );
      expect(closing).toBe(opening! + debit! - credit!);
      expect(debit! - credit!).toBe(movements.get(`${row.period}|${row.account_code}`) ?? 0);
    }
    const closingByPeriod = sumBy(
      data.trialBalance,
      (row) => row.period,
      (row) => parseCents(row.closing_balance),
    );
    expect(closingByPeriod.size).toBe(24);
    expect([...closingByPeriod.values()].every((sum) => sum === 0)).toBe(true);
    // Cash is an asset (debit balance) and the term loan a liability (credit balance).
    const last = data.trialBalance.filter((row) => row.period === '2026-10');
    expect(parseCents(last.find((row) => row.account_code === '1110')!.closing_balance)).toBeGreaterThan(0);
    expect(parseCents(last.find((row) => row.account_code === '2510')!.closing_balance)).toBeLessThan(0);
  });

  it('carries each period into the next, closing the year into retained earnings', () => {
    const typeOf = new Map(data.accounts.map((account) => [account.account_code, account.account_type]));
    const byPeriod = new Map<string, Map<string, (typeof data.trialBalance)[number]>>();
    for (const row of data.trialBalance) {
      byPeriod.set(row.period, (byPeriod.get(row.period) ?? new Map()).set(row.account_code, row));
    }
    for (let i = 1; i < data.periods.length; i++) {
      const previous = byPeriod.get(data.periods[i - 1]!.Period)!;
      const current = byPeriod.get(data.periods[i]!.Period)!;
      const yearStart = data.periods[i]!.fiscal_period === 1;
      let result = 0;
      for (const [code, row] of current) {
        const type = typeOf.get(code)!;
        const closed = parseCents(previous.get(code)!.closing_balance);
        if (yearStart && (type === 'revenue' || type === 'expense')) {
          result += closed;
          expect(row.opening_balance).toBe('0.00');
        } else if (!(yearStart && code === '3300')) {
          expect(row.opening_balance).toBe(previous.get(code)!.closing_balance);
        }
      }
      if (yearStart) {
        expect(parseCents(current.get('3300')!.opening_balance)).toBe(
          parseCents(previous.get('3300')!.closing_balance) + result,
        );
      }
    }
  });

  it('budgets revenue and expense accounts by department for every period, in whole dollars', () => {
    const accounts = new Map(data.accounts.map((account) => [account.account_code, account]));
    const periods = new Set(data.periods.map((period) => period.Period));
    expect(data.budget.length).toBeGreaterThan(1_000);
    const keys = new Set<string>();
    for (const row of data.budget) {
      expect(periods.has(row.period)).toBe(true);
      expect(['revenue', 'expense']).toContain(accounts.get(row.account_code)!.account_type);
      expect(['Sales', 'Marketing', 'Engineering', 'Operations', 'G&A']).toContain(row.department);
      expect(row.amount).toMatch(/^-?\d+\.00$/);
      keys.add(`${row.period}|${row.account_code}|${row.department}`);
    }
    expect(keys.size).toBe(data.budget.length);
    expect(new Set(data.budget.map((row) => row.period)).size).toBe(24);
  });

  it('hands each table to the loader in its column order', () => {
    const tables = demoTables(data);
    expect(tables.map((table) => table.table)).toEqual(Object.keys(COLUMNS));
    const gl = tables.find((table) => table.table === '02_GL_Detail')!;
    expect(gl.rows).toHaveLength(data.ledger.length);
    expect(gl.rows[0]).toEqual(COLUMNS['02_GL_Detail'].map((column) => data.ledger[0]![column]));
  });
});

describe('money in cents', () => {
  it('formats and parses decimal strings without floats', () => {
    expect(formatCents(123456)).toBe('1234.56');
    expect(formatCents(-7)).toBe('-0.07');
    expect(formatCents(0)).toBe('0.00');
    expect(parseCents('1234.5')).toBe(123450);
    expect(parseCents('-0.07')).toBe(-7);
    expect(() => parseCents('1e3')).toThrow('not an amount: 1e3');
  });

  it('splits an amount into parts that add up to it exactly', () => {
    const parts = split(100_001, [1, 1, 1]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(100_001);
    expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
  });
});
