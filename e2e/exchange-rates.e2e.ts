import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { EXCHANGE_RATE_CSV_HEADER, exchangeRateMessages as m } from '@finboard/shared/exchange-rates';
import { seeText, usePage, waitForPath } from './support/browser';
import { E2E_ADMIN } from './support/constants';
import { logInThroughUi } from './support/ui';

const currentPage = usePage();
let page: Page;
beforeEach(() => {
  page = currentPage();
});

/**
 * Exchange rates in the browser: an administrator adds a EUR → USD rate, corrects it, imports a file of GBP → USD
 * rates with a bad line (named, nothing saved) and then a good one, sees them listed and deletes one. Rates are one table for the whole platform: this journey
 * uses the year 2011, which no other journey touches.
 */
const rows = () => page.getByRole('table').getByRole('row');
const rowOf = (name: RegExp) => rows().filter({ hasText: name });

async function pick(label: string, option: string) {
  const select = page.getByRole('dialog').getByRole('combobox', { name: label });
  await select.click();
  await select.fill(option);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

async function importFile(lines: string[]) {
  const csv = [EXCHANGE_RATE_CSV_HEADER.join(','), ...lines].join('\n');
  await page
    .locator('input[type="file"]')
    .first()
    .setInputFiles({ name: 'rates.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
}

describe('exchange rates', () => {
  it('an administrator adds, corrects, imports and deletes rates', async () => {
    await logInThroughUi(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.getByRole('menu', { name: 'Main navigation' }).getByRole('link', { name: 'Exchange Rates' }).click();
    await waitForPath(page, '/exchange-rates');
    await page.getByRole('heading', { name: 'Exchange Rates' }).waitFor();

    // Add a rate.
    await page.getByRole('button', { name: 'Add rate' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Period' }).fill('2011-03');
    await pick('From', 'EUR');
    await pick('To', 'USD');
    // A comma is refused, never read as 10123.
    await dialog.getByRole('textbox', { name: 'Average rate' }).fill('1,0123');
    await dialog.getByRole('textbox', { name: 'Closing rate' }).fill('1.1');
    await dialog.getByRole('button', { name: 'Add rate' }).click();
    await dialog.getByText(m.rateInvalid).waitFor();
    await dialog.getByRole('textbox', { name: 'Average rate' }).fill('1.0123');
    await dialog.getByRole('button', { name: 'Add rate' }).click();
    await seeText(page, m.saved);
    await page.getByRole('textbox', { name: 'Filter by period' }).fill('2011-03');
    await rowOf(/2011-03.*EUR.*USD/s)
      .first()
      .waitFor();
    expect(
      await rowOf(/2011-03.*EUR.*USD/s)
        .first()
        .innerText(),
    ).toContain('1.0123');

    // Correct it.
    await page.getByRole('button', { name: 'Edit EUR→USD 2011-03' }).click();
    await dialog.getByRole('textbox', { name: 'Average rate' }).fill('1.0456');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await seeText(page, m.saved);
    await page.getByText('1.0456').first().waitFor();

    // A file with a bad line: named, nothing imported.
    await importFile(['2011-04,GBP,USD,1.62,1.63', '2011-05,GBP,USD,"1,62",1.63']);
    await seeText(page, m.fileLineInvalid.replace('{line}', '3').replace('{reason}', m.rateInvalid));
    await page.getByRole('textbox', { name: 'Filter by period' }).fill('2011-04');
    await page.getByText('No rates match these filters.').waitFor();

    // The corrected file: its rates are listed.
    await importFile(['2011-04,GBP,USD,1.62,1.63', '2011-05,GBP,USD,1.6234,1.6345']);
    await seeText(page, m.imported);
    await seeText(page, '2 rates saved.');
    await page.getByRole('textbox', { name: 'Filter by period' }).fill('');
    await page.getByRole('combobox', { name: 'From currency' }).click();
    await page.getByRole('combobox', { name: 'From currency' }).fill('GBP');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'GBP' }).first().click();
    await page.waitForURL((url) => url.searchParams.get('from') === 'GBP');
    await rowOf(/2011-05.*GBP.*USD.*1\.6234.*1\.6345/s)
      .first()
      .waitFor();
    await rowOf(/2011-04.*GBP.*USD.*1\.62.*1\.63/s)
      .first()
      .waitFor();

    // Delete one, after confirming.
    await page.getByRole('button', { name: 'Delete GBP→USD 2011-04' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
    await seeText(page, m.deleted);
    await page.getByRole('button', { name: 'Delete GBP→USD 2011-04' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Delete GBP→USD 2011-05' }).waitFor();
  });
});
