import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { journalMessages } from '@finboard/shared/journals';
import {
  availablePipelinesResponseSchema,
  pipelineMessages,
  pipelineRunResponseSchema,
  runPipelineResponseSchema,
} from '@finboard/shared/pipelines';
import type { DataFilter } from '@finboard/shared/data-management';
import { apiLogin, apiSession, createOrganizationWithMember, listWarehouseRecords } from './support/api';
import { baseURL, seeText, usePage, waitForPath } from './support/browser';
import { DEMO_USER, E2E_ADMIN } from './support/constants';
import { logInAndLand } from './support/ui';
import { glCsv, OUR_HEADER } from './support/gl-csv';
import { dataTypeId, uploadCsv } from './support/upload-api';

const currentPage = usePage();
let page: Page;
beforeEach(() => {
  page = currentPage();
});

// The demo books run 2024-11 … 2026-10: these periods are new to them.
const NEW_PERIOD = '2026-11';
const FAILING_PERIOD = '2026-12';
// Accounts of the demo's chart (cash, revenue): the run checks that they exist.
const ACCOUNTS: [string, string] = ['1100', '4000'];
/** One balanced journal of two lines (`${prefix}-1`, 101.25 each side). */
const oneJournal = (period: string, prefix: string, debitOf?: (line: number) => string) =>
  glCsv(OUR_HEADER, period, ACCOUNTS, 1, prefix, debitOf);

let demo: { token: string; organizationId: string };
let glDetailId = '';

const demoGl = (filters: DataFilter[]) =>
  listWarehouseRecords(demo.token, demo.organizationId, '02_GL_Detail', { filters, pageSize: 1 });
const inPeriod = (period: string): DataFilter[] => [{ column: 'period', op: 'eq', value: period }];

/** The demo organization's GL Detail files waiting for their pipeline (another journey may have left one). */
async function pendingGlFiles(): Promise<number> {
  const response = await fetch(`${baseURL()}/api/v1/pipeline/list-available-pipelines/${demo.organizationId}`, {
    headers: { authorization: `Bearer ${demo.token}` },
  });
  const { data } = availablePipelinesResponseSchema.parse(await response.json());
  return data.pipelines.find((pipeline) => pipeline.isGlDetail)?.pendingFiles ?? 0;
}

beforeAll(async () => {
  const session = await apiSession(DEMO_USER.email, DEMO_USER.password);
  demo = { token: session.token, organizationId: session.organizationId ?? '' };
  glDetailId = await dataTypeId(demo.token, demo.organizationId, 'GL Detail');
});

/**
 * The demo books as they were: other journeys take the newest period for the demo's open month. When
 * the run also loaded a file another journey left waiting, one more file of the period replaces all of
 * its uploaded lines (period-based loads replace their periods); then that journal and the period row
 * the run created from the posting dates go.
 */
