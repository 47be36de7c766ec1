import { describe, expect, it } from 'vitest';
import {
  saveStatementLayoutSchema,
  statementLayoutMessages as m,
  type SaveStatementLayout,
  type StatementLayout,
} from '@finboard/shared/statement-layouts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { AuditEntry } from '../audit/audit.service.ts';
import type { Principal } from '../auth/principal.ts';
import type { ChartAccount, SavedLayout, StatementLayoutsRepository } from './statement-layouts.repository.ts';
import { createStatementLayoutsService } from './statement-layouts.service.ts';

/**
 * The statement layout's rules (statement-layouts.service.ts) with its repository, the Studio's account write
 * and the audit trail in memory: the default layout, every refusal (and that it writes nothing), and what a
 * save writes, stores and records.
 */

const ORG = '3f6c1d2e-9b8a-4c7d-8e6f-5a4b3c2d1e0f';
const principal: Principal = {
  id: 'u-7',
  email: 'dana@example.test',
  role: 'user',
  organizationId: ORG,
  mustChangePassword: false,
};
const tx = { platform: true } as unknown as Executor;

const account = (code: string, name: string, type: string, subtype: string | null): ChartAccount => ({
  code,
  name,
  type,
  subtype,
});
const CHART = (): ChartAccount[] => [
  account('1000', 'Bank', 'asset', 'cash'),
  account('1200', 'Receivables', 'asset', 'receivable'),
  account('1900', 'Suspense', 'asset', 'Misc'),
  account('2000', 'Payables', 'liability', 'payable'),
  account('3000', 'Share capital', 'equity', 'share_capital'),
  account('4000', 'Sales', 'revenue', 'sales'),
  account('5000', 'Goods', 'expense', 'cost_of_sales'),
  account('6100', 'Freight', 'expense', 'operating_expense'),
  account('6200', 'Rent', 'expense', 'operating_expense'),
  // An operating expense by its subtype, depreciation by its name.
  account('6800', 'Depreciation expense', 'expense', 'operating_expense'),
];

function layouts(chart = CHART(), options: { chartFails?: boolean } = {}) {
  let stored: SavedLayout | undefined;
  const saves: Omit<SavedLayout, 'updatedAt'>[] = [];
  const writes: Map<string, string>[] = [];
  const audited: AuditEntry[] = [];
  /** Set to make the next save find another version stored (someone saved in between). */
  let raced = false;
  const repository: StatementLayoutsRepository = {
    find: async () => stored && structuredClone(stored),
    chart: async () => {
      if (options.chartFails) throw new Error('connection lost');
      return chart.map((row) => ({ ...row }));
    },
    async save(executor, organizationId, layout) {
      expect([executor, organizationId]).toEqual([tx, ORG]);
      if (raced || (stored?.version ?? 0) !== layout.version - 1) return undefined;
      saves.push(layout);
      return (stored = { ...structuredClone(layout), updatedAt: new Date('2026-03-05T10:00:00.000Z') });
    },
  };
  const service = createStatementLayoutsService({
    repository,
    accounts: {
      // One transaction: the accounts change only when what runs alongside them succeeds.
      async setAccountSubtypes(who, organizationId, subtypes, alongside) {
        expect([who, organizationId]).toEqual([principal, ORG]);
        writes.push(new Map(subtypes));
        const result = await alongside(tx);
        for (const row of chart) if (subtypes.has(row.code)) row.subtype = subtypes.get(row.code)!;
        return result;
      },
    },
    audit: { record: async (entry, executor) => void (expect(executor).toBe(tx), audited.push(entry)) },
    organizations: { assertExists: async () => undefined },
    nameOf: async (userId) => (userId === principal.id ? 'Dana Reyes' : undefined),
  });
  return {
    service,
    chart,
    saves,
    writes,
    audited,
    race: () => (raced = true),
    /** What a refused save must leave as it was. */
    untouched: () => ({
      saves: saves.length,
      writes: writes.length,
      audited: audited.length,
      chart: structuredClone(chart),
    }),
  };
}

/** The lines as `type:subtype` → account codes, in order. */
const placement = (layout: Pick<StatementLayout, 'lines'>) =>
  Object.fromEntries(
    layout.lines.map((line) => [`${line.type}:${line.subtype ?? ''}`, line.accounts.map((row) => row.code)]),
  );
