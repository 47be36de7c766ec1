import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { accountingMessages } from '@finboard/shared/accounting';
import { seeText, usePage, waitForPath } from './support/browser';
import { apiLogin, createOrganizationWithMember, grantAllDashboards } from './support/api';
import { E2E_ADMIN } from './support/constants';
import { QUICKBOOKS_COMPANY, QUICKBOOKS_JOURNAL, QUICKBOOKS_SALE } from './support/quickbooks-ledger';
import { logInAndLand, openProfileMenu, openStudioTable } from './support/ui';
import {
  INTACCT_COMPANY,
  INTACCT_JOURNAL,
  INTACCT_REVENUE,
  INTACCT_SALE,
  INTACCT_SENDER,
  INTACCT_USER,
} from './support/intacct-ledger';
import {
  NETSUITE_ACCOUNT_ID,
  NETSUITE_AMOUNT,
  NETSUITE_CERTIFICATE_ID,
  NETSUITE_CONSUMER_KEY,
  NETSUITE_MEMO,
  NETSUITE_REVENUE,
  NETSUITE_TRANSACTION,
} from './support/netsuite-ledger';

const currentPage = usePage();
let page: Page;
beforeEach(() => {
  page = currentPage();
});

// An organization of their own: the synced books (and the period of this month they create) never meet the
// demo's, which other journeys read.
let member: { email: string; password: string };
let organizationId: string;
beforeAll(async () => {
  const adminToken = await apiLogin(E2E_ADMIN.email, E2E_ADMIN.password);
  const created = await createOrganizationWithMember(adminToken, 'Ledgers', { firstName: 'Ada', lastName: 'Lovelace' });
  member = created.member;
  organizationId = created.organization.id;
  // Profit & Loss among the statements the user may open.
  await grantAllDashboards(adminToken, created.organization.id, member);
});

/** The Studio's GL_Detail in this month's period (the one the syncs create): the journal's two lines. */
async function syncedLinesInStudio(journalId: string) {
  // A toast over the navigation stays while the pointer rests on it (antd pauses its timer on hover): the click
  // waits until the toasts of the connection and the sync are gone, not under a pointer that keeps them.
  await expect.poll(() => page.locator('.ant-message-notice').count(), { timeout: 15_000 }).toBe(0);
  await page.getByRole('menu', { name: 'Main navigation' }).getByText('Data Management', { exact: true }).click();
  await waitForPath(page, '/data-management');
  await openStudioTable(page, 'GL_Detail');
  await page.getByLabel('Period', { exact: true }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: new Date().toISOString().slice(0, 7) })
    .first()
    .click();
  const synced = page.locator('.ag-grid-scrolling-container .ag-row[row-index]', {
    has: page.locator('.ag-cell[col-id="journal_id"]', { hasText: journalId }),
  });
  await expect.poll(() => synced.count(), { timeout: 15_000 }).toBe(2);
  return synced;
}

