import type { Locator, Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { layoutMessages } from '@finboard/shared/layouts';
import { csvRefusalMessage, uploadApiMessages } from '@finboard/shared/uploads';
import {
  apiLogin,
  apiSession,
  createOrganizationWithMember,
  grantAllDashboards,
  listUploadedFiles,
  listWarehouseRecords,
} from './support/api';
import { downloadedText, seeText, usePage, waitForPath } from './support/browser';
import { csvFile } from './support/gl-csv';
import { E2E_ADMIN } from './support/constants';
import { docScreenshot } from './support/screenshots';
import { logInAndLand } from './support/ui';
import { chooseInUploadForm, uploadButton, uploadForm } from './support/upload-ui';

// Issue 23, acceptance 2: a report-style general ledger loads as it is exported — recognized, previewed, one
// account's type corrected — then runs, and Profit & Loss shows its figures. In an organization of its own,
// whose chart starts empty: every account comes from the file.
const currentPage = usePage();
let page: Page;
beforeEach(() => {
  page = currentPage();
});

let member: { email: string; password: string };
let organizationId = '';

beforeAll(async () => {
  const admin = await apiLogin(E2E_ADMIN.email, E2E_ADMIN.password);
  const created = await createOrganizationWithMember(admin, 'Landscaping', { firstName: 'Craig', lastName: 'Carlson' });
  member = created.member;
  organizationId = created.organization.id;
  await grantAllDashboards(admin, organizationId, member);
});

/**
 * A QuickBooks Online General Ledger report of one bank account, exported to CSV as QuickBooks writes it: title
 * lines, the header with an unnamed first column, the account's section row and its beginning balance, one row
 * per transaction whose Split names the other account, the account's total, the report's total and the footer.
 */
const REPORT = [
  '"General Ledger"',
  `"Craig's Design and Landscaping Services"`,
  '"January - February, 2026"',
  '""',
  '"","Date","Transaction Type","Num","Name","Memo/Description","Split","Amount","Balance"',
  '"Checking"',
  '"Beginning Balance","","","","","","","","0.00"',
  `"","01/05/2026","Deposit","","Amy's Bird Sanctuary","Garden design","Design income","1,200.00","1,200.00"`,
  '"","01/09/2026","Expense","71","Hicks Hardware","Stone and gravel","Cost of Goods Sold","-250.50","949.50"',
  '"","01/20/2026","Deposit","","","Interest","Interest Earned","12.75","962.25"',
  `"","02/03/2026","Deposit","","Jeff's Jalopies","Spring planting","Landscaping Services","800.00","1,762.25"`,
  '"","02/14/2026","Check","72","Books by Bessie","February rent","Rent or Lease","-900.00","862.25"',
  '"Total for Checking","","","","","","","$862.25",""',
  '""',
  '"TOTAL","","","","","","","$862.25",""',
  '""',
  '""',
  '"Accrual basis Tuesday, March 3, 2026 09:14 AM GMT-08:00"',
].join('\r\n');
const FILE = 'general-ledger-jan-feb-2026.csv';

/** Picks an option of an antd Select by its visible label. */
async function choose(select: Locator, option: string) {
  await select.click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: new RegExp(`^${option}$`) })
    .first()
    .click();
  // Closed, so the choice was taken and the next select's dropdown is the only one on screen.
  await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
}

/** The rows of a table of the preview, by the preview section's name, as text. */
const tableRows = (preview: Locator, section: string) =>
  preview.getByRole('region', { name: section }).locator('.ant-table-row').allInnerTexts();
/** A table row's cells; a focused antd Select may repeat its value on a second line, read once. */
const cells = (text: string) => text.split('\t').map((cell) => cell.trim().split('\n')[0]!.trim());

