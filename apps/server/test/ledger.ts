import { CANONICAL_COLUMNS } from '../src/warehouse/canonical-model.ts';
import type { WarehouseService } from '../src/warehouse/warehouse.service.ts';

/** GL columns the generated lines fill, in the order of their values. */
export const LEDGER_GL_COLUMNS = [
  'journal_id',
  'line_no',
  'posting_date',
  'period',
  'account_code',
  'description',
  'debit',
  'credit',
  'department',
  'source',
] as const;

/** Departments in turn: long runs of ties and a blank every fifth line (sorting must keep them in order). */
const DEPARTMENTS = [null, 'Sales', 'Admin', 'Ops', 'Sales'];

/**
 * A ledger of `lines` GL lines over 24 periods and ten accounts, in journals of two lines, plus a budget
 * with negative amounts. Deterministic; every 500th description is a formula a spreadsheet would run.
 */
export function ledgerLines(lines: number): unknown[][] {
  return Array.from({ length: lines }, (_, i) => {
    const month = Math.floor((i * 24) / lines);
    const period = `${2023 + Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}`;
    const day = String((i % 28) + 1).padStart(2, '0');
    const amount = `${(i % 7) * 10}.50`;
    return [
      `J${Math.floor(i / 2)}`,
      (i % 2) + 1,
      `${period}-${day}`,
      period,
      String(1000 + (i % 10) * 100),
      i % 500 === 0 ? `-2+3+cmd|' /C calc'!A${i}` : `Line ${i}`,
      i % 2 === 0 ? amount : '0',
      i % 2 === 0 ? '0' : amount,
      DEPARTMENTS[i % DEPARTMENTS.length],
      'upload',
    ];
  });
}

export async function seedLedger(warehouse: WarehouseService, organizationId: string, lines: number): Promise<void> {
  const periods = Array.from({ length: 24 }, (_, month) => {
    const year = 2023 + Math.floor(month / 12);
    const number = (month % 12) + 1;
    const period = `${year}-${String(number).padStart(2, '0')}`;
    const end = new Date(Date.UTC(year, number, 0)).toISOString().slice(0, 10);
    return [period, `${period}-01`, end, year, number, false];
  });
  const accounts = Array.from({ length: 10 }, (_, i) => [
    String(1000 + i * 100),
    `Account ${i}`,
    ['asset', 'liability', 'equity', 'revenue', 'expense'][i % 5],
    null,
    null,
    true,
  ]);
  await warehouse.copyRows(organizationId, '00_Period', CANONICAL_COLUMNS['00_Period'], periods);
  await warehouse.copyRows(organizationId, '01_Account', CANONICAL_COLUMNS['01_Account'], accounts);
  await warehouse.copyRows(organizationId, '02_GL_Detail', LEDGER_GL_COLUMNS, ledgerLines(lines));
  await warehouse.copyRows(
    organizationId,
    '03_Budget',
    CANONICAL_COLUMNS['03_Budget'],
    periods.map(([period], i) => [period, '1300', null, i % 2 === 0 ? '-1234.50' : '980.25']),
  );
}
