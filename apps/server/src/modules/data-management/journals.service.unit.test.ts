import { describe, expect, it } from 'vitest';
import { journalMessages, type JournalLine, type JournalLineRow } from '@finboard/shared/journals';
import type { Executor } from '../../db/client.ts';
import type { Principal } from '../auth/principal.ts';
import { fakeStudioLedgerRepository } from '../../../test/studio-ledger-fake.ts';
import type { JournalsRepository } from './journals.repository.ts';
import { createJournalsService } from './journals.service.ts';
import { createStudioLedger } from './studio-change.ts';

/**
 * The journal editor's write rules (journals.service.ts) on an in-memory ledger: what a post, a save and a
 * delete ask of the lines and of the ledger (lineage, aggregates), in order.
 */

const ORG = '7d0f3c52-8f1e-4a4e-9a57-0f3e1c2b9a10';
const principal: Principal = {
  id: 'u-1',
  email: 'dana@example.test',
  role: 'user',
  organizationId: ORG,
  mustChangePassword: false,
};
const tx = {} as Executor;

const stored = (row_id: number, line_no: number, account: string, debit: string, credit: string): JournalLineRow => ({
  row_id,
  line_no,
  posting_date: '2026-01-20',
  period: '2026-01',
  account_code: account,
  description: 'Fees',
  debit,
  credit,
  entity: null,
  department: null,
  counterparty: null,
  reference: null,
});
const given = (line_no: number, account: string, debit: string, credit: string): JournalLine => ({
  line_no,
  posting_date: '2026-01-20',
  period: '2026-01',
  account_code: account,
  description: 'Fees',
  debit,
  credit,
});

/** One journal's lines in memory, and every call in order (the ledger's and the lines'). */
function journals(lines: JournalLineRow[]) {
  const ledger = fakeStudioLedgerRepository();
  const calls = ledger.calls;
  let nextId = 100;
  const repository: JournalsRepository = {
    async lock(_tx, keys) {
      calls.push(`lock ${keys.map((key) => key.journalId).join(',')}`);
    },
    async lines() {
      return lines.map((line) => ({ ...line }));
    },
    async differences() {
      return new Map();
    },
    async periods(_tx, _schema, periods) {
      return new Map(periods.map((period) => [period, { closed: false }]));
    },
    async accounts(_tx, _schema, codes) {
      return new Set(codes);
    },
    async insert(_tx, _schema, _key, line, loadId) {
      const row = stored((nextId += 1), line.line_no, line.account_code, line.debit, line.credit);
      calls.push(`insert line ${line.line_no}${loadId === undefined ? '' : ` as load ${loadId}`}`);
      lines.push(row);
      return row;
    },
    async update(_tx, _schema, rowId, line, editLoadId) {
      calls.push(`update row ${rowId}${editLoadId === undefined ? '' : ` edited by load ${editLoadId}`}`);
      const row = { ...stored(Number(rowId), line.line_no, line.account_code, line.debit, line.credit) };
      lines.splice(
        lines.findIndex((candidate) => candidate.row_id === rowId),
        1,
        row,
      );
      return row;
    },
    async remove(_tx, _schema, rowId) {
      calls.push(`delete row ${rowId}`);
      lines.splice(
        lines.findIndex((candidate) => candidate.row_id === rowId),
        1,
      );
    },
  };
  const service = createJournalsService({
    warehouse: {
      schemaOf: () => 'org_test',
      withOrganization: (_organizationId, work) => work(tx),
      leaveOrganization: async (executor) => executor,
    },
    audit: { record: async () => undefined },
    organizations: { assertExists: async () => undefined },
    ledger: createStudioLedger(ledger.repository),
    nameOf: async () => 'Dana Reyes',
    repository,
  });
  return { service, calls: () => calls.filter((call) => call !== 'features') };
}

const KEY = { source: 'manual', journalId: 'JE-7' };

describe('the journal editor', () => {
  it('posts a journal as one Studio load, its share of the aggregates read once it is locked and applied after its lines', async () => {
    const { service, calls } = journals([]);
    await service.create(principal, ORG, KEY, [given(1, '1000', '30.00', '0.00'), given(2, '4000', '0.00', '30.00')]);
    expect(calls()).toEqual([
      'lock JE-7',
      'share of manual/JE-7',
      'begin load 42 by Dana Reyes',
      'insert line 1 as load 42',
      'insert line 2 as load 42',
      'apply changes of JE-7',
    ]);
  });

  it('saves only the lines that change: edited ones kept and marked, removed ones kept, new ones carry the load', async () => {
    const { service, calls } = journals([
      stored(1, 1, '1000', '30.00', '0.00'),
      stored(2, 2, '4000', '0.00', '20.00'),
      stored(3, 3, '4000', '0.00', '10.00'),
    ]);
    const journal = await service.replace(principal, ORG, KEY, [
      given(1, '1000', '30.00', '0.00'),
      given(2, '4000', '0.00', '25.00'),
      given(4, '4000', '0.00', '5.00'),
    ]);
    expect(journal.lines.map((line) => [line.row_id, line.line_no, line.credit])).toEqual([
      [1, 1, '0.00'],
      [2, 2, '25.00'],
      [101, 4, '5.00'],
    ]);
    expect(calls()).toEqual([
      'lock JE-7',
      'share of manual/JE-7',
      'begin load 42 by Dana Reyes',
      'keep 02_GL_Detail 3 as removed by load 42',
      'delete row 3',
      'keep 02_GL_Detail 2 as replaced by load 42',
      'update row 2 edited by load 42',
      'insert line 4 as load 42',
      'apply changes of JE-7',
    ]);
  });

  it('saving the lines as they are writes nothing and asks nothing of the ledger', async () => {
    const { service, calls } = journals([stored(1, 1, '1000', '30.00', '0.00'), stored(2, 2, '4000', '0.00', '30.00')]);
    await service.replace(principal, ORG, KEY, [given(1, '1000', '30.00', '0.00'), given(2, '4000', '0.00', '30.00')]);
    expect(calls()).toEqual(['lock JE-7']);
  });

  it('deletes a journal with every line kept first', async () => {
    const { service, calls } = journals([stored(1, 1, '1000', '30.00', '0.00'), stored(2, 2, '4000', '0.00', '30.00')]);
    await service.remove(principal, ORG, KEY);
    expect(calls()).toEqual([
      'lock JE-7',
      'share of manual/JE-7',
      'begin load 42 by Dana Reyes',
      'keep 02_GL_Detail 1,2 as removed by load 42',
      'delete row 1',
      'delete row 2',
      'apply changes of JE-7',
    ]);
  });

  it('refuses an unbalanced journal before asking anything of the ledger', async () => {
    const { service, calls } = journals([]);
    await expect(
      service.create(principal, ORG, KEY, [given(1, '1000', '30.00', '0.00'), given(2, '4000', '0.00', '20.00')]),
    ).rejects.toMatchObject({ statusCode: 400, message: journalMessages.outOfBalance('JE-7', '10.00') });
    expect(calls()).toEqual(['lock JE-7']);
  });
});
