import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { uploadApiMessages } from '@finboard/shared/uploads';
import { apiLogin, createOrganizationWithMember, grantAllDashboards } from './support/api';
import { usePage, waitForPath } from './support/browser';
import { csvFile } from './support/gl-csv';
import { E2E_ADMIN } from './support/constants';
import { logInAndLand } from './support/ui';
import { fillUpload, listedFile, uploadButton } from './support/upload-ui';

// Issue 23 §2: a firm starts a client from a trial balance — a Debit/Credit export uploaded to Trial Balance with
// "Use as opening balances" — and the Balance Sheet at the period's end shows it. In an organization of its own,
// whose chart starts empty: every account comes from the file.
const currentPage = usePage();
let page: Page;
beforeEach(() => {
  page = currentPage();
});

let member: { email: string; password: string };

beforeAll(async () => {
  const admin = await apiLogin(E2E_ADMIN.email, E2E_ADMIN.password);
  const created = await createOrganizationWithMember(admin, 'Bakery', { firstName: 'Hana', lastName: 'Okafor' });
  member = created.member;
  await grantAllDashboards(admin, created.organization.id, member);
});

/** A trial balance of closing balances as accounting systems export it: title lines, Debit and Credit, a total. */
const TRIAL_BALANCE = [
  'Trial Balance',
  'Harbor Bakery',
  'As of January 31, 2026',
  '',
  'Account,Debit,Credit',
  '1000 Checking,"18,250.00",',
  '1200 Accounts Receivable,"4,300.00",',
  '2000 Accounts Payable,,"2,150.00"',
  '3000 Owner\'s Equity,,"15,000.00"',
  '4000 Sales,,"9,800.00"',
  '5000 Rent Expense,"4,400.00",',
  'TOTAL,"26,950.00","26,950.00"',
].join('\r\n');
const FILE = 'trial-balance-2026-01.csv';

/** A table row's cells, trimmed. */
const cells = (text: string) => text.split('\t').map((cell) => cell.trim());

describe('Opening balances from a trial balance', () => {
  it('uploads a Debit/Credit trial balance as opening balances, runs, and sees it on the Balance Sheet', async () => {
    await logInAndLand(page, member.email, member.password, '/pipelines');
    await page.goto('/file-upload');
    await fillUpload(page, 'Trial Balance', '2026-01', [csvFile(FILE, TRIAL_BALANCE)]);

    const preview = page.getByRole('region', { name: `Preview of ${FILE}` });
    await preview.getByText(/^Recognized as Trial balance/).waitFor({ timeout: 30_000 });
    await preview.getByText('Debits equal credits', { exact: true }).waitFor();
    const opening = preview.getByRole('checkbox', { name: 'Use as opening balances' });
    expect(await opening.isChecked()).toBe(false);
    await opening.check();
    await preview
      .getByText(
        'Also posts the balances to the ledger (GL Detail) as one balanced journal “Opening balances 2026-01” dated ' +
          'the period’s first day, so the ledger can be added from then on. A period is required.',
        { exact: true },
      )
      .waitFor();
    await expect.poll(() => uploadButton(page).isEnabled(), { timeout: 20_000 }).toBe(true);

    // One upload stores the file twice: for the trial balance, and for the ledger as its opening journal.
    await uploadButton(page).click();
    await page
      .getByRole('listitem', { name: FILE })
      .getByText(uploadApiMessages.uploaded, { exact: true })
      .waitFor({ timeout: 30_000 });
    await expect.poll(() => listedFile(page, FILE).count()).toBe(2);

    // Run every pipeline with files waiting: the ledger's, then the trial balance's.
    await page.getByRole('menu', { name: 'Main navigation' }).getByText('Pipelines', { exact: true }).click();
    await waitForPath(page, '/pipelines');
    await page.getByRole('button', { name: 'Run Pipeline: every pipeline with files waiting' }).click();
    const runs = page.locator('.ant-card', { hasText: 'Current runs' });
    await expect
      .poll(async () => (await runs.locator('.ant-tag').allInnerTexts()).slice(0, 2).sort(), { timeout: 60_000 })
      .toEqual(['succeeded', 'succeeded']);

    // The Balance Sheet at the end of January: the trial balance's balances, the month's profit in equity.
    await page.goto(`/dashboard?name=${encodeURIComponent('Balance Sheet')}&from=2026-01&to=2026-01`);
    await page.getByRole('heading', { name: 'Balance Sheet' }).waitFor();
    const statementRow = (label: string) =>
      page
        .locator('.ant-table-row', { has: page.getByText(label, { exact: true }) })
        .first()
        .innerText();
    await expect.poll(async () => cells(await statementRow('Total assets'))[1], { timeout: 20_000 }).toBe('22,550.00');
    expect(cells(await statementRow('Total liabilities'))[1]).toBe('2,150.00');
    expect(cells(await statementRow('Total liabilities and equity'))[1]).toBe('22,550.00');
  }, 180_000);
});
