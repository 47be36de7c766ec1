import type { Locator, Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  dataManagementMessages,
  describeRowOrigin,
  originTime,
  type DataFilter,
} from '@finboard/shared/data-management';
import { journalMessages } from '@finboard/shared/journals';
import {
  apiLogin,
  apiSession,
  createJournal,
  createOrganization,
  createWarehouseRecord,
  getRecordOrigin,
  listWarehouseRecords,
  randomLetters,
} from './support/api';
import { downloadedText, seeText, usePage, waitForPath } from './support/browser';
import { DEMO_USER, E2E_ADMIN } from './support/constants';
import { logInAndLand, shownMoney } from './support/ui';

const currentPage = usePage();
let page: Page;
beforeEach(() => {
  page = currentPage();
});

let organizationName = '';

/** For the admin: an organization of its own whose profit and loss view has a row (one balanced journal). */
beforeAll(async () => {
  const token = await apiLogin(E2E_ADMIN.email, E2E_ADMIN.password);
  const organization = await createOrganization(token, {
    organizationName: `Ledger ${randomLetters(8)}`,
    organizationEmail: `finance-${randomLetters(6)}@ledger.test`,
    organizationPhoneNumber: '2025550143',
  });
  organizationName = organization.name;
  const add = (table: string, record: Record<string, string | number | boolean | null>) =>
    createWarehouseRecord(token, organization.id, table, record);
  await add('00_Period', {
    Period: '2025-01',
    start_date: '2025-01-01',
    end_date: '2025-01-31',
    fiscal_year: 2025,
    fiscal_period: 1,
    is_closed: false,
  });
  await add('01_Account', { account_code: '1000', account_name: 'Cash', account_type: 'asset' });
  await add('01_Account', { account_code: '4000', account_name: 'Product Sales', account_type: 'revenue' });
  const line = { posting_date: '2025-01-15', period: '2025-01', description: 'Receipt' };
  await createJournal(token, organization.id, {
    journal_id: 'JE-0001',
    lines: [
      { ...line, line_no: 1, account_code: '1000', debit: '1200.00', credit: '0' },
      { ...line, line_no: 2, account_code: '4000', debit: '0', credit: '1200.00' },
    ],
  });
});

const cells = (scope: Page, column: string) =>
  scope.locator(`.ag-grid-scrolling-container .ag-row[row-index] .ag-cell[col-id="${column}"]`).allInnerTexts();

