import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DataFilter } from '@finboard/shared/data-management';
import { centsOf, centsToAmount, journalMessages, type Journal } from '@finboard/shared/journals';
import { apiSession, getJournal, listWarehouseRecords, replaceJournal } from './support/api';
import { seeText, usePage, waitForPath } from './support/browser';
import { DEMO_USER } from './support/constants';
import { logInAndLand, shownMoney } from './support/ui';

const currentPage = usePage();
let page: Page;
beforeEach(() => {
  page = currentPage();
});

let token = '';
let organizationId = '';
let openPeriod = '';
let closedPeriod = '';
/** The journal of the open period's first line, as the demo loaded it: put back after each journey. */
let original: Journal;

const list = (table: string, query: Parameters<typeof listWarehouseRecords>[3] = {}) =>
  listWarehouseRecords(token, organizationId, table, query);
const inPeriod = (period: string): DataFilter[] => [{ column: 'period', op: 'eq', value: period }];
const plus = (amount: string, cents: bigint) => centsToAmount((centsOf(amount) ?? 0n) + cents);

beforeAll(async () => {
  const demo = await apiSession(DEMO_USER.email, DEMO_USER.password);
  token = demo.token;
  organizationId = demo.organizationId ?? '';
  // The demo closes every month but the latest, which stays open for adjustments.
  const periods = (await list('00_Period', { sortBy: 'Period', sortOrder: 'desc', pageSize: 2 })).rows;
  openPeriod = String(periods[0]?.Period);
  closedPeriod = String(periods[1]?.Period);
  expect([periods[0]?.is_closed, periods[1]?.is_closed]).toEqual([false, true]);
  const [first] = (await list('02_GL_Detail', { filters: inPeriod(openPeriod), pageSize: 1 })).rows;
  original = await getJournal(token, organizationId, String(first?.journal_id), String(first?.source));
});
afterAll(() => replaceJournal(token, organizationId, original));

async function openStudio(table: RegExp | string, period?: string) {
  await logInAndLand(page, DEMO_USER.email, DEMO_USER.password, '/pipelines');
  await page.getByRole('menu', { name: 'Main navigation' }).getByText('Data Management', { exact: true }).click();
  await waitForPath(page, '/data-management');
  await pickTable(table);
  if (period) {
    // The table's first rows first: its toolbar settles before the period is picked.
    await page.locator('.ag-grid-scrolling-container .ag-row[row-index="0"]').waitFor();
    // The period picker searches: typed, the period is the only option left (none is off-screen).
    await page.getByLabel('Period', { exact: true }).fill(period);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: period }).first().click();
    await expect
      .poll(async () => [
        ...new Set(
          await page
            .locator('.ag-grid-scrolling-container .ag-row[row-index] .ag-cell[col-id="period"]')
            .allInnerTexts(),
        ),
      ])
      .toEqual([period]);
  }
}

async function pickTable(table: RegExp | string) {
  const picker = page.getByLabel('Table', { exact: true });
  await picker.click();
  await picker.fill(typeof table === 'string' ? table : 'GL');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: table }).click();
}

const rowWith = (journal: string, line: number) =>
  page
    .locator('.ag-row[row-index]', { has: page.locator('.ag-cell[col-id="journal_id"]', { hasText: journal }) })
    .filter({ has: page.locator('.ag-cell[col-id="line_no"]', { hasText: new RegExp(`^${line}$`) }) });

async function editCell(row: ReturnType<typeof rowWith>, column: string, value: string) {
  await row.locator(`.ag-cell[col-id="${column}"]`).click();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(value);
  await page.keyboard.press('Enter');
}

const storedJournal = () => getJournal(token, organizationId, original.journal_id, original.source);

