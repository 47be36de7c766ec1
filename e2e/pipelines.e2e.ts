import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { journalMessages } from '@finboard/shared/journals';
import { pipelineMessages } from '@finboard/shared/pipelines';
import { apiLogin, apiSession, createOrganizationWithMember, listWarehouseRecords } from './support/api';
import { baseURL, seeText, usePage, waitForPath } from './support/browser';
import { DEMO_USER, E2E_ADMIN } from './support/constants';
import { logInAndLand } from './support/ui';
import { dataTypeId, uploadCsv } from './support/upload-api';

const currentPage = usePage();
let page: Page;
beforeEach(() => {
  page = currentPage();
});

// The demo books run 2024-11 … 2026-10: these periods are new to them.
const NEW_PERIOD = '2026-11';
const FAILING_PERIOD = '2026-12';
const HEADER = 'journal_id,line_no,posting_date,period,account_code,description,debit,credit';

/**
 * One journal of two lines, 1100 against 4000; `credit` may differ from `debit` to unbalance it. The
 * other side is written 0.00: an empty amount reaches the GL table as NULL, which it refuses.
 */
const journalCsv = (journalId: string, period: string, debit: string, credit = debit) =>
  [
    HEADER,
    `${journalId},1,${period}-15,${period},1100,Cash sale (pipeline journey),${debit},0.00`,
    `${journalId},2,${period}-15,${period},4000,Cash sale (pipeline journey),0.00,${credit}`,
    '',
  ].join('\n');

let demo: { token: string; organizationId: string };
let glDetailId = '';

beforeAll(async () => {
  const session = await apiSession(DEMO_USER.email, DEMO_USER.password);
  demo = { token: session.token, organizationId: session.organizationId ?? '' };
  glDetailId = await dataTypeId(demo.token, demo.organizationId, 'GL Detail');
});

/**
 * The demo books as they were: other journeys take the newest period for the demo's open month. The
 * new period's journal and the period row the run created from its posting dates go again.
 */
afterAll(async () => {
  const remove = async (path: string) => {
    const response = await fetch(`${baseURL()}/api/v1/crud/${demo.organizationId}/${path}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${demo.token}` },
    });
    if (!response.ok) throw new Error(`DELETE ${path} → ${response.status} ${await response.text()}`);
  };
  const loaded = await listWarehouseRecords(demo.token, demo.organizationId, '02_GL_Detail', {
    filters: [{ column: 'period', op: 'eq', value: NEW_PERIOD }],
  });
  if (loaded.pagination.total > 0) await remove('journals/E2E-PIPE-0001?source=upload');
  const periods = await listWarehouseRecords(demo.token, demo.organizationId, '00_Period', {
    filters: [{ column: 'Period', op: 'eq', value: NEW_PERIOD }],
  });
  for (const period of periods.rows) await remove(`00_Period/${String(period.row_id)}`);
});

const availableRow = (name: string) =>
  page.locator('.ant-card', { hasText: 'Available pipelines' }).locator('.ant-table-row', { hasText: name });
const runCard = () => page.locator('.ant-card', { hasText: 'Current runs' });

const runDrawer = () => page.getByRole('dialog', { name: 'Run of GL Detail' });

/** Runs the GL Detail pipeline from its row, sees its progress bar, and waits for the run to be over. */
async function runGlDetail(): Promise<void> {
  await availableRow('GL Detail').getByRole('button', { name: 'Run Pipeline GL Detail' }).click();
  // The run shows at once with a progress bar, which the page refreshes until the run is over.
  await runCard().getByRole('progressbar', { name: 'Progress of GL Detail' }).waitFor();
  await expect
    .poll(() => runCard().locator('.ant-tag').first().innerText(), { timeout: 30_000 })
    .toMatch(/^(succeeded|failed)$/);
}