/** The body of a save of `layout` as it is, with `change` applied to the lines (by `type:subtype`). */
function bodyOf(layout: StatementLayout, change: Record<string, string[]> = {}, version = layout.version) {
  const lines = layout.lines.map((line) => {
    const key = `${line.type}:${line.subtype ?? ''}`;
    return {
      type: line.type,
      subtype: line.subtype,
      accounts: change[key] ?? line.accounts.map((row) => row.code),
    };
  });
  return saveStatementLayoutSchema.parse({ version, lines });
}
const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  const { statusCode, code, message } = error as AppError;
  return { statusCode, code, message };
};

describe('the default layout', () => {
  it('has every line of every type in the statements’ order, empty ones too, and Unclassified where needed', async () => {
    const layout = await layouts().service.layout(ORG);
    expect({ ...layout, lines: undefined }).toEqual({ version: 0, updatedAt: null, updatedBy: null, lines: undefined });
    expect(placement(layout)).toEqual({
      'asset:cash': ['1000'],
      'asset:receivable': ['1200'],
      'asset:inventory': [],
      'asset:prepaid': [],
      'asset:other_current_asset': [],
      'asset:fixed_asset': [],
      'asset:accumulated_depreciation': [],
      'asset:intangible_asset': [],
      'asset:other_non_current_asset': [],
      // "Misc" is no subtype Finboard knows.
      'asset:': ['1900'],
      'liability:payable': ['2000'],
      'liability:credit_card': [],
      'liability:accrued_liability': [],
      'liability:payroll_liability': [],
      'liability:tax_liability': [],
      'liability:deferred_revenue': [],
      'liability:current_debt': [],
      'liability:long_term_debt': [],
      'liability:other_non_current_liability': [],
      'equity:share_capital': ['3000'],
      'equity:retained_earnings': [],
      'equity:drawings_dividends': [],
      'equity:other_equity': [],
      'revenue:sales': ['4000'],
      'revenue:contra_revenue': [],
      'revenue:other_income': [],
      'expense:cost_of_sales': ['5000'],
      'expense:operating_expense': ['6100', '6200'],
      // Its name makes it depreciation.
      'expense:depreciation_amortization': ['6800'],
      'expense:interest_expense': [],
      'expense:other_expense': [],
      'expense:income_tax': [],
    });
    expect(Object.keys(placement(layout))).toHaveLength(32);
    expect(layout.lines.find((line) => line.type === 'asset' && line.subtype === null)).toEqual({
      type: 'asset',
      subtype: null,
      label: 'Unclassified',
      accounts: [{ code: '1900', label: '1900 Suspense', storedSubtype: 'Misc' }],
    });
    expect(layout.lines.find((line) => line.subtype === 'depreciation_amortization')).toEqual({
      type: 'expense',
      subtype: 'depreciation_amortization',
      label: 'Depreciation and amortization',
      accounts: [{ code: '6800', label: '6800 Depreciation expense', storedSubtype: 'operating_expense' }],
    });
  });
});

