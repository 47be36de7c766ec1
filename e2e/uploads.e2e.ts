import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@finboard/shared/messages';
import { csvRefusalMessage, uploadApiMessages, uploadMessages } from '@finboard/shared/uploads';
import {
  apiLogin,
  apiSession,
  createOrganizationWithMember,
  createWarehouseRecord,
  listUploadedFiles,
  listWarehouseRecords,
} from './support/api';
import { downloadedText, seeText, usePage, waitForPath } from './support/browser';
import { csvFile, glCsv, OUR_HEADER } from './support/gl-csv';
import { E2E_ADMIN } from './support/constants';
import { logInAndLand } from './support/ui';
import { runPipelineAndWait } from './support/upload-api';
import {
  chooseInUploadForm,
  fillGlUpload,
  fillUpload,
  listedFile,
  uploadButton,
  uploadForm,
} from './support/upload-ui';

// Issue 10, acceptance 1's second journey (column mapping) and the page's refusals, in an organization of
// their own (the first journey, upload to Studio, is pipelines.e2e.ts's).
const currentPage = usePage();
let page: Page;
beforeEach(() => {
  page = currentPage();
});

let member: { email: string; password: string };
let memberOrganization = { id: '', name: '' };

beforeAll(async () => {
  const admin = await apiLogin(E2E_ADMIN.email, E2E_ADMIN.password);
  const created = await createOrganizationWithMember(admin, 'Northwind', { firstName: 'Ada', lastName: 'Byron' });
  member = created.member;
  memberOrganization = created.organization;
});

