import { describe, expect, it } from 'vitest';
import type { Executor } from '../../db/client.ts';
import { createStudioLedger } from './studio-change.ts';
import { fakeStudioLedgerRepository } from '../../../test/studio-ledger-fake.ts';

/** The rules of a Studio write's lineage and aggregates (studio-change.ts), on an in-memory ledger. */

const tx = {} as Executor;
const SCHEMA = 'org_test';
const open = (features?: Parameters<typeof fakeStudioLedgerRepository>[0]) => {
  const fake = fakeStudioLedgerRepository(features);
  const ledger = createStudioLedger(fake.repository);
  return { ...fake, ledger, change: ledger.open(tx, SCHEMA, 'Demo User') };
};

describe('a Studio change', () => {
  it('is one load per request, begun at its first write of a loaded table, by the user', async () => {
    const { change, calls } = open();
    expect(calls).toEqual([]);
    expect(await change.adding('02_GL_Detail')).toBe(42);
    expect(await change.editing('02_GL_Detail', ['7', 8])).toBe(42);
    await change.removing('03_Budget', ['9']);
    expect(calls).toEqual([
      'features',
      'begin load 42 by Demo User',
      'keep 02_GL_Detail 7,8 as replaced by load 42',
      'keep 03_Budget 9 as removed by load 42',
    ]);
  });

  it('begins no load to keep no rows', async () => {
    const { change, calls } = open();
    expect(await change.editing('02_GL_Detail', [])).toBeUndefined();
    await change.removing('02_GL_Detail', []);
    expect(calls).toEqual([]);
  });

  it('keeps no lineage for a table of Import Flat File, nor in a warehouse without lineage', async () => {
    const imported = open();
    expect(await imported.change.adding('fx_rates')).toBeUndefined();
    expect(await imported.change.editing('fx_rates', ['1'])).toBeUndefined();
    await imported.change.removing('fx_rates', ['1']);
    expect(imported.calls).toEqual([]);

    const older = open({ lineage: false, aggregates: true });
    expect(await older.change.adding('02_GL_Detail')).toBeUndefined();
    expect(await older.change.editing('01_Account', ['1'])).toBeUndefined();
    await older.change.removing('00_Period', ['1']);
    expect(older.calls).toEqual(['features']);
  });

  it("reads the journals' share of the aggregates before their lines are written and applies the change after", async () => {
    const { change, calls } = open();
    const settle = await change.linesChanging([
      { source: 'manual', journalId: 'J1' },
      { source: 'upload', journalId: 'J2' },
    ]);
    expect(calls).toEqual(['features', 'share of manual/J1,upload/J2']);
    await settle();
    expect(calls.at(-1)).toBe('apply changes of J1,J2');
  });

  it('leaves the aggregates alone for an edit of columns they do not read (a description)', async () => {
    const { change, calls } = open();
    const journal = [{ source: 'manual', journalId: 'J1' }];
    await (
      await change.linesChanging(journal, ['description', 'counterparty', 'posting_date'])
    )();
    expect(calls).toEqual([]);
    await (
      await change.linesChanging(journal, ['description', 'department'])
    )();
    expect(calls).toEqual(['features', 'share of manual/J1', 'apply changes of J1']);
  });

  it('asks once whether a warehouse keeps lineage and aggregates, and again while it does not', async () => {
    const complete = fakeStudioLedgerRepository();
    const ledger = createStudioLedger(complete.repository);
    await ledger.open(tx, SCHEMA, 'Demo User').adding('03_Budget');
    await ledger.open(tx, SCHEMA, 'Demo User').adding('03_Budget');
    expect(complete.calls.filter((call) => call === 'features')).toHaveLength(1);

    const older = fakeStudioLedgerRepository({ lineage: false, aggregates: true });
    const olderLedger = createStudioLedger(older.repository);
    await olderLedger.open(tx, SCHEMA, 'Demo User').adding('03_Budget');
    await olderLedger.open(tx, SCHEMA, 'Demo User').adding('03_Budget');
    expect(older.calls).toEqual(['features', 'features']);
  });

  it('leaves the aggregates alone in a warehouse without them, and when no journal is written', async () => {
    const older = open({ lineage: true, aggregates: false });
    await (
      await older.change.linesChanging([{ source: 'manual', journalId: 'J1' }])
    )();
    await older.change.accountChanged({ account_subtype: 'cash' }, { account_subtype: null });
    expect(older.calls).toEqual(['features']);

    const none = open();
    await (
      await none.change.linesChanging([])
    )();
    expect(none.calls).toEqual([]);
  });

  it('refreshes the cash flow only when an account becomes or stops being a cash account', async () => {
    const { change, calls } = open();
    await change.accountChanged({ account_subtype: 'bank' }, { account_subtype: 'receivable' });
    await change.accountChanged(
      { account_subtype: 'cash', account_name: 'Cash' },
      { account_subtype: 'cash', account_name: 'Till' },
    );
    await change.accountChanged(null, { account_subtype: 'bank' });
    expect(calls.filter((call) => call !== 'features')).toEqual([]);
    await change.accountChanged({ account_subtype: 'bank' }, { account_subtype: 'cash' });
    await change.accountChanged({ account_subtype: 'cash' }, null);
    expect(calls.filter((call) => call !== 'features')).toEqual(['refresh the cash flow', 'refresh the cash flow']);
  });
});

describe("a row's origin", () => {
  it('is read for the loaded tables of a warehouse with lineage, and is null elsewhere', async () => {
    const { ledger, origins } = open();
    const origin = {
      load: {
        id: 3,
        kind: 'demo',
        label: 'Demo books',
        source: null,
        fileName: null,
        actor: null,
        at: '2026-11-20T14:02:00.000Z',
      },
      edit: null,
    } as const;
    origins.set('02_GL_Detail:5', origin);
    expect(await ledger.origin(tx, SCHEMA, '02_GL_Detail', '5')).toEqual(origin);
    expect(await ledger.origin(tx, SCHEMA, '02_GL_Detail', '6')).toBeUndefined();
    expect(await ledger.origin(tx, SCHEMA, 'fx_rates', '5')).toBeNull();
    const older = open({ lineage: false, aggregates: true });
    older.origins.set('02_GL_Detail:5', origin);
    expect(await older.ledger.origin(tx, SCHEMA, '02_GL_Detail', '5')).toBeNull();
  });
});
