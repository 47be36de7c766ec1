import fs from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dataManagementMessages } from '@finboard/shared/data-management';
import { apiLogin, createOrganizationWithMember, createWarehouseRecord } from './support/api';
import { seeText, usePage, waitForPath } from './support/browser';
import { E2E_ADMIN } from './support/constants';
import { logInAndLand } from './support/ui';

const currentPage = usePage();
let page: Page;
beforeEach(() => {
  page = currentPage();
});

let member: { email: string; password: string };
let organizationName = '';

/** A small, demo-like warehouse: two periods, three accounts, a balanced journal in each period. */
beforeAll(async () => {
  const token = await apiLogin(E2E_ADMIN.email, E2E_ADMIN.password);
  const created = await createOrganizationWithMember(token, 'Harbor', { firstName: 'Ada', lastName: 'Byron' });
  const { organization } = created;
  organizationName = organization.name;
  member = created.member;
  const add = (table: string, record: Record<string, string | number | boolean | null>) =>
    createWarehouseRecord(token, organization.id, table, record);

  for (const [Period, start_date, end_date, fiscal_period] of [
    ['2025-01', '2025-01-01', '2025-01-31', 1],
    ['2025-02', '2025-02-01', '2025-02-28', 2],
  ] as const) {
    await add('00_Period', { Period, start_date, end_date, fiscal_year: 2025, fiscal_period, is_closed: false });
  }
  await add('01_Account', { account_code: '1000', account_name: 'Cash', account_type: 'asset' });
  await add('01_Account', { account_code: '4000', account_name: 'Product Sales', account_type: 'revenue' });
  await add('01_Account', { account_code: '6100', account_name: 'Rent', account_type: 'expense' });
  const journal = (journal_id: string, period: string, posting_date: string, amount: string, other: string) => [
    {
      journal_id,
      line_no: 1,
      posting_date,
      period,
      account_code: '1000',
      description: 'Receipt',
      debit: amount,
      credit: '0',
    },
    {
      journal_id,
      line_no: 2,
      posting_date,
      period,
      account_code: other,
      description: 'Receipt',
      debit: '0',
      credit: amount,
    },
  ];
  for (const line of [
    ...journal('JE-0001', '2025-01', '2025-01-15', '1200.00', '4000'),
    ...journal('JE-0002', '2025-02', '2025-02-14', '800.00', '4000'),
    ...journal('JE-0003', '2025-02', '2025-02-20', '450.00', '6100'),
  ]) {
    await add('02_GL_Detail', line);
  }
});

const cells = (scope: Page, column: string) =>
  scope.locator(`.ag-row[row-index] .ag-cell[col-id="${column}"]`).allInnerTexts();

