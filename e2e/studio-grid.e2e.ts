import type { Locator, Page } from 'playwright-core';
import { formatCents, signedCentsOf } from '@finboard/shared/journals';
import { beforeEach, describe, expect, it } from 'vitest';
import { dataManagementMessages, MAX_DATA_PAGE_SIZE, type DataFilter } from '@finboard/shared/data-management';
import { apiSession, listWarehouseRecords, randomLetters } from './support/api';
import { seeText, usePage, waitForPath } from './support/browser';
import { DEMO_USER } from './support/constants';
import { logInAndLand } from './support/ui';

const currentPage = usePage();
let page: Page;
beforeEach(() => {
  page = currentPage();
});

const bodyRow = (index: number) => page.locator(`.ag-grid-scrolling-container .ag-row[row-index="${index}"]`);
const header = (column: string) => page.locator(`.ag-header-cell[col-id="${column}"]`);
const totalsRow = () => page.locator('.ag-grid-pinned-bottom-rows-container .ag-row');
/** The pager's "101 to 200 of 245": which page is shown (its parts are separate elements). */
const pager = async () =>
  ((await page.locator('.ag-paging-row-summary-panel').textContent()) ?? '').replace(/\s+/g, ' ').trim();
const pageOf = (n: number, total: number) =>
  `${(n - 1) * 100 + 1} to ${Math.min(n * 100, total)} of ${total.toLocaleString('en-US')}`;

async function choose(scope: Page | Locator, label: string, search: string, option: string | RegExp): Promise<void> {
  await scope.getByLabel(label, { exact: true }).fill(search);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

async function openStudio(table: RegExp) {
  await logInAndLand(page, DEMO_USER.email, DEMO_USER.password, '/pipelines');
  await page.getByRole('menu', { name: 'Main navigation' }).getByText('Data Management', { exact: true }).click();
  await waitForPath(page, '/data-management');
  const tablePicker = page.getByLabel('Table', { exact: true });
  await tablePicker.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: table }).click();
}

const search = () => new URL(page.url()).searchParams;