describe('Apps', () => {
  it('a finance user connects QuickBooks, syncs, and finds the synced lines in the Studio and in Profit & Loss', async () => {
    await logInAndLand(page, member.email, member.password, '/pipelines');
    await page.getByRole('menu', { name: 'Main navigation' }).getByText('Apps', { exact: true }).click();
    await waitForPath(page, '/apps');
    await page.getByRole('heading', { name: 'Apps', exact: true }).waitFor();
    const card = page.getByTestId('connection-QuickBooks Online');
    await card.getByText('Not connected').waitFor();

    // Connect: Intuit's page (the fake consents at once) sends the browser back to /apps.
    const callback = page.waitForRequest((request) => request.url().includes('/api/v1/quickbooks/callback'));
    await card.getByRole('button', { name: 'Connect' }).click();
    await seeText(page, accountingMessages.connected('QuickBooks'), 20_000);
    await waitForPath(page, '/apps');
    await card.getByText('Connected', { exact: true }).waitFor();
    await card.getByText(QUICKBOOKS_COMPANY).waitFor();

    // Intuit's link back works once: opened again, it changes nothing and the page says why.
    await page.goto((await callback).url());
    await seeText(page, accountingMessages.stateInvalid);
    await waitForPath(page, '/apps');
    await card.getByText(QUICKBOOKS_COMPANY).waitFor();
    await card.getByRole('button', { name: 'Connect a different company' }).waitFor();

    // Sync now: the run is followed live until it completes; the card counts the rows.
    await card.getByRole('button', { name: 'Sync now' }).click();
    await seeText(page, accountingMessages.syncStarted);
    const newestRun = page.locator('.ant-table-tbody .ant-table-row').first();
    await expect
      .poll(() => newestRun.innerText(), { timeout: 30_000 })
      .toMatch(/QuickBooks Online\s+Completed\s+Sync completed: 2 accounts and 2 journal lines written/);
    await expect.poll(() => card.innerText(), { timeout: 15_000 }).toMatch(/Rows synced\s+4/);

    // The Studio shows the lines, source quickbooks, in the period the sync created.
    const synced = await syncedLinesInStudio(QUICKBOOKS_JOURNAL);
    expect(await synced.first().locator('.ag-cell[col-id="description"]').innerText()).toBe(QUICKBOOKS_SALE);
    // The accounts came with the lines: QuickBooks' own ids, with no account number, become QBO-<id>.
    expect(await synced.first().locator('.ag-cell[col-id="account_code"]').innerText()).toBe(
      'QBO-35 · QuickBooks Checking',
    );

    // Profit & Loss for this month shows the synced sale under its QuickBooks income account.
    const month = new Date().toISOString().slice(0, 7);
    await page.goto(`/dashboard?name=${encodeURIComponent('Profit & Loss')}&from=${month}&to=${month}`);
    await page.getByRole('heading', { name: 'Profit & Loss' }).waitFor();
    await page
      .getByRole('button', { name: /Landscaping Services, .*4,321\.50\. Show the GL lines$/ })
      .first()
      .waitFor({ timeout: 15_000 });
  });

  it('a finance user adds a Sage Intacct connection, syncs, and finds the lines in the Studio and in Profit & Loss', async () => {
    await logInAndLand(page, member.email, member.password, '/pipelines');
    await page.getByRole('menu', { name: 'Main navigation' }).getByText('Apps', { exact: true }).click();
    await waitForPath(page, '/apps');
    const card = page.getByTestId('connection-Sage Intacct');
    await card.getByText('Not connected').waitFor();

    // Add Connection: the server signs in to the (fake) gateway with these before it keeps them.
    await card.getByRole('button', { name: 'Connect' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Connection' });
    await dialog.waitFor();
    await dialog.getByLabel('Company ID').fill(INTACCT_COMPANY);
    await dialog.getByLabel('User ID').fill(INTACCT_USER.userId);
    await dialog.getByLabel('User password').fill(INTACCT_USER.password);
    await dialog.getByLabel('Sender ID').fill(INTACCT_SENDER.senderId);
    await dialog.getByLabel('Sender password').fill(INTACCT_SENDER.senderPassword);
    await dialog.getByRole('button', { name: 'Add Connections' }).click();
    await seeText(page, accountingMessages.connected('Sage Intacct'), 20_000);
    await card.getByText('Connected', { exact: true }).waitFor();
    await card.getByText(INTACCT_COMPANY).waitFor();

    // Sync now: followed live until it completes.
    await card.getByRole('button', { name: 'Sync now' }).click();
    await seeText(page, accountingMessages.syncStarted);
    const newestRun = page.locator('.ant-table-tbody .ant-table-row').first();
    await expect
      .poll(() => newestRun.innerText(), { timeout: 30_000 })
      .toMatch(/Sage Intacct\s+Completed\s+Sync completed: 2 accounts and 2 journal lines written/);
    await expect.poll(() => card.innerText(), { timeout: 15_000 }).toMatch(/Rows synced\s+4/);

    // The Studio shows the journal's lines in the period the sync created.
    const month = new Date().toISOString().slice(0, 7);
    const synced = await syncedLinesInStudio(INTACCT_JOURNAL);
    expect(await synced.first().locator('.ag-cell[col-id="description"]').innerText()).toBe(INTACCT_SALE);

    // Profit & Loss for this month shows the synced revenue account with its amount.
    await page.goto(`/dashboard?name=${encodeURIComponent('Profit & Loss')}&from=${month}&to=${month}`);
    await page.getByRole('heading', { name: 'Profit & Loss' }).waitFor();
    const revenue = page.locator('.ant-table-row', { hasText: INTACCT_REVENUE.name });
    await expect.poll(() => revenue.first().innerText(), { timeout: 15_000 }).toContain('2,750.00');
  }, 180_000);

  it('a finance user adds a NetSuite connection, syncs, and finds the lines in the Studio and in Profit & Loss', async () => {
    await logInAndLand(page, member.email, member.password, '/pipelines');
    await page.getByRole('menu', { name: 'Main navigation' }).getByText('Apps', { exact: true }).click();
    await waitForPath(page, '/apps');
    const card = page.getByTestId('connection-NetSuite');
    await card.getByText('Not connected').waitFor();

    // Add Connection: the account, the integration's consumer key and the certificate (its PEM key pasted).
    await card.getByRole('button', { name: 'Add Connection' }).click();
    const form = page.getByRole('dialog', { name: 'Add Connection' });
    await form.getByLabel('Account ID').fill(NETSUITE_ACCOUNT_ID);
    await form.getByLabel('Consumer Key').fill(NETSUITE_CONSUMER_KEY);
    await form.getByLabel('Certificate ID').fill(NETSUITE_CERTIFICATE_ID);
    await form.getByLabel('Certificate Private Key').fill(inject('netsuitePrivateKey'));
    await form.getByRole('button', { name: 'Connect' }).click();
    await seeText(page, accountingMessages.connected('NetSuite'), 20_000);
    await card.getByText('Connected', { exact: true }).waitFor();

    // Sync now: followed live until it completes.
    await card.getByRole('button', { name: 'Sync now' }).click();
    await seeText(page, accountingMessages.syncStarted);
    const newestRun = page.locator('.ant-table-tbody .ant-table-row').first();
    await expect
      .poll(() => newestRun.innerText(), { timeout: 30_000 })
      .toMatch(/NetSuite\s+Completed\s+Sync completed: 2 accounts and 2 journal lines written/);
    await expect.poll(() => card.innerText(), { timeout: 15_000 }).toMatch(/Rows synced\s+4/);

    // The Studio shows the lines, in the current month's period the sync created.
    const month = new Date().toISOString().slice(0, 7);
    const synced = await syncedLinesInStudio(NETSUITE_TRANSACTION);
    expect(await synced.first().locator('.ag-cell[col-id="description"]').innerText()).toBe(NETSUITE_MEMO);
    // Polled: the grid may draw its rows again (the accounts' names arrive) between two reads.
    await expect
      .poll(async () => (await synced.locator('.ag-cell[col-id="account_code"]').allInnerTexts()).sort())
      .toEqual(['1190 · NetSuite Operating Account', `4590 · ${NETSUITE_REVENUE}`]);

    // Profit & Loss for the current month: the synced revenue account with its amount.
    await page.goto(`/dashboard?name=${encodeURIComponent('Profit & Loss')}&from=${month}&to=${month}`);
    await page.getByRole('heading', { name: 'Profit & Loss' }).waitFor();
    const amount = NETSUITE_AMOUNT.toLocaleString('en-US', { minimumFractionDigits: 2 });
    await page
      .getByRole('button', { name: new RegExp(`${NETSUITE_REVENUE}.*: ${amount}\\. Show the GL lines`) })
      .first()
      .waitFor({ timeout: 20_000 });
  }, 180_000);
});

describe('Apps without QuickBooks configured on the server', () => {
  /** The server of this run has QuickBooks configured: its answer is changed to say it has not. */
  async function quickbooksNotConfigured() {
    await page.route('**/api/v1/quickbooks/accounts?**', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: { configured: boolean } };
      await route.fulfill({ response, json: { ...body, data: { ...body.data, configured: false } } });
    });
  }

  it('an organization user is told to ask their administrator, never what to set on the server', async () => {
    await quickbooksNotConfigured();
    await logInAndLand(page, member.email, member.password, '/pipelines');
    await page.getByRole('menu', { name: 'Main navigation' }).getByText('Apps', { exact: true }).click();
    await waitForPath(page, '/apps');
    const card = page.getByTestId('connection-QuickBooks Online');
    await card.getByText(accountingMessages.quickbooksNotEnabled).waitFor();
    expect(await card.innerText()).not.toContain('QUICKBOOKS_');
    expect(await page.locator('body').innerText()).not.toContain('operations guide');

    // The user guide is in their profile menu; the operations guide is not theirs to read.
    await openProfileMenu(page);
    expect(await page.getByRole('menuitem', { name: 'Operations guide' }).count()).toBe(0);
    await page.getByRole('menuitem', { name: 'User guide' }).click();
    await waitForPath(page, '/guides/user-guide');
    await page.getByRole('heading', { name: 'Getting started (a new organization)' }).waitFor();
    await page.getByRole('img', { name: "Data Management Studio on the demo organization's GL detail" }).waitFor();
    await page.goto('/guides/operations');
    await seeText(page, 'You do not have permission to view this page.');
  });

  it('an administrator is told what to set and where the operations guide describes it', async () => {
    await quickbooksNotConfigured();
    await logInAndLand(page, E2E_ADMIN.email, E2E_ADMIN.password, '/portfolio');
    await page.goto(`/apps?organization=${organizationId}`);
    const card = page.getByTestId('connection-QuickBooks Online');
    await card.getByText(accountingMessages.quickbooksNotConfigured).waitFor();
    expect(await card.innerText()).not.toContain(accountingMessages.quickbooksNotEnabled);
    // The link opens the operations guide at its Configuration section, which names the variables.
    await card.getByRole('link', { name: 'Configuration in the operations guide' }).click();
    await waitForPath(page, '/guides/operations');
    const configuration = page.getByRole('heading', { name: 'Configuration', exact: true });
    await configuration.waitFor();
    // In view, below the sticky app header.
    const headerBottom = await page.locator('.ant-layout-header').evaluate((h) => h.getBoundingClientRect().bottom);
    await expect
      .poll(() => configuration.evaluate((heading) => Math.round(heading.getBoundingClientRect().top)))
      .toBeGreaterThanOrEqual(Math.round(headerBottom));
    expect(await configuration.evaluate((heading) => heading.getBoundingClientRect().top)).toBeLessThan(200);
    await page.getByRole('cell', { name: 'QUICKBOOKS_CLIENT_ID, QUICKBOOKS_CLIENT_SECRET', exact: true }).waitFor();
  });
});