afterAll(async () => {
  const auth = { authorization: `Bearer ${demo.token}` };
  const remove = async (path: string) => {
    const response = await fetch(`${baseURL()}/api/v1/crud/${demo.organizationId}/${path}`, {
      method: 'DELETE',
      headers: auth,
    });
    if (!response.ok) throw new Error(`DELETE ${path} → ${response.status} ${await response.text()}`);
  };
  let journal = 'E2E-PIPE-1';
  const loaded = (await demoGl(inPeriod(NEW_PERIOD))).pagination.total;
  if (loaded > 2) {
    journal = 'E2E-PIPE-RESET-1';
    await uploadCsv(demo.token, {
      organizationId: demo.organizationId,
      dataTypeId: glDetailId,
      period: NEW_PERIOD,
      name: `pipeline-journey-${NEW_PERIOD}-reset.csv`,
      csv: oneJournal(NEW_PERIOD, 'E2E-PIPE-RESET'),
    });
    const queued = await fetch(
      `${baseURL()}/api/v1/pipeline/run-pipeline/${demo.organizationId}?pipelineName=GL%20Detail`,
      { method: 'POST', headers: auth },
    );
    const [runId] = runPipelineResponseSchema.parse(await queued.json()).data.runIds;
    // expect.poll belongs to tests: a plain wait here.
    const deadline = Date.now() + 60_000;
    let status = 'queued';
    while ((status === 'queued' || status === 'running') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const response = await fetch(`${baseURL()}/api/v1/pipeline/runs/${runId}`, { headers: auth });
      status = pipelineRunResponseSchema.parse(await response.json()).data.run.status;
    }
    if (status !== 'succeeded') throw new Error(`The run putting ${NEW_PERIOD} back ended ${status}`);
  }
  if (loaded > 0) await remove(`journals/${journal}?source=upload`);
  const periods = await listWarehouseRecords(demo.token, demo.organizationId, '00_Period', {
    filters: [{ column: 'Period', op: 'eq', value: NEW_PERIOD }],
  });
  for (const period of periods.rows) await remove(`00_Period/${String(period.row_id)}`);
  const left = (await demoGl(inPeriod(NEW_PERIOD))).pagination.total;
  if (left !== 0) throw new Error(`${left} GL lines of ${NEW_PERIOD} are left in the demo books`);
}, 90_000);

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
    // The upload journey may have left a file of its own waiting: the run loads it too.
    const waiting = (await pendingGlFiles()) + 1;
    await uploadCsv(demo.token, {
      organizationId: demo.organizationId,
      dataTypeId: glDetailId,
      period: NEW_PERIOD,
      name: `pipeline-journey-${NEW_PERIOD}.csv`,
      csv: oneJournal(NEW_PERIOD, 'E2E-PIPE'),
    });

    await logInAndLand(page, DEMO_USER.email, DEMO_USER.password, '/pipelines');
    await expect.poll(() => page.title()).toBe('Pipelines');
    // The file waits for its pipeline, shown with the GL badge and its table.
    const glRow = availableRow('GL Detail');
    await expect.poll(() => glRow.innerText()).toMatch(new RegExp(`^GL Detail\\s*GL\\s+GL_Detail\\s+${waiting}\\s`));

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
    expect((await demoGl([{ column: 'journal_id', op: 'eq', value: 'E2E-PIPE-1' }])).pagination.total).toBe(2);
    const inNewPeriod = (await demoGl(inPeriod(NEW_PERIOD))).pagination.total;
    await page.getByRole('menu', { name: 'Main navigation' }).getByText('Data Management', { exact: true }).click();
    await waitForPath(page, '/data-management');
    const tablePicker = page.getByLabel('Table', { exact: true });
    await tablePicker.click();
    await tablePicker.fill('GL');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^GL_Detail$/ }).click();
    await page.getByLabel('Period', { exact: true }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: NEW_PERIOD }).first().click();
    const cells = (column: string) =>
      page.locator(`.ag-grid-scrolling-container .ag-row[row-index] .ag-cell[col-id="${column}"]`).allInnerTexts();
    await expect.poll(async () => [...new Set(await cells('period'))]).toEqual([NEW_PERIOD]);
    await seeText(page, `${inNewPeriod.toLocaleString('en-US')} records`);
    if (inNewPeriod === 2) expect(await cells('journal_id')).toEqual(['E2E-PIPE-1', 'E2E-PIPE-1']);
  }, 120_000);

  it('a run whose journal does not balance fails, says so and shows the journal in its drawer; the warehouse keeps its rows', async () => {
    await uploadCsv(demo.token, {
      organizationId: demo.organizationId,
      dataTypeId: glDetailId,
      period: FAILING_PERIOD,
      name: `pipeline-journey-${FAILING_PERIOD}.csv`,
      // The journal's debit line (line 2 of the file) says 111.25 against a credit of 101.25.
      csv: oneJournal(FAILING_PERIOD, 'E2E-PIPE-BAD', (line) => (line === 2 ? '111.25' : '')),
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
    const problem = journalMessages.outOfBalance('E2E-PIPE-BAD-1', '10.00');
    await expect.poll(() => drawer.getByRole('alert').innerText()).toBe(problem);
    // The problems table names the file, the line and the journal, and downloads as CSV.
    const problems = drawer.locator('.ant-table', { hasText: 'Problem' }).locator('.ant-table-row');
    await expect.poll(() => problems.first().innerText()).toContain(problem);
    expect(await problems.first().innerText()).toContain(`pipeline-journey-${FAILING_PERIOD}.csv`);
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
