import type { Locator, Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dataTypeMessages } from '@finboard/shared/data-types';
import { apiLogin, createOrganizationWithMember } from './support/api';
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

beforeAll(async () => {
  const token = await apiLogin(E2E_ADMIN.email, E2E_ADMIN.password);
  const created = await createOrganizationWithMember(token, 'Contoso', { firstName: 'Mary', lastName: 'Jackson' });
  const { organization } = created;
  organizationName = organization.name;
  member = created.member;
});

/** The names in the Data Type Master table, top to bottom. */
const tableNames = (scope: Page) =>
  scope.locator('.ant-table-tbody .ant-table-row td:first-child strong').allInnerTexts();

/** Picks an option of the antd Select labelled `label` inside `scope`. */
async function choose(scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByLabel(label, { exact: true }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', {
      hasText: new RegExp(`^${option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
    })
    .first()
    .click();
}

describe('Data Type Master', () => {
  it('an organization user sees the standard types, filters, adds a type with two columns, edits and deletes it', async () => {
    await logInAndLand(page, member.email, member.password, '/pipelines');
    // No menu entry of its own: reached from the Data Management Studio.
    await page.getByRole('link', { name: 'Data Management', exact: true }).click();
    await waitForPath(page, '/data-management');
    await page.getByRole('link', { name: 'Data Type Master' }).click();
    await waitForPath(page, '/datatypemaster');
    await seeText(page, 'Data Type Master');
    await seeText(page, 'Filter Data Types');

    // The standard types, each with its warehouse table shown without the numeric prefix.
    await expect
      .poll(() => tableNames(page))
      .toEqual(['Budget', 'Chart of Accounts', 'GL Detail', 'Periods', 'Trial Balance']);
    const glRow = page.locator('.ant-table-row', { hasText: 'GL Detail' });
    expect(await glRow.locator('td').nth(2).innerText()).toBe('GL_Detail');

    // Filter Data Types: by target table, then cleared.
    const filters = page.locator('.ant-card', { hasText: 'Filter Data Types' });
    await choose(filters, 'Target table', 'Trial_Balance');
    await filters.getByRole('button', { name: 'Apply Filter' }).click();
    await expect.poll(() => tableNames(page)).toEqual(['Trial Balance']);
    await filters.getByRole('button', { name: 'Clear Filter' }).click();
    await expect.poll(() => tableNames(page)).toHaveLength(5);

    // Add Data Type with two expected columns.
    await page.getByRole('button', { name: 'Add Data Type' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Add Data Type' });
    await addDialog.waitFor();
    await addDialog.getByLabel('Name', { exact: true }).fill('Shop Orders');
    await addDialog.getByLabel('Description').fill('Orders exported from the web shop');
    await choose(addDialog, 'Target table', 'GL_Detail');
    await choose(addDialog, 'Delimiter', 'Semicolon (;)');
    await addDialog.getByLabel('Period-based').click();
    await addDialog.getByLabel('Column 1 name').fill('posting_date');
    await choose(addDialog, 'Column 1 type', 'Date');
    // A date column's format must be a date pattern: the shared rule speaks before anything is sent.
    await addDialog.getByLabel('Column 1 format').fill('hh:mm');
    await addDialog.getByRole('button', { name: 'Save' }).click();
    await seeText(page, dataTypeMessages.dateFormatInvalid);
    await addDialog.getByLabel('Column 1 format').fill('DD/MM/YYYY');
    await addDialog.getByRole('button', { name: 'Add column' }).click();
    await choose(addDialog, 'Column 2 type', 'Number');
    // The server checks each expected column against the target table and names the one it lacks.
    await addDialog.getByLabel('Column 2 name').fill('memo');
    await addDialog.getByRole('button', { name: 'Save' }).click();
    await seeText(page, 'memo is not a column of GL_Detail');
    await addDialog.getByLabel('Column 2 name').fill('debit');
    await addDialog.getByRole('button', { name: 'Save' }).click();
    await seeText(page, dataTypeMessages.created);
    await addDialog.waitFor({ state: 'hidden' });
    await expect.poll(() => tableNames(page)).toContain('Shop Orders');
    const shopRow = page.locator('.ant-table-row', { hasText: 'Shop Orders' });
    expect(await shopRow.innerText()).toContain('posting_date, debit');
    expect(await shopRow.innerText()).toContain('Semicolon (;)');

    // Edit Data Type: renamed, a column made optional.
    await page.getByRole('button', { name: 'Edit Shop Orders' }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit Data Type' });
    await editDialog.waitFor();
    expect(await editDialog.getByLabel('Column 2 name').inputValue()).toBe('debit');
    await editDialog.getByLabel('Name', { exact: true }).fill('Web Orders');
    await editDialog.getByLabel('Column 1 required').uncheck();
    await editDialog.getByRole('button', { name: 'Save' }).click();
    await seeText(page, dataTypeMessages.updated);
    await expect.poll(() => tableNames(page)).toContain('Web Orders');
    expect(await tableNames(page)).not.toContain('Shop Orders');

    // Standard types cannot be deleted: they offer no delete button.
    expect(await page.getByRole('button', { name: 'Delete GL Detail' }).count()).toBe(0);

    // Delete, after the confirmation.
    await page.getByRole('button', { name: 'Delete Web Orders' }).click();
    await seeText(page, 'Are you sure you want to delete this record?');
    await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Delete' }).click();
    await seeText(page, dataTypeMessages.deleted);
    await expect
      .poll(() => tableNames(page))
      .toEqual(['Budget', 'Chart of Accounts', 'GL Detail', 'Periods', 'Trial Balance']);
  });

  it('an admin picks the organization first, then sees its types', async () => {
    await logInAndLand(page, E2E_ADMIN.email, E2E_ADMIN.password, '/portfolio');
    await page.goto('/datatypemaster');
    await seeText(page, dataTypeMessages.organizationRequired);
    expect(await page.getByRole('button', { name: 'Add Data Type' }).isDisabled()).toBe(true);

    await page.getByLabel('Organization', { exact: true }).click();
    await page.keyboard.type(organizationName);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: organizationName }).click();

    await expect
      .poll(() => tableNames(page))
      .toEqual(['Budget', 'Chart of Accounts', 'GL Detail', 'Periods', 'Trial Balance']);
    expect(await page.getByRole('button', { name: 'Add Data Type' }).isEnabled()).toBe(true);
  });
});