/** Picks an option of the antd Select labelled `label` inside `scope`. */
async function choose(scope: Page | Locator, label: string, option: string): Promise<void> {
  await scope.getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

const rowWith = (journal: string, line: number) =>
  page
    .locator('.ag-row[row-index]', {
      has: page.locator('.ag-cell[col-id="journal_id"]', { hasText: journal }),
    })
    .filter({ has: page.locator(`.ag-cell[col-id="line_no"]`, { hasText: new RegExp(`^${line}$`) }) });

describe('Data Management Studio', () => {
  it('an organization user filters GL_Detail by period, edits an amount, adds and deletes a row, and reads its history', async () => {
    await logInAndLand(page, member.email, member.password, '/pipelines');
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
    await expect.poll(() => cells(page, 'journal_id')).toHaveLength(6);

    // The period filter (fed by 00_Period) narrows the grid on the server.
    await choose(page, 'Period', '2025-02');
    await expect.poll(async () => [...new Set(await cells(page, 'period'))]).toEqual(['2025-02']);
    expect(await cells(page, 'journal_id')).toHaveLength(4);
    await seeText(page, '4 records');

    // Edit an amount with the keyboard: focus the cell, Enter edits, Enter saves.
    const receipt = rowWith('JE-0002', 1);
    await receipt.locator('.ag-cell[col-id="debit"]').click();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('825.5');
    await page.keyboard.press('Enter');
    await seeText(page, dataManagementMessages.updated);
    await expect.poll(() => receipt.locator('.ag-cell[col-id="debit"]').innerText()).toBe('825.50');

    // A refused edit (a negative credit breaks the table's check) says why and puts the cell back.
    await receipt.locator('.ag-cell[col-id="credit"]').dblclick();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('-5');
    await page.keyboard.press('Enter');
    await seeText(page, dataManagementMessages.notAllowed('credit'));
    await expect.poll(() => receipt.locator('.ag-cell[col-id="credit"]').innerText()).toBe('0.00');

    // Sorting happens on the server: debit descending puts the largest first.
    await page.locator('.ag-header-cell[col-id="debit"] .ag-header-cell-label').click();
    await page.locator('.ag-header-cell[col-id="debit"] .ag-header-cell-label').click();
    await expect.poll(() => cells(page, 'debit')).toEqual(['825.50', '450.00', '0.00', '0.00']);

    // Add Record: the group value check speaks before anything is saved.
    await page.getByRole('button', { name: 'Add Record' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Record' });
    await dialog.waitFor();
    await dialog.getByLabel('journal_id').fill('JE-0099');
    await dialog.getByLabel('line_no').fill('1');
    await dialog.getByLabel('posting_date').fill('2025-02-27');
    await dialog.getByLabel('posting_date').press('Enter');
    await dialog.getByLabel('period', { exact: true }).fill('2025-02');
    await dialog.getByLabel('account_code').fill('9999');
    await dialog.getByLabel('description', { exact: true }).fill('Petty cash top-up');
    await dialog.getByLabel('debit').fill('35');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await seeText(page, dataManagementMessages.accountUnknown);
    await dialog.getByLabel('account_code').fill('6100');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await seeText(page, dataManagementMessages.created);
    await dialog.waitFor({ state: 'hidden' });
    const added = rowWith('JE-0099', 1);
    await added.waitFor();
    expect(await added.locator('.ag-cell[col-id="debit"]').innerText()).toBe('35.00');

    // Export CSV: the current filtered view, downloaded with the session's token.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('GL_Detail.csv');
    const csv = fs
      .readFileSync(await download.path(), 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(csv[0]).toContain('journal_id');
    expect(csv).toHaveLength(6);
    expect(csv.slice(1).every((line) => line.includes('2025-02'))).toBe(true);

    // Delete the added row after the confirmation.
    await added.locator('.ag-cell[col-id="description"]').click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await seeText(page, dataManagementMessages.deleteConfirm);
    await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Delete' }).click();
    await seeText(page, dataManagementMessages.deleted);
    await expect.poll(() => cells(page, 'journal_id')).toHaveLength(4);
    expect(await cells(page, 'journal_id')).not.toContain('JE-0099');

    // The edited row's history: who, what, before → after. Moving the focus with the keyboard selects the row.
    // Sorted by debit, descending: the JE-0003 receipt sits right below the edited one.
    await rowWith('JE-0003', 1).locator('.ag-cell[col-id="description"]').click();
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => receipt.getAttribute('aria-selected')).toBe('true');
    await page.getByRole('button', { name: 'History' }).click();
    const drawer = page.locator('.ant-drawer:visible', { hasText: 'History of record' });
    await drawer.waitFor();
    await expect.poll(() => drawer.innerText()).toContain('updated');
    const text = await drawer.innerText();
    expect(text).toContain(member.email);
    expect(text).toMatch(/debit\s*800\.00 → 825\.50/);
    expect(text).toContain('created');
    expect(text).toContain(E2E_ADMIN.email);
  });

  it('an admin picks the organization first; a view opens read-only', async () => {
    await logInAndLand(page, E2E_ADMIN.email, E2E_ADMIN.password, '/organizations');
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
    const firstCell = page.locator('.ag-row[row-index="0"] .ag-cell').first();
    await firstCell.waitFor();
    expect(await page.getByRole('button', { name: 'Add Record' }).count()).toBe(0);
    await firstCell.dblclick();
    await page.keyboard.press('Enter');
    expect(await page.locator('.ag-cell-inline-editing').count()).toBe(0);
  });
});