describe('Journals and the trial balance check', () => {
  it('the trial balance check is empty on the demo books and shows a balanced edit the trial balance does not reflect', async () => {
    await openStudio('Trial balance check');
    await seeText(page, journalMessages.reconciled);

    // A balanced change of the open period that the trial balance does not know about.
    const debitLine = original.lines.find((line) => line.debit !== '0.00')!;
    const creditLine = original.lines.find((line) => line.credit !== '0.00')!;
    await replaceJournal(token, organizationId, {
      ...original,
      lines: original.lines.map((line) =>
        line === debitLine
          ? { ...line, debit: plus(line.debit, 1_000n) }
          : line === creditLine
            ? { ...line, credit: plus(line.credit, 1_000n) }
            : line,
      ),
    });
    await page.reload();
    await pickTable('Trial balance check');
    const rows = page.locator('.ant-table-row');
    await rows.first().waitFor();
    const texts = await rows.allInnerTexts();
    const accounts = [...new Set([debitLine.account_code, creditLine.account_code])];
    expect(texts.every((text) => text.includes(openPeriod))).toBe(true);
    for (const account of accounts) expect(texts.some((text) => text.includes(account))).toBe(true);
    // 10.00 more debit on one account and 10.00 more credit on the other, in the ledger only.
    expect(texts.join('\n')).toMatch(/-10\.00/);
    expect(texts.join('\n')).toMatch(/(^|\s)10\.00/m);

    await replaceJournal(token, organizationId, original);
    await page.reload();
    await pickTable('Trial balance check');
    await seeText(page, journalMessages.reconciled);
  });

  it('the demo user cannot unbalance a journal by a cell edit, corrects both lines in the journal editor, cannot add a one-line journal, and a closed period refuses edits', async () => {
    const debitLine = original.lines.find((line) => line.debit !== '0.00')!;
    const creditLine = original.lines.find((line) => line.credit !== '0.00')!;
    const newDebit = plus(debitLine.debit, 2_550n);
    const newCredit = plus(creditLine.credit, 2_550n);
    await openStudio(/^GL_Detail$/, openPeriod);

    // A single-cell edit that would unbalance the journal is refused, says by how much, and stores nothing.
    const row = rowWith(original.journal_id, debitLine.line_no);
    await editCell(row, 'debit', newDebit);
    await seeText(page, journalMessages.outOfBalance(original.journal_id, '25.50'));
    await expect.poll(() => row.locator('.ag-cell[col-id="debit"]').innerText()).toBe(shownMoney(debitLine.debit));
    expect(await storedJournal()).toEqual(original);

    // The journal editor: both lines changed, Save only once the journal balances.
    await row.locator('.ag-cell[col-id="description"]').click();
    await page.getByRole('button', { name: 'Edit journal' }).click();
    const editor = page.locator('.ant-drawer:visible', { hasText: `Journal ${original.journal_id}` });
    await editor.waitFor();
    const save = editor.getByRole('button', { name: 'Save' });
    await editor.getByLabel(`Line ${debitLine.line_no} debit`).fill(newDebit);
    await expect.poll(() => editor.getByTestId('journal-difference').innerText()).toBe('Difference 25.50');
    expect(await save.isDisabled()).toBe(true);
    await editor.getByLabel(`Line ${creditLine.line_no} credit`).fill(newCredit);
    await expect.poll(() => editor.getByTestId('journal-difference').innerText()).toBe('Balanced');
    await save.click();
    await seeText(page, journalMessages.journalSaved);
    await editor.waitFor({ state: 'hidden' });
    const saved = await storedJournal();
    expect(saved.lines.find((line) => line.line_no === debitLine.line_no)?.debit).toBe(newDebit);
    expect(saved.lines.find((line) => line.line_no === creditLine.line_no)?.credit).toBe(newCredit);
    await expect.poll(() => row.locator('.ag-cell[col-id="debit"]').innerText()).toBe(shownMoney(newDebit));

    // Add Record on the ledger opens a new journal of two lines; it needs two lines or more: with one, Save stays off.
    await page.getByRole('button', { name: 'Add Record' }).click();
    const creator = page.locator('.ant-drawer:visible', { hasText: 'New journal' });
    await creator.waitFor();
    await creator.getByLabel('Journal', { exact: true }).fill('JE-E2E-ONE-LINE');
    await creator.getByLabel('Line 1 posting date').fill(`${openPeriod}-01`);
    await creator.getByLabel('Line 1 period').fill(openPeriod);
    expect(await creator.locator('.ant-table-row').count()).toBe(2);
    await creator.getByLabel('Line 1 account').fill(debitLine.account_code);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', {
        hasText: new RegExp(`^${debitLine.account_code} · `),
      })
      .click();
    await creator.getByLabel('Line 1 debit').fill('100.00');
    await creator.getByRole('button', { name: 'Remove line 2' }).click();
    await creator.getByText(journalMessages.tooFewLines).waitFor();
    expect(await creator.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await creator.getByRole('button', { name: 'Cancel' }).click();
    await creator.waitFor({ state: 'hidden' });
    const added = await list('02_GL_Detail', {
      filters: [{ column: 'journal_id', op: 'eq', value: 'JE-E2E-ONE-LINE' }],
    });
    expect(added.pagination.total).toBe(0);

    // A closed period refuses edits, whatever they are.
    const [closedLine] = (await list('02_GL_Detail', { filters: inPeriod(closedPeriod), pageSize: 1 })).rows;
    await page.getByLabel('Period', { exact: true }).click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: closedPeriod })
      .first()
      .click();
    const closedRow = rowWith(String(closedLine?.journal_id), Number(closedLine?.line_no));
    await closedRow.waitFor();
    await editCell(closedRow, 'description', 'Late correction');
    await seeText(page, journalMessages.periodClosed(closedPeriod));
    const [after] = (await list('02_GL_Detail', { filters: inPeriod(closedPeriod), pageSize: 1 })).rows;
    expect(after).toEqual(closedLine);
  });
});