describe('Upload', () => {
  // GL Detail, chart of accounts and trial balance files are previewed and read with a layout instead
  // (real-exports.e2e.ts); the other data types keep the column mapping step, here the budget.
  it("maps the columns of another system's export once; the next file of that layout needs no mapping", async () => {
    const period = '2026-11';
    const budgetCsv = (lines: string[]) => `${['Period,Account No,Dept,Budget Amount', ...lines].join('\r\n')}\r\n`;
    await logInAndLand(page, member.email, member.password, '/pipelines');
    await page.goto('/file-upload');
    await fillUpload(page, 'Budget', period, [
      csvFile(
        'budget-1.csv',
        budgetCsv([`${period},4000,Sales,1500.00`, `${period},4000,Services,700.00`, `${period},1000,Sales,25.50`]),
      ),
    ]);
    await uploadButton(page).click();

    // The mapping step: the file's columns beside the expected ones, the suggestions chosen.
    const dialog = page.getByRole('dialog', { name: 'Map the columns of budget-1.csv' });
    await dialog.waitFor();
    const mappingRow = (fileColumn: string) =>
      dialog.locator('.ant-table-row', { has: page.getByText(fileColumn, { exact: true }) }).innerText();
    expect(await mappingRow('Account No')).toMatch(/account_code \(required\)\s+85 %/);
    expect(await mappingRow('Budget Amount')).toMatch(/amount \(required\)\s+85 %/);
    expect(await mappingRow('Dept')).toMatch(/department\s+85 %/);
    expect(await mappingRow('Period')).toMatch(/period \(required\)\s+95 %/);
    await dialog.getByRole('button', { name: 'Confirm mapping' }).click();
    await seeText(page, uploadApiMessages.uploaded, 30_000);
    await listedFile(page, 'budget-1.csv').waitFor();

    // The layout was saved on the data type: the same export uploads without asking.
    await uploadForm(page)
      .getByLabel('Files', { exact: true })
      .setInputFiles([
        csvFile('budget-2.csv', budgetCsv([`${period},4000,Admin,250.00`, `${period},1000,Admin,125.75`])),
      ]);
    await uploadButton(page).click();
    await page
      .getByRole('listitem', { name: 'budget-2.csv' })
      .getByText(uploadApiMessages.uploaded, { exact: true })
      .waitFor({ timeout: 30_000 });
    expect(await page.getByRole('dialog', { name: 'Map the columns of budget-2.csv' }).count()).toBe(0);
    await listedFile(page, 'budget-2.csv').waitFor();

    // Both files were kept with every line, and their pipeline loads each value into its mapped column.
    const { token } = await apiSession(member.email, member.password);
    const files = (await listUploadedFiles(token, memberOrganization.id)).filter((file) =>
      file.name.startsWith('budget-'),
    );
    expect(files.map(({ name, status, rows }) => ({ name, status, rows }))).toEqual([
      { name: 'budget-2.csv', status: 'uploaded', rows: 2 },
      { name: 'budget-1.csv', status: 'uploaded', rows: 3 },
    ]);
    for (const account of [
      { account_code: '1000', account_name: 'Cash', account_type: 'asset' },
      { account_code: '4000', account_name: 'Product Sales', account_type: 'revenue' },
    ])
      await createWarehouseRecord(token, memberOrganization.id, '01_Account', account);
    expect(await runPipelineAndWait(token, memberOrganization.id, 'Budget')).toBe('succeeded');
    // The run loads its two files in either order: the rows are compared by department and account.
    const budget = await listWarehouseRecords(token, memberOrganization.id, '03_Budget', { sortBy: 'row_id' });
    const byDepartmentAndAccount = (a: { department: unknown; account_code: unknown }, b: typeof a) =>
      `${String(a.department)}|${String(a.account_code)}`.localeCompare(
        `${String(b.department)}|${String(b.account_code)}`,
      );
    expect(
      budget.rows
        .map(({ period: rowPeriod, account_code, department, amount }) => ({
          period: rowPeriod,
          account_code,
          department,
          amount: Number(amount),
        }))
        .sort(byDepartmentAndAccount),
    ).toEqual([
      { period, account_code: '1000', department: 'Admin', amount: 125.75 },
      { period, account_code: '4000', department: 'Admin', amount: 250 },
      { period, account_code: '1000', department: 'Sales', amount: 25.5 },
      { period, account_code: '4000', department: 'Sales', amount: 1500 },
      { period, account_code: '4000', department: 'Services', amount: 700 },
    ]);
  }, 90_000);

  it('shows bytes and speed while a file goes, and Cancel stops it: nothing is stored', async () => {
    const name = 'slow.csv';
    await logInAndLand(page, member.email, member.password, '/pipelines');
    await page.goto('/file-upload');
    // A slow line, so the upload is still under way when the user cancels it.
    const network = await page.context().newCDPSession(page);
    await network.send('Network.enable');
    await network.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 64 * 1024,
    });
    await fillGlUpload(page, '2026-11', [csvFile(name, glCsv(OUR_HEADER, '2026-11', ['1000', '4000'], 6000, 'SLOW'))]);
    await uploadButton(page).click();

    const row = page.getByRole('listitem', { name });
    await row.getByText(/^[\d.]+ (B|kB|MB) of [\d.]+ (kB|MB) · [\d.]+ (B|kB|MB)\/s$/).waitFor({ timeout: 30_000 });
    await row.getByRole('button', { name: `Cancel ${name}` }).click();
    await row.getByText('Cancelled', { exact: true }).waitFor();
    expect(Number(await row.getByRole('progressbar').getAttribute('aria-valuenow'))).toBeLessThan(100);
    await network.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    // The server kept nothing of the cancelled file.
    const { token } = await apiSession(member.email, member.password);
    expect((await listUploadedFiles(token, memberOrganization.id)).map((file) => file.name)).not.toContain(name);
  });

  it('refuses a file with a non-numeric debit on line 7, naming the line, with a problems report', async () => {
    const period = '2026-11';
    const name = 'bad-debit.csv';
    await logInAndLand(page, member.email, member.password, '/pipelines');
    await page.goto('/file-upload');
    const text = glCsv(OUR_HEADER, period, ['1000', '4000'], 5, 'BAD', (line) => (line === 7 ? '12,3x' : ''));
    await fillGlUpload(page, period, [csvFile(name, text)]);
    await uploadButton(page).click();

    const refusal = csvRefusalMessage(
      [{ line: 7, column: 'debit', value: '12,3x', problem: uploadMessages.notNumber }],
      1,
    );
    await seeText(page, refusal, 30_000);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download problems report' }).click();
    const report = await download;
    expect(report.suggestedFilename()).toBe('bad-debit-problems.csv');
    expect(await downloadedText(report)).toBe('line,column,value,problem\r\n7,debit,"12,3x",is not a number\r\n');
    // A refused file is not kept.
    const { token } = await apiSession(member.email, member.password);
    expect((await listUploadedFiles(token, memberOrganization.id)).map((file) => file.name)).not.toContain(name);
  });

  it('asks for a file before uploading, and an admin for the organization first', async () => {
    await logInAndLand(page, member.email, member.password, '/pipelines');
    await page.goto('/file-upload');
    await chooseInUploadForm(page, 'Data type', 'Chart of Accounts');
    // Not period-based: no period asked.
    await expect.poll(() => uploadForm(page).getByLabel('Period', { exact: true }).count()).toBe(0);
    // By keyboard alone, in reading order: data type, the file drop zone, Upload.
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim());
    await uploadForm(page).getByLabel('Data type', { exact: true }).focus();
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Click or drag CSV files here');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Upload');
    await page.keyboard.press('Enter');
    await seeText(page, uploadApiMessages.selectFile);

    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await waitForPath(page, '/login');
    await logInAndLand(page, E2E_ADMIN.email, E2E_ADMIN.password, '/portfolio');
    await page.goto('/file-upload');
    await seeText(page, messages.selectOrganization);
    // From the Organization Profile, the page opens with the organization picked.
    await page.goto(`/organizations/${memberOrganization.id}`);
    await page.getByRole('link', { name: 'Upload' }).click();
    await waitForPath(page, '/file-upload');
    // The organization's own data types are offered, and its files listed.
    await chooseInUploadForm(page, 'Data type', 'GL Detail');
    await uploadForm(page).getByLabel('Period', { exact: true }).waitFor();
    await page.getByRole('region', { name: 'Uploaded files' }).locator('.ant-table').waitFor();
  });
});
