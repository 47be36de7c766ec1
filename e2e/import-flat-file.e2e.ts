import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { flatFileMessages } from '@finboard/shared/flat-file';
import { randomLetters } from './support/api';
import { seeText, usePage, waitForPath } from './support/browser';
import { DEMO_USER } from './support/constants';
import { logInAndLand } from './support/ui';

const currentPage = usePage();
let page: Page;
beforeEach(() => {
  page = currentPage();
});

/*
 * The modal by its title's text: the Studio keeps drawers (journal editor, row history) whose titles share
 * the id antd generates in the e2e build, so the dialog's accessible name is not reliable here.
 */
const importDialog = () => page.getByRole('dialog').filter({ hasText: 'Import Flat File' });

const cells = (column: string) =>
  page.locator(`.ag-grid-scrolling-container .ag-row[row-index] .ag-cell[col-id="${column}"]`).allInnerTexts();

/** Opens Import Flat File, names the table, picks the CSV and imports it. */
async function importCsv(tableName: string, csv: string): Promise<void> {
  await page.getByRole('button', { name: 'Import Flat File' }).click();
  const dialog = importDialog();
  await dialog.waitFor();
  await dialog.getByLabel('Table name').fill(tableName);
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'regions.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await dialog.getByRole('button', { name: 'Import' }).click();
}

describe('Import Flat File', () => {
  it('the demo user imports a CSV as a new table, sees it in the Studio, and is asked before replacing it', async () => {
    const tableName = `regions_${randomLetters(8)}`;
    await logInAndLand(page, DEMO_USER.email, DEMO_USER.password, '/pipelines');
    await page.getByRole('menu', { name: 'Main navigation' }).getByText('Data Management', { exact: true }).click();
    await waitForPath(page, '/data-management');

    // The shared rule speaks as the name is typed.
    await page.getByRole('button', { name: 'Import Flat File' }).click();
    const dialog = importDialog();
    await dialog.getByLabel('Table name').fill('GL_Detail');
    await expect.poll(() => dialog.getByText(flatFileMessages.invalidTableName).count()).toBe(1);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await importCsv(tableName, 'Region;Amount;Opened\nNorth;1200.50;2024-01-31\nSouth;80;2024-02-29\n');

    await seeText(page, 'CSV saved successfully!');
    await expect.poll(() => page.getByRole('heading', { name: tableName, level: 4 }).count()).toBe(1);
    await expect.poll(() => cells('region')).toEqual(['North', 'South']);
    expect(new URL(page.url()).searchParams.get('table')).toBe(tableName);

    // The same name again: the table exists, so the page asks before replacing it.
    await importCsv(tableName, 'Region;Amount;Opened\nEast;5;2024-03-31\n');
    const confirm = page.getByRole('dialog').filter({ hasText: flatFileMessages.replaceConfirm(tableName, 2) });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Replace' }).click();

    await expect.poll(() => cells('region')).toEqual(['East']);
  });
});