describe('a save that breaks a rule changes nothing', () => {
  const cases: [
    string,
    (layout: StatementLayout) => SaveStatementLayout,
    { statusCode: number; code: string; message: string },
  ][] = [
    [
      'read at another version',
      (layout) => bodyOf(layout, {}, 3),
      { statusCode: 409, code: 'LAYOUT_VERSION_STALE', message: m.versionStale },
    ],
    [
      'leaving an account out',
      (layout) => bodyOf(layout, { 'expense:operating_expense': ['6100'] }),
      { statusCode: 400, code: 'LAYOUT_ACCOUNTS_MISMATCH', message: m.accountsMismatch },
    ],
    [
      'placing an account twice',
      (layout) => bodyOf(layout, { 'expense:other_expense': ['6100'] }),
      { statusCode: 400, code: 'LAYOUT_ACCOUNTS_MISMATCH', message: m.accountsMismatch },
    ],
    [
      'naming an account the chart does not have',
      (layout) => bodyOf(layout, { 'expense:other_expense': ['9999'] }),
      { statusCode: 400, code: 'LAYOUT_ACCOUNTS_MISMATCH', message: m.accountsMismatch },
    ],
    [
      'moving an expense to a revenue line',
      (layout) => bodyOf(layout, { 'expense:operating_expense': ['6200'], 'revenue:sales': ['4000', '6100'] }),
      { statusCode: 400, code: 'LAYOUT_LINE_OF_OTHER_TYPE', message: m.lineOfOtherType },
    ],
    [
      'with a line whose subtype is of another type',
      (layout) => ({
        ...bodyOf(layout),
        lines: bodyOf(layout).lines.map((line) =>
          line.subtype === 'inventory' ? { ...line, type: 'liability' as const } : line,
        ),
      }),
      { statusCode: 400, code: 'LAYOUT_LINE_OF_OTHER_TYPE', message: m.lineOfOtherType },
    ],
    [
      'putting a classified account on the unclassified line',
      (layout) => bodyOf(layout, { 'asset:receivable': [], 'asset:': ['1900', '1200'] }),
      { statusCode: 400, code: 'LAYOUT_UNCLASSIFIED_TARGET', message: m.unclassifiedTarget },
    ],
  ];

  it.each(cases)('refuses a layout %s', async (_, bodyFor, expected) => {
    const { service, untouched } = layouts();
    const layout = await service.layout(ORG);
    const before = untouched();
    expect(await refusal(service.save(principal, ORG, bodyFor(layout)))).toEqual(expected);
    expect(untouched()).toEqual(before);
    expect(await service.layout(ORG)).toEqual(layout);
  });

  it('refuses a subtype outside the vocabulary in the body’s schema, with the same message', () => {
    const parsed = saveStatementLayoutSchema.safeParse({
      version: 0,
      lines: [{ type: 'expense', subtype: 'marketing', accounts: ['6100'] }],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['lines.0.subtype', m.unclassifiedTarget],
    ]);
  });

  it('refuses with 409 when someone saved between the check and the write, and the moves roll back', async () => {
    const { service, chart, race, writes, saves, audited } = layouts();
    const layout = await service.layout(ORG);
    race();
    const body = bodyOf(layout, { 'expense:operating_expense': ['6200'], 'expense:cost_of_sales': ['5000', '6100'] });
    expect(await refusal(service.save(principal, ORG, body))).toEqual({
      statusCode: 409,
      code: 'LAYOUT_VERSION_STALE',
      message: m.versionStale,
    });
    // The write was asked in the same transaction, which the refusal rolled back.
    expect(writes).toEqual([new Map([['6100', 'cost_of_sales']])]);
    expect(chart.find((row) => row.code === '6100')?.subtype).toBe('operating_expense');
    expect([saves, audited]).toEqual([[], []]);
  });
});