/** Picks an option of the antd Select labelled `label` inside `scope`. */
async function choose(scope: Page | Locator, label: string, option: string): Promise<void> {
  await scope.getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

const rowWith = (journal: string, line: number) =>
  page
    .locator('.ag-grid-scrolling-container .ag-row[row-index]', {
      has: page.locator('.ag-cell[col-id="journal_id"]', { hasText: journal }),
    })
    .filter({ has: page.locator(`.ag-cell[col-id="line_no"]`, { hasText: new RegExp(`^${line}$`) }) });

describe('Data Management Studio', () => {
  it('the demo user filters GL_Detail by period, edits a cell, adds and deletes a row, and reads its history', async () => {
    // The books `npm run demo` loaded in global setup, read through the API as the demo user.
    const demo = await apiSession(DEMO_USER.email, DEMO_USER.password);
    const organizationId = demo.organizationId ?? '';
    expect(organizationId).not.toBe('');
    const list = (table: string, query: Parameters<typeof listWarehouseRecords>[3] = {}) =>
      listWarehouseRecords(demo.token, organizationId, table, query);
    // The demo closes every month but the latest, which stays open for adjustments: work there.
    const [open] = (await list('00_Period', { sortBy: 'Period', sortOrder: 'desc', pageSize: 1 })).rows;
    expect(open?.is_closed).toBe(false);
    const period = String(open?.Period);
    const inPeriod: DataFilter[] = [{ column: 'period', op: 'eq', value: period }];
    const firstOfPeriod = async () => (await list('02_GL_Detail', { filters: inPeriod, pageSize: 1 })).rows[0] ?? {};
    const { total } = (await list('02_GL_Detail', { filters: inPeriod, pageSize: 1 })).pagination;
    const first = await firstOfPeriod();
    // The grid's first row (row_id ascending, as the API): correct whichever side carries its amount.
    const amount = Number(first.debit) > 0 ? 'debit' : 'credit';
    const otherSide = amount === 'debit' ? 'credit' : 'debit';
    // Amounts change only as whole journals (journals.e2e.ts): the cell edit here corrects a description.
    const original = String(first.description);
    const corrected = `${original} (checked)`;
    const records = (count: number) => `${count.toLocaleString('en-US')} records`;

    await logInAndLand(page, DEMO_USER.email, DEMO_USER.password, '/pipelines');
    await page.getByRole('menu', { name: 'Main navigation' }).getByText('Data Management', { exact: true }).click();
    await waitForPath(page, '/data-management');
    await seeText(page, 'Data Management Studio');

    // Tables show without their numeric prefix; views are marked read-only.
    const tablePicker = page.getByLabel('Table', { exact: true });
    await tablePicker.click();
    await page.keyboard.type('profit');
    await seeText(page, 'vw_profit_and_loss (read-only)');
    await tablePicker.fill('GL');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^GL_Detail$/ }).click();
    await page.locator('.ag-grid-scrolling-container .ag-row[row-index="0"] .ag-cell[col-id="journal_id"]').waitFor();

    // The period filter (fed by 00_Period, newest first) narrows the grid on the server.
    await choose(page, 'Period', period);
    await expect.poll(async () => [...new Set(await cells(page, 'period'))]).toEqual([period]);
    await seeText(page, records(total));

    // Edit a cell with the keyboard: focus the cell, Enter edits, Enter saves.
    const edited = rowWith(String(first.journal_id), Number(first.line_no));
    await edited.locator('.ag-cell[col-id="description"]').click();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(corrected);
    await page.keyboard.press('Enter');
    await seeText(page, dataManagementMessages.updated);
    await expect.poll(() => edited.locator('.ag-cell[col-id="description"]').innerText()).toBe(corrected);
    expect(await firstOfPeriod()).toMatchObject({ row_id: first.row_id, description: corrected });

    // A refused edit (a negative amount breaks the table's check) says why and puts the cell back.
    await edited.locator(`.ag-cell[col-id="${otherSide}"]`).dblclick();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('-5');
    await page.keyboard.press('Enter');
    await seeText(page, dataManagementMessages.notAllowed(otherSide));
    await expect
      .poll(() => edited.locator(`.ag-cell[col-id="${otherSide}"]`).innerText())
      .toBe(shownMoney(first[otherSide]));
    expect(await firstOfPeriod()).toMatchObject({ [otherSide]: first[otherSide] });

    // Sorting happens on the server: debit descending puts the period's largest debit first.
    const debitHeader = page.locator('.ag-header-cell[col-id="debit"] .ag-header-cell-label');
    await debitHeader.click();
    await debitHeader.click();
    const [largest] = (
      await list('02_GL_Detail', { filters: inPeriod, sortBy: 'debit', sortOrder: 'desc', pageSize: 1 })
    ).rows;
    const topDebit = page.locator('.ag-grid-scrolling-container .ag-row[row-index="0"] .ag-cell[col-id="debit"]');
    await expect.poll(() => topDebit.innerText()).toBe(shownMoney(largest?.debit));
    // Newest first: row_id descending (a click on another header replaces the sort, ascending first). The
    // row identity is hidden until the column chooser shows it.
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('group', { name: 'Columns shown' }).getByText('Row ID', { exact: true }).click();
    await page.keyboard.press('Escape');
    const rowIdHeader = page.locator('.ag-header-cell[col-id="row_id"] .ag-header-cell-label');
    await rowIdHeader.click();
    await rowIdHeader.click();

    // Add Record on the ledger opens the journal editor with two lines: accounts are picked by name, each line
    // has its entity and department, and the journal is saved only once it balances.
    await page.getByRole('button', { name: 'Add Record' }).click();
    const editor = page.locator('.ant-drawer:visible', { hasText: 'New journal' });
    await editor.waitFor();
    expect(await editor.locator('.ant-table-row').count()).toBe(2);
    await editor.getByLabel('Journal', { exact: true }).fill('JE-E2E-0001');
    const lines: [number, string, RegExp][] = [
      [1, 'Travel', /^6140 · Sales Travel and Entertainment$/],
      [2, 'Operating Account', /^1110 · Operating Account - First Harbor Bank$/],
    ];
    for (const [lineNo, search, account] of lines) {
      await editor.getByLabel(`Line ${lineNo} posting date`).fill(String(open?.end_date));
      await editor.getByLabel(`Line ${lineNo} period`).fill(period);
      await editor.getByLabel(`Line ${lineNo} account`).fill(search);
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: account }).click();
      await editor.getByLabel(`Line ${lineNo} description`).fill('Client lunch');
      await editor.getByLabel(`Line ${lineNo} entity`).fill('HPC-US');
      await editor.getByLabel(`Line ${lineNo} department`).fill('Sales');
    }
    await editor.getByLabel('Line 1 debit').fill('25.00');
    await expect.poll(() => editor.getByTestId('journal-difference').innerText()).toBe('Difference 25.00');
    const saveJournal = editor.getByRole('button', { name: 'Save' });
    expect(await saveJournal.isDisabled()).toBe(true);
    await editor.getByLabel('Line 2 credit').fill('25.00');
    await expect.poll(() => editor.getByTestId('journal-difference').innerText()).toBe('Balanced');
    await saveJournal.click();
    await seeText(page, journalMessages.journalCreated);
    await editor.waitFor({ state: 'hidden' });
    const added = rowWith('JE-E2E-0001', 1);
    await added.waitFor();
    // Newest first: the journal's two lines head the grid.
    expect(
      [await added.getAttribute('row-index'), await rowWith('JE-E2E-0001', 2).getAttribute('row-index')].sort(),
    ).toEqual(['0', '1']);
    expect(await added.locator('.ag-cell[col-id="debit"]').innerText()).toBe('25.00');
    await seeText(page, records(total + 2));
    const addedFilter: DataFilter[] = [...inPeriod, { column: 'journal_id', op: 'eq', value: 'JE-E2E-0001' }];
    expect((await list('02_GL_Detail', { filters: addedFilter, sortBy: 'line_no' })).rows).toMatchObject([
      { line_no: 1, account_code: '6140', debit: '25.00', credit: '0.00', entity: 'HPC-US', department: 'Sales' },
      { line_no: 2, account_code: '1110', debit: '0.00', credit: '25.00', entity: 'HPC-US', department: 'Sales' },
    ]);

    // Export CSV: the current filtered view, in its order, downloaded with the session's token.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('GL_Detail.csv');
    const csv = (await downloadedText(download)).trim().split(/\r?\n/);
    expect(csv[0]).toContain('journal_id');
    expect(csv).toHaveLength(total + 3);
    expect(csv[1]).toContain('JE-E2E-0001');
    expect(csv[2]).toContain('JE-E2E-0001');
    expect(csv.slice(1).every((line) => line.includes(period))).toBe(true);

    // Delete the added row after the confirmation, which says that its whole journal goes.
    await added.locator('.ag-cell[col-id="description"]').click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await seeText(page, journalMessages.deleteJournalConfirm('JE-E2E-0001'));
    await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Delete' }).click();
    await seeText(page, journalMessages.journalDeleted);
    await seeText(page, records(total));
    await expect.poll(() => added.count()).toBe(0);
    expect((await list('02_GL_Detail', { filters: addedFilter })).pagination.total).toBe(0);

    // The edited row's history: who, what, before → after. A third click drops the sort (row_id
    // ascending again), and moving the focus with the keyboard selects the row.
    await rowIdHeader.click();
    await expect.poll(() => edited.getAttribute('row-index')).toBe('0');
    await page.locator('.ag-grid-scrolling-container .ag-row[row-index="1"] .ag-cell[col-id="description"]').click();
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => edited.getAttribute('aria-selected')).toBe('true');
    await page.getByRole('button', { name: 'History' }).click();
    const drawer = page.locator('.ant-drawer:visible', { hasText: `History of record ${String(first.row_id)}` });
    await drawer.waitFor();
    await expect.poll(() => drawer.innerText()).toContain('updated');
    const text = await drawer.innerText();
    expect(text).toContain(DEMO_USER.email);
    const literal = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    expect(text).toMatch(new RegExp(`description\\s*${literal(original)} → ${literal(corrected)}`));

    // At the top of the history, where the row came from: the demo books, then the edit above by the demo user,
    // in the browser's local time.
    const origin = await getRecordOrigin(demo.token, organizationId, '02_GL_Detail', first.row_id);
    const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const originText =
      `From the demo books; edited in the Studio by ${DEMO_USER.firstName} ${DEMO_USER.lastName} ` +
      `on ${originTime(origin?.edit?.at ?? '', timeZone)}`;
    expect(origin && describeRowOrigin(origin, timeZone)).toBe(originText);
    await expect.poll(() => drawer.getByTestId('record-origin').innerText()).toBe(`Origin: ${originText}`);
  });

  it('an admin picks the organization first; a view opens read-only', async () => {
    await logInAndLand(page, E2E_ADMIN.email, E2E_ADMIN.password, '/portfolio');
    await page.goto('/data-management');
    await seeText(page, 'Please select an organization first');
    expect(await page.getByLabel('Table', { exact: true }).isDisabled()).toBe(true);

    await page.getByLabel('Organization', { exact: true }).click();
    await page.keyboard.type(organizationName);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: organizationName }).click();

    const tablePicker = page.getByLabel('Table', { exact: true });
    await tablePicker.click();
    await page.keyboard.type('profit');
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'vw_profit_and_loss' })
      .click();
    await seeText(page, 'Read-only view');
    const firstCell = page.locator('.ag-grid-scrolling-container .ag-row[row-index="0"] .ag-cell').first();
    await firstCell.waitFor();
    expect(await page.getByRole('button', { name: 'Add Record' }).count()).toBe(0);
    await firstCell.dblclick();
    await page.keyboard.press('Enter');
    expect(await page.locator('.ag-cell-inline-editing').count()).toBe(0);
  });
});
