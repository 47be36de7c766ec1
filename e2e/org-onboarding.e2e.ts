import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { DEFAULT_FOLDERS, onboardingMessages, suggestedResourceNames } from '@finboard/shared/onboarding';
import { uploadApiMessages } from '@finboard/shared/uploads';
import { apiLogin, apiSession, findOrganizationByName, listWarehouseRecords, randomLetters } from './support/api';
import { seeText, usePage } from './support/browser';
import { DEMO_USER, E2E_ADMIN } from './support/constants';
import { csvFile, glCsv, OUR_HEADER } from './support/gl-csv';
import { openAddOrganization } from './support/organizations-ui';
import { logInAndLand } from './support/ui';
import { fillGlUpload, listedFile, uploadButton } from './support/upload-ui';

// Issue 14, acceptance 1: an admin adds a new organization in the stepper and onboards it end to end on the
// embedded defaults (container, a database cloned from the demo's reference data, the demo's pipelines),
// then uploads a file for it that lands in its container's incoming folder and is moved to processed by its
// pipeline.
const currentPage = usePage();
let page: Page;
beforeEach(() => {
  page = currentPage();
});

const visibleOption = (text: string | RegExp) =>
  page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first();
/** The e2e server's DATA_DIR (global-setup.ts): the local container store is its `containers` folder. */
const serverDataDir = () => inject('dataDir');
const stepTab = (name: string) => page.locator('.ant-steps-item', { hasText: name });
const availableRow = (name: string) =>
  page.locator('.ant-card', { hasText: 'Available pipelines' }).locator('.ant-table-row', { hasText: name });