describe('Real exports', () => {
  it('a QuickBooks Online General Ledger report: recognized, previewed, one type corrected, loaded and reported', async () => {
    await logInAndLand(page, member.email, member.password, '/pipelines');
    await page.goto('/file-upload');
    await chooseInUploadForm(page, 'Data type', 'GL Detail');
    await uploadForm(page)
      .getByLabel('Files', { exact: true })
      .setInputFiles([csvFile(FILE, REPORT)]);

    // Analyzed before anything is stored: what it is, and what would load.
    const preview = page.getByRole('region', { name: `Preview of ${FILE}` });
    await seeText(page, 'Recognized as QuickBooks Online General Ledger report (100 %)', 30_000);
    await preview.getByText('Every journal balances', { exact: true }).waitFor();
    await preview
      .getByText('10 lines in 5 journals; 8 rows of the file skipped (titles, totals, blank and section rows).', {
        exact: true,
      })
      .waitFor();
    expect((await tableRows(preview, 'Lines per period')).map(cells)).toEqual([
      ['2026-01', '6', '1,463.25', '1,463.25'],
      ['2026-02', '4', '1,700.00', '1,700.00'],
    ]);
    // The first rows as they will load: each Checking row with its contra account from the Split column.
    const firstRows = (await tableRows(preview, 'The first rows as they will load')).slice(0, 2).map(cells);
    expect(firstRows.map((row) => row.slice(0, 4))).toEqual([
      ["2026-01-05 Deposit Amy's Bird Sanctuary", 'Checking', '1,200.00', '0.00'],
      ["2026-01-05 Deposit Amy's Bird Sanctuary", 'Design income', '0.00', '1,200.00'],
    ]);

    // The chart is empty: every account of the file is created, with a type where the file says one (QuickBooks'
    // own type names, Checking and Cost of Goods Sold) or a suggestion where the account's name does.
    const create = preview.getByRole('checkbox', { name: 'Create the accounts the file names' });
    expect(await create.isChecked()).toBe(true);
    expect((await tableRows(preview, 'Accounts that will be created')).map(cells)).toEqual([
      ['Checking', 'asset', 'Cash', 'from the file'],
      ['Design income', 'revenue', 'Revenue', 'suggested'],
      ['Cost of Goods Sold', 'expense', 'Cost of sales', 'from the file'],
      ['Interest Earned', 'revenue', 'Other income', 'suggested'],
      ['Landscaping Services', 'Choose a type', '', 'choose a type'],
      ['Rent or Lease', 'expense', 'Operating expense', 'suggested'],
    ]);
    await seeText(page, 'Choose a type for 1 account marked “choose a type”: the upload is refused without one.');

    // The one account the name says nothing about is income from the firm's trade.
    await choose(preview.getByLabel('Type of Landscaping Services', { exact: true }), 'revenue');
    await choose(preview.getByLabel('Subtype of Landscaping Services', { exact: true }), 'Revenue');
    const landscaping = preview
      .getByRole('region', { name: 'Accounts that will be created' })
      .locator('.ant-table-row', { hasText: 'Landscaping Services' });
    await expect
      .poll(async () => cells(await landscaping.innerText()))
      .toEqual(['Landscaping Services', 'revenue', 'Revenue', 'your choice']);

    // The layout editor: reading the amounts the other way round updates the preview; back again.
    await preview.getByRole('button', { name: 'Adjust how the file is read' }).click();
    const editor = preview.getByRole('group', { name: 'How the file is read' });
    const splitRole = editor.locator('.ant-table-row', { hasText: 'Split (the other account)' });
    expect(cells(await splitRole.innerText())).toEqual(['Split (the other account)', 'Column 7: Split']);
    await choose(
      editor.getByLabel('Amounts are written as', { exact: true }),
      'One signed amount: positive is a credit',
    );
    await expect
      .poll(async () => cells((await tableRows(preview, 'The first rows as they will load'))[0] ?? '').slice(1, 4))
      .toEqual(['Checking', '0.00', '1,200.00']);
    await choose(
      editor.getByLabel('Amounts are written as', { exact: true }),
      'One signed amount: positive is a debit',
    );
    await expect
      .poll(async () => cells((await tableRows(preview, 'The first rows as they will load'))[0] ?? '').slice(1, 4))
      .toEqual(['Checking', '1,200.00', '0.00']);
    await docScreenshot(page, 'upload-layout-editor', editor);
    await preview.getByRole('button', { name: 'Adjust how the file is read' }).click();
    await editor.waitFor({ state: 'hidden' });
    await expect.poll(() => uploadButton(page).isEnabled(), { timeout: 20_000 }).toBe(true);
    await docScreenshot(page, 'upload-preview', page.locator('.ant-card', { hasText: 'Upload files' }).first());

    // Upload: the file goes with its layout and the accounts to create.
    await uploadButton(page).click();
    await page
      .getByRole('listitem', { name: FILE })
      .getByText(uploadApiMessages.uploaded, { exact: true })
      .waitFor({ timeout: 30_000 });

    // Run the GL pipeline from the Pipelines page.
    await page.getByRole('menu', { name: 'Main navigation' }).getByText('Pipelines', { exact: true }).click();
    await waitForPath(page, '/pipelines');
    await page
      .locator('.ant-card', { hasText: 'Available pipelines' })
      .locator('.ant-table-row', { hasText: 'GL Detail' })
      .getByRole('button', { name: 'Run Pipeline GL Detail' })
      .click();
    const runs = page.locator('.ant-card', { hasText: 'Current runs' });
    await expect
      .poll(() => runs.locator('.ant-tag').first().innerText(), { timeout: 60_000 })
      .toMatch(/^(succeeded|failed)$/);
    expect(await runs.locator('.ant-tag').first().innerText()).toBe('succeeded');

    // The accounts were created by the run, with the types the preview showed.
    const { token } = await apiSession(member.email, member.password);
    const chart = await listWarehouseRecords(token, organizationId, '01_Account', { sortBy: 'account_code' });
    expect(
      chart.rows.map(({ account_code, account_type, account_subtype }) => [
        account_code,
        account_type,
        account_subtype,
      ]),
    ).toEqual([
      ['Checking', 'asset', 'cash'],
      ['Cost of Goods Sold', 'expense', 'cost_of_sales'],
      ['Design income', 'revenue', 'revenue'],
      ['Interest Earned', 'revenue', 'other_income'],
      ['Landscaping Services', 'revenue', 'revenue'],
      ['Rent or Lease', 'expense', 'operating_expense'],
    ]);

    // Profit & Loss for the two months: January 962.25, February −100.00, 862.25 in all (the bank's change).
    await page.goto(`/dashboard?name=${encodeURIComponent('Profit & Loss')}&from=2026-01&to=2026-02`);
    await page.getByRole('heading', { name: 'Profit & Loss' }).waitFor();
    const statementRow = (label: RegExp) =>
      page
        .locator('.ant-table-row', { has: page.getByText(label) })
        .first()
        .innerText();
    await expect
      .poll(async () => cells(await statementRow(/^Landscaping Services/)).slice(1, 4), { timeout: 20_000 })
      .toEqual(['0.00', '800.00', '800.00']);
    expect(cells(await statementRow(/^Net income$/)).slice(1, 4)).toEqual(['962.25', '-100.00', '862.25']);
  }, 240_000);

  it("a file's problems name the layout rule that read each value, and download as a report", async () => {
    const name = 'journal-2026-01.csv';
    await logInAndLand(page, member.email, member.password, '/pipelines');
    await page.goto('/file-upload');
    await chooseInUploadForm(page, 'Data type', 'GL Detail');
    await uploadForm(page)
      .getByLabel('Files', { exact: true })
      .setInputFiles([
        csvFile(
          name,
          [
            'Journal No;Date;Account;Description;Amount;D/C',
            'J1;31.01.2026;6120 - Rent;Rent;1.234,50;D',
            'J1;31.01.2026;1000 - Bank;Rent;1.234,5x;C',
          ].join('\n'),
        ),
      ]);
    const preview = page.getByRole('region', { name: `Preview of ${name}` });
    const amountRule = 'Amounts: an amount with a debit/credit column (D debit; C credit)';
    await expect
      .poll(async () => (await tableRows(preview, '2 problems')).map(cells), { timeout: 30_000 })
      .toEqual([
        ['3', 'Amount', '1.234,5x', layoutMessages.notAmount, amountRule],
        ['2', '', 'J1', layoutMessages.unbalanced('J1', '1234.50'), 'Journals: rows with the same Journal No'],
      ]);

    const download = page.waitForEvent('download');
    await preview.getByRole('button', { name: 'Download problems report' }).click();
    const report = await download;
    expect(report.suggestedFilename()).toBe('journal-2026-01-problems.csv');
    expect(await downloadedText(report)).toBe(
      'line,column,value,problem,rule\r\n' +
        `3,Amount,"1.234,5x",${layoutMessages.notAmount},${amountRule}\r\n` +
        `2,,J1,${layoutMessages.unbalanced('J1', '1234.50')},Journals: rows with the same Journal No\r\n`,
    );

    // Uploaded anyway, it is refused with the same problems and rules, and nothing is kept.
    await uploadButton(page).click();
    const refusal = csvRefusalMessage(
      [
        { line: 3, column: 'Amount', value: '1.234,5x', problem: layoutMessages.notAmount, rule: amountRule },
        {
          line: 2,
          column: null,
          value: 'J1',
          problem: layoutMessages.unbalanced('J1', '1234.50'),
          rule: 'Journals: rows with the same Journal No',
        },
      ],
      2,
    );
    await seeText(page, refusal, 30_000);
    const { token } = await apiSession(member.email, member.password);
    expect((await listUploadedFiles(token, organizationId)).map((file) => file.name)).not.toContain(name);
  }, 120_000);
});
