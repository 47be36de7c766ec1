import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@finboard/shared/messages';
import { csvRefusalMessage, uploadApiMessages, uploadMessages } from '@finboard/shared/uploads';
import {
  apiLogin,
  apiSession,
  createOrganizationWithMember,
  listUploadedFiles,
  listWarehouseRecords,
} from './support/api';
import { seeText, usePage, waitForPath } from './support/browser';
import { csvFile, EXPORT_HEADER, glCsv, nextPeriod, OUR_HEADER } from './support/gl-csv';
import { DEMO_USER, E2E_ADMIN } from './support/constants';
import { logInAndLand } from './support/ui';

// Issue 10, acceptance 1 (the upload half of the first journey, and the second) and the page's refusals.
const currentPage = usePage();
let page: Page;
beforeEach(() => {
  page = currentPage();
});

/** The upload form (the file list's filters below have a Data type too). */
const uploadForm = () => page.getByRole('form', { name: 'Upload files' });

/** Picks an option of the upload form's antd Select labelled `label`. */
async function choose(label: string, option: string): Promise<void> {
  await uploadForm().getByLabel(label, { exact: true }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: new RegExp(`^${option}$`) })
    .first()
    .click();
}

/** Fills the upload form: GL Detail, the period, and the files. */
async function fillUpload(period: string, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  await choose('Data type', 'GL Detail');
  const picker = uploadForm().getByLabel('Period', { exact: true });
  await picker.click();
  await picker.fill(period);
  await picker.press('Enter');
  await uploadForm().getByLabel('Files', { exact: true }).setInputFiles(files);
}

const uploadButton = () => uploadForm().getByRole('button', { name: 'Upload', exact: true });
const listedRow = (name: string) =>
  page.getByRole('region', { name: 'Uploaded files' }).locator('.ant-table-row', { hasText: name });

let demoAccounts: [string, string];
let demoPeriod = '';
let member: { email: string; password: string };
let memberOrganization = { id: '', name: '' };

beforeAll(async () => {
  const demo = await apiSession(DEMO_USER.email, DEMO_USER.password);
  const organizationId = demo.organizationId ?? '';
  const [latest] = (
    await listWarehouseRecords(demo.token, organizationId, '00_Period', {
      sortBy: 'Period',
      sortOrder: 'desc',
      pageSize: 1,
    })
  ).rows;
  demoPeriod = nextPeriod(String(latest?.Period));
  // Accounts that exist in the demo's chart: the pipeline run after the upload checks them.
  const accounts = (await listWarehouseRecords(demo.token, organizationId, '01_Account', { pageSize: 100 })).rows;
  const cash = accounts.find((account) => account.account_subtype === 'cash');
  const revenue = accounts.find((account) => account.account_type === 'revenue');
  demoAccounts = [String(cash?.account_code), String(revenue?.account_code)];
  expect(demoAccounts).not.toContain('undefined');

  const admin = await apiLogin(E2E_ADMIN.email, E2E_ADMIN.password);
  const created = await createOrganizationWithMember(admin, 'Northwind', { firstName: 'Ada', lastName: 'Byron' });
  member = created.member;
  memberOrganization = created.organization;
});