describe('a save', () => {
  it('writes a moved account’s new subtype to 01_Account, keeps the line and the order, and records version 1', async () => {
    const { service, chart, saves, writes, audited } = layouts();
    const layout = await service.layout(ORG);
    // Freight to cost of sales, first on its line; rent stays.
    const saved = await service.save(
      principal,
      ORG,
      bodyOf(layout, { 'expense:cost_of_sales': ['6100', '5000'], 'expense:operating_expense': ['6200'] }),
    );

    expect(writes).toEqual([new Map([['6100', 'cost_of_sales']])]);
    expect(chart.find((row) => row.code === '6100')?.subtype).toBe('cost_of_sales');
    const accountOrder = ['1000', '1200', '1900', '2000', '3000', '4000', '6100', '5000', '6200', '6800'];
    expect(saves).toEqual([
      { version: 1, lines: { '6100': 'cost_of_sales' }, accountOrder, updatedById: 'u-7', updatedBy: 'Dana Reyes' },
    ]);
    expect(audited).toEqual([
      {
        actor: principal,
        action: 'statement_layout.updated',
        entityType: 'statement_layout',
        entityId: ORG,
        organizationId: ORG,
        before: { version: 0, lines: {}, accountOrder: [] },
        after: {
          version: 1,
          lines: { '6100': 'cost_of_sales' },
          accountOrder,
          moves: [{ code: '6100', from: 'operating_expense', to: 'cost_of_sales' }],
        },
      },
    ]);
    expect(saved).toMatchObject({ version: 1, updatedAt: '2026-03-05T10:00:00.000Z', updatedBy: 'Dana Reyes' });
    expect(placement(saved)).toMatchObject({
      'expense:cost_of_sales': ['6100', '5000'],
      'expense:operating_expense': ['6200'],
    });
    expect(saved.lines.find((line) => line.subtype === 'cost_of_sales')?.accounts[0]).toEqual({
      code: '6100',
      label: '6100 Freight',
      storedSubtype: 'cost_of_sales',
    });
    // What the next read answers is what the save answered.
    expect(await service.layout(ORG)).toEqual(saved);
  });

  it('adds one to the version at each save, and refuses the version it replaced', async () => {
    const { service, saves } = layouts();
    const first = await service.save(principal, ORG, bodyOf(await service.layout(ORG)));
    const second = await service.save(principal, ORG, bodyOf(first, { 'expense:operating_expense': ['6200', '6100'] }));
    expect([first.version, second.version]).toEqual([1, 2]);
    expect(saves.map((save) => save.version)).toEqual([1, 2]);
    expect(placement(second)['expense:operating_expense']).toEqual(['6200', '6100']);
    expect(await refusal(service.save(principal, ORG, bodyOf(first)))).toMatchObject({ statusCode: 409 });
  });

  it('keeps a person’s line against the name rule: depreciation kept as an operating expense writes nothing to 01_Account', async () => {
    const { service, saves, writes, audited } = layouts();
    const layout = await service.layout(ORG);
    const saved = await service.save(
      principal,
      ORG,
      bodyOf(layout, {
        'expense:depreciation_amortization': [],
        'expense:operating_expense': ['6100', '6200', '6800'],
      }),
    );
    // 01_Account already says operating_expense: the layout's line is what keeps it there.
    expect(writes).toEqual([new Map()]);
    expect(saves[0]?.lines).toEqual({ '6800': 'operating_expense' });
    expect((audited[0]?.after as { moves: unknown }).moves).toEqual([
      { code: '6800', from: 'depreciation_amortization', to: 'operating_expense' },
    ]);
    expect(placement(saved)).toMatchObject({
      'expense:operating_expense': ['6100', '6200', '6800'],
      'expense:depreciation_amortization': [],
    });
    // A later save that leaves it there keeps the choice; one that moves it back drops it.
    const again = await service.save(principal, ORG, bodyOf(saved));
    expect(saves[1]?.lines).toEqual({ '6800': 'operating_expense' });
    await service.save(
      principal,
      ORG,
      bodyOf(again, {
        'expense:operating_expense': ['6100', '6200'],
        'expense:depreciation_amortization': ['6800'],
      }),
    );
    expect(saves[2]?.lines).toEqual({ '6800': 'depreciation_amortization' });
    expect(writes.at(-1)).toEqual(new Map([['6800', 'depreciation_amortization']]));
  });

  it('classifies an unclassified account it moves to a standard line; one left unclassified stays as stored', async () => {
    const { service, writes, chart } = layouts();
    const layout = await service.layout(ORG);
    const kept = await service.save(principal, ORG, bodyOf(layout));
    expect(writes).toEqual([new Map()]);
    expect(placement(kept)['asset:']).toEqual(['1900']);
    const classified = await service.save(
      principal,
      ORG,
      bodyOf(kept, { 'asset:': [], 'asset:other_current_asset': ['1900'] }),
    );
    expect(writes.at(-1)).toEqual(new Map([['1900', 'other_current_asset']]));
    expect(chart.find((row) => row.code === '1900')?.subtype).toBe('other_current_asset');
    // No unclassified asset is left: the line is gone.
    expect(placement(classified)['asset:']).toBeUndefined();
  });

  it('answers the statements’ rules: the lines people chose and the order', async () => {
    const { service } = layouts();
    expect(await service.rulesOf(ORG)).toEqual({ lines: new Map(), order: [] });
    const layout = await service.layout(ORG);
    await service.save(
      principal,
      ORG,
      bodyOf(layout, { 'expense:cost_of_sales': ['6100', '5000'], 'expense:operating_expense': ['6200'] }),
    );
    const rules = await service.rulesOf(ORG);
    expect(rules.lines).toEqual(new Map([['6100', 'cost_of_sales']]));
    expect(rules.order.slice(6, 9)).toEqual(['6100', '5000', '6200']);
  });
});

describe('a failure of ours', () => {
  it('answers the load’s or the save’s message with 500, and writes nothing', async () => {
    const { service, untouched } = layouts(CHART(), { chartFails: true });
    const before = untouched();
    expect(await refusal(service.layout(ORG))).toEqual({
      statusCode: 500,
      code: 'STATEMENT_LAYOUT_FAILED',
      message: m.loadFailed,
    });
    expect(await refusal(service.save(principal, ORG, { version: 0, lines: [] }))).toEqual({
      statusCode: 500,
      code: 'STATEMENT_LAYOUT_SAVE_FAILED',
      message: m.saveFailed,
    });
    expect(untouched()).toEqual(before);
  });
});
