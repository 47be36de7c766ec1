import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REPORT_TEMPLATE_LABELS } from '@finboard/shared/reports';
import { uploadApiMessages } from '@finboard/shared/uploads';
import { apiLogin, createOrganizationWithMember } from './support/api';
import { seeText, usePage, waitForPath } from './support/browser';
import { E2E_ADMIN } from './support/constants';
import { csvFile } from './support/gl-csv';
import { logInAndLand } from './support/ui';
import { chooseInUploadForm, uploadButton, uploadForm } from './support/upload-ui';

// The first hour: a new client's user signs in for the first time, sees the organization's statements and the
// getting started checklist, loads a chart and a general ledger from CSV files and opens Profit & Loss. The
// journey counts the person's steps (clicks, choices, files picked) and prints them with the time it took.
const currentPage = usePage();
let page: Page;
beforeEach(() => {
  page = currentPage();
});

let member: { email: string; password: string };

beforeAll(async () => {
  const admin = await apiLogin(E2E_ADMIN.email, E2E_ADMIN.password);
  ({ member } = await createOrganizationWithMember(admin, 'Firsthour', { firstName: 'Noor', lastName: 'Haddad' }));
});

const CHART = [
  'Code,Name,Type',
  '1000,Checking,Bank',
  '3000,Owner Capital,Equity',
  '4000,Design income,Income',
  '6100,Rent,Expense',
].join('\n');
const LEDGER = [
  'Journal No,Date,Account,Description,Debit,Credit',
  'J1,2026-01-02,1000,Owner invests,"5,000.00",',
  'J1,2026-01-02,3000,Owner invests,,"5,000.00"',
  'J2,2026-01-15,1000,Garden design,"1,200.00",',
  'J2,2026-01-15,4000,Garden design,,"1,200.00"',
  'J3,2026-01-31,6100,January rent,900.00,',
  'J3,2026-01-31,1000,January rent,,900.00',
].join('\n');

describe('the first hour', () => {
  it("a new client's user goes from the first sign-in to Profit & Loss from CSV files, guided by the checklist", async () => {
    const started = Date.now();
    let steps = 0;
    /** One thing the person does: a click, a choice or a file picked. */
    const step = async (action: () => Promise<unknown>) => {
      steps++;
      await action();
    };
    const checklist = page.getByRole('region', { name: 'Getting started' });
    const checklistStep = (title: string, state: 'done' | 'to do') =>
      checklist.getByRole('listitem', { name: `${title}: ${state}` });

    // Signed in (typing the e-mail and password, one step), the user lands on Pipelines with the checklist.
    steps++;
    await logInAndLand(page, member.email, member.password, '/pipelines');
    await checklistStep('Load your chart of accounts', 'to do').waitFor();
    await checklistStep('Load your general ledger', 'to do').waitFor();
    await checklistStep('Open Profit & Loss', 'to do').waitFor();

    // The organization's six statements are in the Dashboard menu at once: no grant was needed.
    await step(() => page.getByRole('button', { name: 'Open dashboards' }).click());
    const drawer = page.getByRole('dialog', { name: 'Dashboard' });
    await expect
      .poll(async () => (await drawer.getByRole('link').allInnerTexts()).toSorted())
      .toEqual(Object.values(REPORT_TEMPLATE_LABELS).toSorted());
    await step(() => page.keyboard.press('Escape'));
    await drawer.waitFor({ state: 'hidden' });

    /** From the checklist's step to the upload page, one file of a data type uploaded, back to Pipelines and run. */
    async function uploadAndRun(checklistTitle: string, dataType: string, name: string, content: string) {
      await step(() => checklistStep(checklistTitle, 'to do').getByRole('link', { name: 'Upload files' }).click());
      await waitForPath(page, '/file-upload');
      await step(() => chooseInUploadForm(page, 'Data type', dataType));
      await step(() =>
        uploadForm(page)
          .getByLabel('Files', { exact: true })
          .setInputFiles([csvFile(name, content)]),
      );
      await page
        .getByRole('region', { name: `Preview of ${name}` })
        .getByText(/^Recognized as /)
        .waitFor({ timeout: 30_000 });
      await expect.poll(() => uploadButton(page).isEnabled(), { timeout: 20_000 }).toBe(true);
      await step(() => uploadButton(page).click());
      await page.getByRole('listitem', { name }).getByText(uploadApiMessages.uploaded, { exact: true }).waitFor({
        timeout: 30_000,
      });
      await step(() =>
        page.getByRole('menu', { name: 'Main navigation' }).getByText('Pipelines', { exact: true }).click(),
      );
      await waitForPath(page, '/pipelines');
      await step(() =>
        page
          .locator('.ant-card', { hasText: 'Available pipelines' })
          .locator('.ant-table-row', { hasText: dataType })
          .getByRole('button', { name: `Run Pipeline ${dataType}` })
          .click(),
      );
      await expect
        .poll(() => page.locator('.ant-card', { hasText: 'Current runs' }).locator('.ant-tag').first().innerText(), {
          timeout: 60_000,
        })
        .toBe('succeeded');
      await checklistStep(checklistTitle, 'done').waitFor({ timeout: 30_000 });
    }

    await uploadAndRun('Load your chart of accounts', 'Chart of Accounts', 'chart.csv', CHART);
    await uploadAndRun('Load your general ledger', 'GL Detail', 'ledger-2026-01.csv', LEDGER);

    // The last step opens Profit & Loss: January's net income is 300.00.
    await step(() =>
      checklistStep('Open Profit & Loss', 'to do').getByRole('link', { name: 'Open Profit & Loss' }).click(),
    );
    await page.getByRole('heading', { name: 'Profit & Loss' }).waitFor();
    const netIncome = page.locator('.ant-table-row', { has: page.getByText(/^Net income$/) }).first();
    await expect.poll(async () => (await netIncome.innerText()).includes('300.00'), { timeout: 20_000 }).toBe(true);
    await seeText(page, '4000 Design income');

    const seconds = Math.round((Date.now() - started) / 1000);
    process.stdout.write(`First hour: first sign-in to Profit & Loss in ${steps} steps, ${seconds} s in the browser\n`);
    expect(steps).toBeLessThanOrEqual(20);

    // Back on Pipelines the checklist is done, and gone.
    await page.goto('/pipelines');
    await page.locator('.ant-card', { hasText: 'Available pipelines' }).waitFor();
    expect(await checklist.count()).toBe(0);
  }, 300_000);
});