describe('Upload', () => {
  it('the demo user uploads a GL file for the month after the books, sees its progress and finds it listed', async () => {
    const name = `gl-${demoPeriod}.csv`;
    const journals = 1500;
    await logInAndLand(page, DEMO_USER.email, DEMO_USER.password, '/pipelines');
    await page.getByRole('menu', { name: 'Main navigation' }).getByText('Upload', { exact: true }).click();
    await waitForPath(page, '/file-upload');
    await page.getByRole('heading', { name: 'Upload', exact: true }).waitFor();

    await fillUpload(demoPeriod, [
      csvFile(name, glCsv(OUR_HEADER, demoPeriod, demoAccounts, journals, `UP-${demoPeriod}`)),
    ]);
    await uploadButton().click();

    const progress = page.getByRole('progressbar', { name: `Upload of ${name}` });
    await progress.waitFor();
    await seeText(page, uploadApiMessages.uploaded, 30_000);
    expect(await progress.getAttribute('aria-valuenow')).toBe('100');

    // Listed, newest first, waiting for its pipeline: status uploaded and every line counted.
    const row = listedRow(name);
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain('GL Detail');
    expect(text).toContain(demoPeriod);
    expect(text).toContain('Uploaded');
    expect(text).toContain((journals * 2).toLocaleString('en-US'));
    expect(text).toContain(`${DEMO_USER.firstName} ${DEMO_USER.lastName}`);
  });

  it("maps the columns of another system's export once; the next file of that layout needs no mapping", async () => {
    const period = '2026-11';
    await logInAndLand(page, member.email, member.password, '/pipelines');
    await page.goto('/file-upload');
    await fillUpload(period, [csvFile('export-1.csv', glCsv(EXPORT_HEADER, period, ['1000', '4000'], 3, 'EXP1'))]);
    await uploadButton().click();

    // The mapping step: the file's columns beside the expected ones, the suggestions chosen.
    const dialog = page.getByRole('dialog', { name: 'Map the columns of export-1.csv' });
    await dialog.waitFor();
    const mappingRow = (fileColumn: string) =>
      dialog.locator('.ant-table-row', { has: page.getByText(fileColumn, { exact: true }) }).innerText();
    expect(await mappingRow('Account No')).toMatch(/account_code \(required\)\s+85 %/);
    expect(await mappingRow('Amount Dr')).toMatch(/debit\s+85 %/);
    expect(await mappingRow('Date')).toMatch(/posting_date \(required\)\s+60 %/);
    await dialog.getByRole('button', { name: 'Confirm mapping' }).click();
    await seeText(page, uploadApiMessages.uploaded, 30_000);
    await listedRow('export-1.csv').waitFor();

    // The layout was saved on the data type: the same export uploads without asking.
    await uploadForm()
      .getByLabel('Files', { exact: true })
      .setInputFiles([csvFile('export-2.csv', glCsv(EXPORT_HEADER, period, ['1000', '4000'], 2, 'EXP2'))]);
    await uploadButton().click();
    await page
      .getByRole('listitem', { name: 'export-2.csv' })
      .getByText(uploadApiMessages.uploaded, { exact: true })
      .waitFor({ timeout: 30_000 });
    expect(await page.getByRole('dialog', { name: 'Map the columns of export-2.csv' }).count()).toBe(0);
    await listedRow('export-2.csv').waitFor();
  });

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
    await fillUpload('2026-11', [csvFile(name, glCsv(OUR_HEADER, '2026-11', ['1000', '4000'], 6000, 'SLOW'))]);
    await uploadButton().click();

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
    await fillUpload(period, [csvFile(name, text)]);
    await uploadButton().click();

    const refusal = csvRefusalMessage(
      [{ line: 7, column: 'debit', value: '12,3x', problem: uploadMessages.notNumber }],
      1,
    );
    await seeText(page, refusal, 30_000);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download problems report' }).click();
    const report = await download;
    expect(report.suggestedFilename()).toBe('bad-debit-problems.csv');
    expect(fs.readFileSync((await report.path())!, 'utf8')).toBe(
      'line,column,value,problem\r\n7,debit,"12,3x",is not a number\r\n',
    );
    // A refused file is not kept.
    const { token } = await apiSession(member.email, member.password);
    expect((await listUploadedFiles(token, memberOrganization.id)).map((file) => file.name)).not.toContain(name);
  });

  it('asks for a file before uploading, and an admin for the organization first', async () => {
    await logInAndLand(page, member.email, member.password, '/pipelines');
    await page.goto('/file-upload');
    await choose('Data type', 'Chart of Accounts');
    // Not period-based: no period asked.
    expect(await uploadForm().getByLabel('Period', { exact: true }).count()).toBe(0);
    // By keyboard alone, in reading order: data type, the file drop zone, Upload.
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim());
    await uploadForm().getByLabel('Data type', { exact: true }).focus();
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Click or drag CSV files here');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Upload');
    await page.keyboard.press('Enter');
    await seeText(page, uploadApiMessages.selectFile);

    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await waitForPath(page, '/login');
    await logInAndLand(page, E2E_ADMIN.email, E2E_ADMIN.password, '/organizations');
    await page.goto('/file-upload');
    await seeText(page, messages.selectOrganization);
    // From the Organization Profile, the page opens with the organization picked.
    await page.goto(`/organizations/${memberOrganization.id}`);
    await page.getByRole('link', { name: 'Upload' }).click();
    await waitForPath(page, '/file-upload');
    // The organization's own data types are offered, and its files listed.
    await choose('Data type', 'GL Detail');
    await uploadForm().getByLabel('Period', { exact: true }).waitFor();
    await page.getByRole('region', { name: 'Uploaded files' }).locator('.ant-table').waitFor();
  });
});