describe('Pipelines', () => {
  it('the demo user runs GL Detail on an uploaded file for a new period, watches it finish and finds its lines in the Studio', async () => {
    await uploadCsv(demo.token, {
      organizationId: demo.organizationId,
      dataTypeId: glDetailId,
      period: NEW_PERIOD,
      name: `gl-${NEW_PERIOD}.csv`,
      csv: journalCsv('E2E-PIPE-0001', NEW_PERIOD, '1250.00'),
    });

    await logInAndLand(page, DEMO_USER.email, DEMO_USER.password, '/pipelines');
    await expect.poll(() => page.title()).toBe('Pipelines');
    // The file waits for its pipeline, shown with the GL badge and its table.
    const glRow = availableRow('GL Detail');
    await expect.poll(() => glRow.innerText()).toMatch(/^GL Detail\s*GL\s+GL_Detail\s+1\s/);

    await runGlDetail();
    await seeText(page, pipelineMessages.allRan);
    await runCard().getByRole('button', { name: 'Details' }).click();
    const drawer = runDrawer();
    await expect.poll(() => drawer.locator('.ant-descriptions .ant-tag').innerText()).toBe('succeeded');
    // Its four steps, each done, and the counts of the run.
    const steps = drawer.locator('.ant-table-tbody .ant-table-row');
    await expect.poll(() => steps.count()).toBe(4);
    for (const [index, step] of ['Stage the files', 'Validate', 'Load into the warehouse', 'Refresh'].entries()) {
      expect(await steps.nth(index).innerText()).toContain(step);
      expect(await steps.nth(index).locator('.ant-tag').innerText()).toBe('done');
    }
    expect(await drawer.getByText('No problems recorded for this run').count()).toBe(1);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    // The history lists it first, and nothing waits any more.
    const history = page.locator('.ant-card', { hasText: 'Run history' });
    await expect.poll(() => history.locator('.ant-table-row').first().innerText()).toMatch(/^GL Detail\s+succeeded/);
    await expect.poll(() => glRow.innerText()).toMatch(/GL_Detail\s+0\b/);

    // The new period's lines, in the warehouse and in the Studio's period filter.
    const loaded = await listWarehouseRecords(demo.token, demo.organizationId, '02_GL_Detail', {
      filters: [{ column: 'period', op: 'eq', value: NEW_PERIOD }],
    });
    expect(loaded.pagination.total).toBe(2);
    await page.getByRole('menu', { name: 'Main navigation' }).getByText('Data Management', { exact: true }).click();
    await waitForPath(page, '/data-management');
    const tablePicker = page.getByLabel('Table', { exact: true });
    await tablePicker.click();
    await tablePicker.fill('GL');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^GL_Detail$/ }).click();
    await page.getByLabel('Period', { exact: true }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: NEW_PERIOD }).first().click();
    const journals = page.locator('.ag-grid-scrolling-container .ag-row[row-index] .ag-cell[col-id="journal_id"]');
    await expect.poll(async () => journals.allInnerTexts()).toEqual(['E2E-PIPE-0001', 'E2E-PIPE-0001']);
  }, 120_000);

  it('a run whose journal does not balance fails, says so and shows the journal in its drawer; the warehouse keeps its rows', async () => {
    await uploadCsv(demo.token, {
      organizationId: demo.organizationId,
      dataTypeId: glDetailId,
      period: FAILING_PERIOD,
      name: `gl-${FAILING_PERIOD}.csv`,
      csv: journalCsv('E2E-PIPE-0002', FAILING_PERIOD, '100.00', '90.00'),
    });
    await logInAndLand(page, DEMO_USER.email, DEMO_USER.password, '/pipelines');

    await runGlDetail();
    await seeText(page, pipelineMessages.someFailed);

    // Filter Pipelines: the failed runs only; then back to all.
    const history = page.locator('.ant-card', { hasText: 'Run history' });
    await history.getByLabel('Status', { exact: true }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^failed$/ }).click();
    await history.getByRole('button', { name: 'Apply Filter' }).click();
    const statuses = () => history.locator('.ant-table-row td:nth-child(2)').allInnerTexts();
    await expect.poll(async () => [...new Set(await statuses())]).toEqual(['failed']);
    await history.getByRole('button', { name: 'Clear Filter' }).click();
    await expect.poll(statuses).toContain('succeeded');

    // The newest run's details, opened from the history with the keyboard.
    await history.locator('.ant-table-row').first().getByRole('button').focus();
    await page.keyboard.press('Enter');
    const drawer = runDrawer();
    await drawer.waitFor();
    await expect.poll(() => drawer.locator('.ant-descriptions .ant-tag').innerText()).toBe('failed');
    // The run's error names the journal and its difference.
    const problem = journalMessages.outOfBalance('E2E-PIPE-0002', '10.00');
    await expect.poll(() => drawer.getByRole('alert').innerText()).toBe(problem);
    // The problems table names the file, the line and the journal, and downloads as CSV.
    const problems = drawer.locator('.ant-table', { hasText: 'Problem' }).locator('.ant-table-row');
    await expect.poll(() => problems.first().innerText()).toContain(problem);
    expect(await problems.first().innerText()).toContain(`gl-${FAILING_PERIOD}.csv`);
    const download = page.waitForEvent('download');
    await drawer.getByRole('button', { name: 'Download problems (CSV)' }).click();
    expect((await download).suggestedFilename()).toMatch(/^gl-detail-run-[0-9a-f]{8}-problems\.csv$/);

    // The warehouse is as it was: nothing of the failed period.
    const left = await listWarehouseRecords(demo.token, demo.organizationId, '02_GL_Detail', {
      filters: [{ column: 'period', op: 'eq', value: FAILING_PERIOD }],
    });
    expect(left.pagination.total).toBe(0);
  }, 120_000);

  it("says 'No files found to process.' when no pipeline has files waiting; an administrator picks the organization first", async () => {
    const admin = await apiLogin(E2E_ADMIN.email, E2E_ADMIN.password);
    const { organization, member } = await createOrganizationWithMember(admin, 'Pipelines', {
      firstName: 'Ada',
      lastName: 'Byron',
    });
    await logInAndLand(page, member.email, member.password, '/pipelines');
    await availableRow('GL Detail').waitFor();
    await page.getByRole('button', { name: 'Run Pipeline: every pipeline with files waiting' }).click();
    await seeText(page, pipelineMessages.noFiles);
    expect(await runCard().count()).toBe(0);
    await seeText(page, 'No pipeline runs match these filters');

    await page.evaluate(() => localStorage.clear());
    await logInAndLand(page, E2E_ADMIN.email, E2E_ADMIN.password, '/organizations');
    await page.getByRole('menu', { name: 'Main navigation' }).getByText('Pipelines', { exact: true }).click();
    await waitForPath(page, '/pipelines');
    await seeText(page, pipelineMessages.organizationRequired);
    await page.getByLabel('Organization', { exact: true }).click();
    await page.keyboard.type(organization.name);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: organization.name }).click();
    await expect
      .poll(() => page.locator('.ant-card', { hasText: 'Available pipelines' }).locator('.ant-table-row').count())
      .toBe(5);
  });
});