describe('Org - Onboarding', () => {
  it('an admin adds a new organization in the stepper, onboards it from the demo, and its upload goes incoming → processed', async () => {
    const adminToken = await apiLogin(E2E_ADMIN.email, E2E_ADMIN.password);
    const demo = await apiSession(DEMO_USER.email, DEMO_USER.password);
    const suffix = randomLetters(8);
    const organizationName = `Onboarded ${suffix}`;
    const containerName = `files-${suffix}`;
    const databaseName = `books_${suffix}`;
    const factoryName = `adf-${suffix}`;

    await logInAndLand(page, E2E_ADMIN.email, E2E_ADMIN.password, '/portfolio');
    await page.getByRole('link', { name: 'Org - Onboarding' }).click();
    await page.getByRole('heading', { name: 'Org - Onboarding' }).waitFor();

    // First step: the organization, added here with the organizations' own form; the stepper moves on.
    const dialog = await openAddOrganization(page, organizationName);
    await dialog.getByRole('button', { name: 'Add Organization' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByLabel('Container name').waitFor();
    const organization = await findOrganizationByName(adminToken, organizationName);

    // Each step proposes a name from the organization's; the administrator may change it.
    const suggested = suggestedResourceNames(organizationName);
    expect(await page.getByLabel('Container name').inputValue()).toBe(suggested.containerName);

    // Storage: the container with its folders; a second run says nothing changed.
    await page.getByLabel('Container name').fill(containerName);
    await page.getByRole('button', { name: 'Create Container & Folders' }).click();
    await seeText(page, onboardingMessages.containerCreated(containerName, DEFAULT_FOLDERS));
    await page.getByTestId('step-state-storage').getByText('done', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Create Container & Folders' }).click();
    await seeText(page, onboardingMessages.containerExisted(containerName));

    // Database (reached with Next): cloned from the demo organization's warehouse.
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    expect(await page.getByLabel('Database name').inputValue()).toBe(suggested.databaseName);
    await page.getByLabel('Database name').fill(databaseName);
    await page.getByLabel('Clone from', { exact: true }).click();
    await page.getByLabel('Clone from', { exact: true }).fill('Harbor');
    const demoOption = visibleOption(/^Harbor Precision Components \(/);
    const demoDatabase = /\(([^)]+)\)$/.exec((await demoOption.textContent()) ?? '')?.[1] ?? '';
    await demoOption.click();
    await page.getByRole('button', { name: 'Create Database' }).click();
    await seeText(page, onboardingMessages.databaseCloned(databaseName, demoDatabase));
    await page.getByTestId('step-state-database').getByText('done', { exact: true }).waitFor();

    // The reference data came, the ledger did not.
    const accounts = await listWarehouseRecords(adminToken, organization.id, '01_Account', { pageSize: 1 });
    const demoAccounts = await listWarehouseRecords(demo.token, demo.organizationId ?? '', '01_Account', {
      pageSize: 1,
    });
    expect(accounts.pagination.total).toBe(demoAccounts.pagination.total);
    expect(accounts.pagination.total).toBeGreaterThan(0);
    const ledger = await listWarehouseRecords(adminToken, organization.id, '02_GL_Detail', { pageSize: 1 });
    expect(ledger.pagination.total).toBe(0);

    // Data factory: imported with the demo's pipeline definitions, data types and column mappings.
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    expect(await page.getByLabel('Data factory name').inputValue()).toBe(suggested.dataFactoryName);
    await page.getByLabel('Data factory name').fill(factoryName);
    await page.getByLabel('Import from', { exact: true }).click();
    await page.getByLabel('Import from', { exact: true }).fill('Harbor');
    await visibleOption(/^Harbor Precision Components \(/).click();
    await page.getByRole('button', { name: 'Import Data Factory' }).click();
    await seeText(page, onboardingMessages.dataFactoryImported(factoryName, demoDatabase));
    await page.getByTestId('step-state-data-factory').getByText('done', { exact: true }).waitFor();

    // The summary links to the organization's pages.
    await stepTab('Summary').click();
    await page.getByText(`Container: ${containerName} (done)`).waitFor();
    await page.getByText(`Database: ${databaseName} (done)`).waitFor();
    await page.getByText(`Data factory: ${factoryName} (done)`).waitFor();
    const summary = page.getByRole('region', { name: 'Onboarding summary' });
    expect(await summary.getByText(/^Dashboards: /).innerText()).toMatch(/^Dashboards: \d+ dashboards? \(.+\)$/);
    expect(await summary.getByText(/^Users: /).innerText()).toBe('Users: 0 users Add a user');
    // Back returns to the step before.
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.getByLabel('Data factory name').waitFor();
    await stepTab('Summary').click();
    await page.getByRole('link', { name: 'Data Management Studio' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe(`?organization=${organization.id}`);

    // An upload for the new organization lands in its container's incoming folder (on accounts cloned from
    // the demo, in a month the demo has not closed)…
    const period = '2031-01';
    await page.goto(`/file-upload?organization=${organization.id}`);
    await fillGlUpload(page, period, [
      csvFile('onboarded.csv', glCsv(OUR_HEADER, period, ['1110', '4110'], 2, `ONB${suffix}`)),
    ]);
    await uploadButton(page).click();
    await seeText(page, uploadApiMessages.uploaded, 30_000);
    await listedFile(page, 'onboarded.csv').getByText(`${containerName}/incoming`, { exact: true }).waitFor();
    expect(fs.readdirSync(path.join(serverDataDir(), 'containers', containerName, 'incoming'))).toHaveLength(1);

    // …and its pipeline, run from the organization's Pipelines page, moves it to processed.
    await page.goto(`/pipelines?organization=${organization.id}`);
    await availableRow('GL Detail').getByRole('button', { name: 'Run Pipeline GL Detail' }).click();
    await expect
      .poll(
        async () => {
          await page.goto(`/file-upload?organization=${organization.id}`);
          return listedFile(page, 'onboarded.csv').innerText({ timeout: 10_000 });
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toContain(`${containerName}/processed`);
    expect(fs.readdirSync(path.join(serverDataDir(), 'containers', containerName, 'incoming'))).toEqual([]);
    expect(fs.readdirSync(path.join(serverDataDir(), 'containers', containerName, 'processed'))).toHaveLength(1);
    const loaded = await listWarehouseRecords(adminToken, organization.id, '02_GL_Detail', { pageSize: 1 });
    expect(loaded.pagination.total).toBe(4);
  }, 180_000);
});
