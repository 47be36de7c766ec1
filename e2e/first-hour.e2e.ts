import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { suggestedResourceNames } from '@finboard/shared/onboarding';
import { REPORT_TEMPLATE_LABELS } from '@finboard/shared/reports';
import { uploadApiMessages } from '@finboard/shared/uploads';
import { userMessages } from '@finboard/shared/users';
import { waitForEmail } from './support/api';
import { seeText, usePage, waitForPath } from './support/browser';
import { E2E_ADMIN } from './support/constants';
import { csvFile } from './support/gl-csv';
import { uniqueName } from './support/organizations-ui';
import { logInAndLand } from './support/ui';
import { chooseInUploadForm, uploadButton, uploadForm } from './support/upload-ui';

// The first hour: an administrator onboards a new client in Org - Onboarding and invites its user; the user
// signs in for the first time, sees the organization's statements and the getting started checklist, loads a
// chart and a general ledger from CSV files and opens Profit & Loss. The journey counts each person's steps
// (fields typed, clicks, choices, files picked) and prints them with the time the user's part took.
const currentPage = usePage();
let page: Page;
beforeEach(() => {
  page = currentPage();
});

/** Counts one person's steps: a field typed, a click, a choice or a file picked. */
function stepCounter() {
  const counter = {
    steps: 0,
    step: async (action: () => Promise<unknown>) => {
      counter.steps++;
      await action();
    },
  };
  return counter;
}

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
  it('an administrator onboards a new client and invites its user, who goes from the first sign-in to Profit & Loss from CSV files, guided by the checklist', async () => {
    const organizationName = uniqueName('Firsthour');
    const email = `noor-${randomUUID().slice(0, 8)}@firsthour.test`;
    const password = 'F1rstHour!Pass';

    // The administrator: Org - Onboarding from the portfolio, the organization added in the stepper,
    // each resource under the name proposed from the organization's, then Add a user from the summary.
    const admin = stepCounter();
    admin.steps++;
    await logInAndLand(page, E2E_ADMIN.email, E2E_ADMIN.password, '/portfolio');
    await admin.step(() => page.getByRole('link', { name: 'Org - Onboarding' }).click());
    await page.getByRole('heading', { name: 'Org - Onboarding' }).waitFor();
    await admin.step(() => page.getByRole('button', { name: 'Add Organization' }).click());
    const organizationForm = page.getByRole('dialog', { name: 'Add Organization' });
    await admin.step(() => organizationForm.getByLabel('Organization name').fill(organizationName));
    await admin.step(() => organizationForm.getByLabel('Email', { exact: true }).fill('finance@firsthour.test'));
    await admin.step(() => organizationForm.getByLabel('Phone number').fill('(555) 010-2030'));
    await admin.step(() => organizationForm.getByRole('button', { name: 'Add Organization' }).click());
    await organizationForm.waitFor({ state: 'hidden' });

    const suggested = suggestedResourceNames(organizationName);
    await page.getByLabel('Container name').waitFor();
    expect(await page.getByLabel('Container name').inputValue()).toBe(suggested.containerName);
    await admin.step(() => page.getByRole('button', { name: 'Create Container & Folders' }).click());
    await page.getByTestId('step-state-storage').getByText('done', { exact: true }).waitFor();
    await admin.step(() => page.getByRole('button', { name: 'Next', exact: true }).click());
    // A new client starts with an empty warehouse: its own chart comes from its files.
    expect(await page.getByLabel('Database name').inputValue()).toBe(suggested.databaseName);
    await admin.step(() => page.getByRole('button', { name: 'Create Database' }).click());
    await page.getByTestId('step-state-database').getByText('done', { exact: true }).waitFor({ timeout: 30_000 });
    await admin.step(() => page.getByRole('button', { name: 'Next', exact: true }).click());
    expect(await page.getByLabel('Data factory name').inputValue()).toBe(suggested.dataFactoryName);
    await admin.step(() => page.getByRole('button', { name: 'Create Data Factory' }).click());
    await page.getByTestId('step-state-data-factory').getByText('done', { exact: true }).waitFor();

    // The summary says what exists; the six statements are the organization's dashboards.
    await admin.step(() => page.getByRole('button', { name: 'Next', exact: true }).click());
    const summary = page.getByRole('region', { name: 'Onboarding summary' });
    await summary.getByText(`Container: ${suggested.containerName} (done)`).waitFor();
    expect(await summary.getByText(/^Dashboards: /).innerText()).toBe(
      `Dashboards: 6 dashboards (${Object.values(REPORT_TEMPLATE_LABELS).join(', ')})`,
    );
    await admin.step(() => summary.getByRole('link', { name: 'Add a user' }).click());
    const userForm = page.getByRole('dialog', { name: 'Add New User' });
    await userForm.locator('.ant-select', { hasText: organizationName }).waitFor();
    await admin.step(() => userForm.getByLabel('First name').fill('Noor'));
    await admin.step(() => userForm.getByLabel('Last name').fill('Haddad'));
    await admin.step(() => userForm.getByLabel('Email').fill(email));
    await admin.step(() => userForm.getByLabel('Phone number').fill('202 555 0177'));
    await admin.step(() => userForm.getByRole('button', { name: 'Add User' }).click());
    await seeText(page, userMessages.createdInvite);
    process.stdout.write(
      `First hour: the administrator onboarded the client and invited its user in ${admin.steps} steps\n`,
    );

    // The user: the invitation's link, a password, the first sign-in.
    const invite = await waitForEmail(email, /invited/);
    const link = /https?:\/\/\S+\/reset-password\/\S+/.exec(invite.text)?.[0];
    expect(link).toBeDefined();
    await page.evaluate(() => localStorage.clear());
    const started = Date.now();
    const user = stepCounter();
    const { step } = user;
    await page.goto(link!);
    await step(() => page.getByLabel('New password').fill(password));
    await step(() => page.getByLabel('Confirm password').fill(password));
    await step(() => page.getByRole('button', { name: 'Reset Password' }).click());
    await waitForPath(page, '/reset-password/success');

    const checklist = page.getByRole('region', { name: 'Getting started' });
    const checklistStep = (title: string, state: 'done' | 'to do') =>
      checklist.getByRole('listitem', { name: `${title}: ${state}` });

    // Signed in (typing the e-mail and password, one step), the user lands on Pipelines with the checklist.
    user.steps++;
    await logInAndLand(page, email, password, '/pipelines');
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
    process.stdout.write(
      `First hour: the user went from the invitation to Profit & Loss in ${user.steps} steps, ${seconds} s in the browser\n`,
    );
    expect(user.steps).toBeLessThanOrEqual(20);

    // Back on Pipelines the checklist is done, and gone.
    await page.goto('/pipelines');
    await page.locator('.ant-card', { hasText: 'Available pipelines' }).waitFor();
    expect(await checklist.count()).toBe(0);
  }, 300_000);
});
