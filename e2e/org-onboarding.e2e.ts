import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_FOLDERS, onboardingMessages } from '@finboard/shared/onboarding';
import { apiLogin, apiSession, createOrganization, listWarehouseRecords, randomLetters } from './support/api';
import { seeText, usePage } from './support/browser';
import { DEMO_USER, E2E_ADMIN } from './support/constants';
import { logInAndLand } from './support/ui';

// Issue 14, acceptance 1 as far as it is built: the three steps on the embedded defaults, cloning the demo
// organization's reference data and importing its pipelines. (Uploads into the container: not yet.)
const currentPage = usePage();
let page: Page;
beforeEach(() => {
  page = currentPage();
});

const visibleOption = (text: string | RegExp) =>
  page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first();
const stepTab = (name: string) => page.locator('.ant-steps-item', { hasText: name });

describe('Org - Onboarding', () => {
  it("an admin gives a new organization its container, a database cloned from the demo's reference data and the demo's pipelines", async () => {
    const adminToken = await apiLogin(E2E_ADMIN.email, E2E_ADMIN.password);
    const demo = await apiSession(DEMO_USER.email, DEMO_USER.password);
    const suffix = randomLetters(8);
    const organization = await createOrganization(adminToken, {
      organizationName: `Onboarded ${suffix}`,
      organizationEmail: `finance-${suffix}@onboarded.test`,
      organizationPhoneNumber: '2025550177',
    });
    const containerName = `files-${suffix}`;
    const databaseName = `books_${suffix}`;
    const factoryName = `adf-${suffix}`;

    await logInAndLand(page, E2E_ADMIN.email, E2E_ADMIN.password, '/organizations');
    await page.getByRole('link', { name: 'Org - Onboarding' }).click();
    await page.getByRole('heading', { name: 'Org - Onboarding' }).waitFor();
    await page.getByLabel('Organization', { exact: true }).click();
    await page.getByLabel('Organization', { exact: true }).fill(organization.name);
    await visibleOption(organization.name).click();

    // Storage: the container with its folders; a second run says nothing changed.
    await page.getByLabel('Container name').fill(containerName);
    await page.getByRole('button', { name: 'Create Container & Folders' }).click();
    await seeText(page, onboardingMessages.containerCreated(containerName, DEFAULT_FOLDERS));
    await page.getByTestId('step-state-storage').getByText('done', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Create Container & Folders' }).click();
    await seeText(page, onboardingMessages.containerExisted(containerName));

    // Database: cloned from the demo organization's warehouse.
    await stepTab('Database').click();
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
    await stepTab('Data Factory').click();
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
    await page.getByRole('link', { name: 'Data Management Studio' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe(`?organization=${organization.id}`);
  });
});