/** Signs in on the login page already open (logInThroughUi would open /login afresh, without its `next`). */
async function signIn() {
  await page.getByLabel('Email').fill(DEMO_USER.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_USER.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

describe('Studio grid', () => {
  it('reads GL_Detail like a ledger and keeps table, period, filter, sort and page in the URL through reload and Back', async () => {
    const demo = await apiSession(DEMO_USER.email, DEMO_USER.password);
    const organizationId = demo.organizationId ?? '';
    const list = (table: string, query: Parameters<typeof listWarehouseRecords>[3] = {}) =>
      listWarehouseRecords(demo.token, organizationId, table, query);
    const [latest] = (await list('00_Period', { sortBy: 'Period', sortOrder: 'desc', pageSize: 1 })).rows;
    const period = String(latest?.Period);
    const inPeriod: DataFilter[] = [{ column: 'period', op: 'eq', value: period }];
    // The period's debits and credits summed here, exactly, from every page of the API.
    const { total } = (await list('02_GL_Detail', { filters: inPeriod, pageSize: 1 })).pagination;
    let debit = 0n;
    let credit = 0n;
    for (let n = 1; (n - 1) * MAX_DATA_PAGE_SIZE < total; n++) {
      for (const row of (await list('02_GL_Detail', { filters: inPeriod, page: n, pageSize: MAX_DATA_PAGE_SIZE }))
        .rows) {
        debit += signedCentsOf(String(row.debit));
        credit += signedCentsOf(String(row.credit));
      }
    }
    const [first] = (await list('02_GL_Detail', { filters: inPeriod, pageSize: 1 })).rows;
    const [account] = (
      await list('01_Account', { filters: [{ column: 'account_code', op: 'eq', value: String(first?.account_code) }] })
    ).rows;

    await openStudio(/^GL_Detail$/);
    await bodyRow(0).locator('.ag-cell[col-id="journal_id"]').waitFor();

    // Headers in words, the database name in the tooltip; the row identity hidden.
    for (const [column, label] of [
      ['journal_id', 'Journal'],
      ['line_no', 'Line'],
      ['posting_date', 'Posting date'],
      ['account_code', 'Account'],
      ['debit', 'Debit'],
    ] as const)
      expect(await header(column).locator('.ag-header-cell-text').innerText()).toBe(label);
    await expect.poll(() => header('row_id').count()).toBe(0);
    await header('posting_date').locator('.ag-header-cell-text').hover();
    await expect.poll(() => page.locator('.ag-tooltip').innerText()).toBe('posting_date');

    // The period's first line: money right-aligned with separators and two decimals, the account with its name.
    await choose(page, 'Period', period, period);
    await expect.poll(() => search().get('period')).toBe(period);
    await expect
      .poll(() => bodyRow(0).locator('.ag-cell[col-id="debit"]').innerText())
      .toBe(formatCents(signedCentsOf(String(first?.debit))));
    expect(await bodyRow(0).locator('.ag-cell[col-id="debit"]').getAttribute('class')).toContain(
      'ag-right-aligned-cell',
    );
    expect(await bodyRow(0).locator('.ag-cell[col-id="account_code"]').innerText()).toBe(
      `${String(first?.account_code)} · ${String(account?.account_name)}`,
    );
    // The totals row covers the whole period, not the 100 rows of the page.
    expect(total).toBeGreaterThan(100);
    await expect.poll(() => totalsRow().locator('.ag-cell[col-id="debit"]').innerText()).toBe(formatCents(debit));
    expect(await totalsRow().locator('.ag-cell[col-id="credit"]').innerText()).toBe(formatCents(credit));
    expect(await totalsRow().locator('.ag-cell[col-id="journal_id"]').innerText()).toBe('Total');

    // A filter from the column's menu, a sort by debit descending and the second page: all in the URL.
    const payments: DataFilter[] = [...inPeriod, { column: 'description', op: 'contains', value: 'Payment' }];
    const matching = (await list('02_GL_Detail', { filters: payments, pageSize: 1 })).pagination.total;
    expect(matching).toBeGreaterThan(100);
    await header('description').hover();
    await header('description').locator('.ag-header-cell-filter-button').click();
    await page.locator('.ag-filter-body input').first().fill('Payment');
    await expect.poll(() => search().get('filters')).toBe(JSON.stringify(payments.slice(1)));
    await expect.poll(pager).toBe(pageOf(1, matching));
    await page.keyboard.press('Escape');
    const debitLabel = header('debit').locator('.ag-header-cell-label');
    await debitLabel.click();
    await debitLabel.click();
    await expect.poll(() => search().get('order')).toBe('desc');
    expect(search().get('sort')).toBe('debit');
    await page.getByRole('button', { name: 'Next Page' }).click();
    await expect.poll(() => search().get('page')).toBe('2');
    const [secondPageTop] = (
      await list('02_GL_Detail', { filters: payments, sortBy: 'debit', sortOrder: 'desc', page: 2, pageSize: 100 })
    ).rows;
    const firstOfPageTwo = () => bodyRow(100).locator('.ag-cell[col-id="journal_id"]').innerText();
    await expect.poll(firstOfPageTwo).toBe(String(secondPageTop?.journal_id));
    const shown = page.url();

    // Reload: the same table, period, filter, sort and page.
    await page.reload();
    await expect.poll(firstOfPageTwo).toBe(String(secondPageTop?.journal_id));
    expect(page.url()).toBe(shown);
    expect(await pager()).toBe(pageOf(2, matching));
    expect(await header('debit').getAttribute('aria-sort')).toBe('descending');
    expect(await header('description').getAttribute('class')).toContain('ag-header-cell-filtered');
    expect(
      await page
        .getByLabel('Period', { exact: true })
        .locator('xpath=ancestor::div[contains(@class,"ant-select")][1]')
        .innerText(),
    ).toContain(period);

    // Back: the first page again, the rest unchanged.
    await page.goBack();
    await expect.poll(() => search().get('page')).toBeNull();
    await expect.poll(pager).toBe(pageOf(1, matching));
    expect(search().get('sort')).toBe('debit');

    // A shared link whose filters match nothing: the one empty state says so.
    const none = new URLSearchParams(search());
    none.set('filters', JSON.stringify([{ column: 'description', op: 'contains', value: 'no such text zq' }]));
    await page.goto(`/data-management?${none}`);
    await seeText(page, 'No records match these filters.');
  });

  it('adds a budget line with the period and account pickers, required fields checked before sending', async () => {
    const demo = await apiSession(DEMO_USER.email, DEMO_USER.password);
    const organizationId = demo.organizationId ?? '';
    // A period of the demo's own budget: other journeys add periods of their own and remove them again.
    const [latest] = (
      await listWarehouseRecords(demo.token, organizationId, '03_Budget', {
        sortBy: 'period',
        sortOrder: 'desc',
        pageSize: 1,
      })
    ).rows;
    const period = String(latest?.period);
    const department = `Grid ${randomLetters(6)}`;
    const added = () =>
      listWarehouseRecords(demo.token, organizationId, '03_Budget', {
        filters: [{ column: 'department', op: 'eq', value: department }],
      });

    await openStudio(/^Budget$/);
    await bodyRow(0).locator('.ag-cell[col-id="period"]').waitFor();
    await page.getByRole('button', { name: 'Add Record' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Record' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await seeText(page, dataManagementMessages.required('Period'));
    await seeText(page, dataManagementMessages.required('Account'));
    expect((await added()).rows).toEqual([]);

    await choose(dialog, 'Period', period, period);
    await choose(dialog, 'Account', 'Rent', /^\d+ · .*Rent/);
    await dialog.getByLabel('Department', { exact: true }).fill(department);
    await dialog.getByLabel('Amount', { exact: true }).fill('1234.5');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await seeText(page, dataManagementMessages.created);
    await dialog.waitFor({ state: 'hidden' });
    expect((await added()).rows).toMatchObject([{ period, department, amount: '1234.50' }]);
  });

  it('signing in returns to the Studio page that was asked for, with its URL state', async () => {
    const asked = '/data-management?table=00_Period&sort=Period&order=desc';
    await page.goto(asked);
    await waitForPath(page, '/login');
    expect(search().get('next')).toBe(asked);
    await signIn();
    await waitForPath(page, '/data-management');
    expect(new URL(page.url()).search).toBe('?table=00_Period&sort=Period&order=desc');
    await expect.poll(() => header('Period').getAttribute('aria-sort')).toBe('descending');
  });

  it('a sign-in link that points elsewhere lands on the home page of the role', async () => {
    await page.goto('/login?next=%2F%2Fevil.example%2Fsteal');
    await signIn();
    await waitForPath(page, '/pipelines');
  });
});
