import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { journalMessages } from '@finboard/shared/journals';
import { pipelineMessages } from '@finboard/shared/pipelines';
import { uploadApiMessages } from '@finboard/shared/uploads';
import type { DataFilter } from '@finboard/shared/data-management';
import {
  apiLogin,
  apiSession,
  createOrganizationWithMember,
  deleteJournal,
  deleteWarehouseRecord,
  listWarehouseRecords,
} from './support/api';
import { seeText, usePage, waitForPath } from './support/browser';
import { DEMO_USER, E2E_ADMIN } from './support/constants';
import { logInAndLand, openStudioTable } from './support/ui';
import { csvFile, glCsv, nextPeriod, OUR_HEADER } from './support/gl-csv';
import { fillGlUpload, listedFile, uploadButton } from './support/upload-ui';
import { dataTypeId, pendingFiles, runPipelineAndWait, uploadCsv } from './support/upload-api';

// Issue 10, acceptance 1: a GL file from the laptop to the Studio, all through the page; and a run that fails.
const currentPage = usePage();
let page: Page;
beforeEach(() => {
  page = currentPage();
});

let demo: { token: string; organizationId: string };
let glDetailId = '';
/** Accounts of the demo's chart (cash, revenue): the run checks that they exist. */
let accounts: [string, string];
/**
 * The demo books end with the month before today's: the journey loads the month after them, the failing
 * run the one after that. No other journey uses these periods, and the teardown takes the loaded one out
 * again, so the journeys that read the demo's newest period find the books as `npm run demo` made them.
 */
let newPeriod = '';
let failingPeriod = '';
const JOURNEY_JOURNALS = 3;

const demoGl = (filters: DataFilter[], pageSize = 1) =>
  listWarehouseRecords(demo.token, demo.organizationId, '02_GL_Detail', { filters, pageSize });
const inPeriod = (period: string): DataFilter[] => [{ column: 'period', op: 'eq', value: period }];

beforeAll(async () => {
  const session = await apiSession(DEMO_USER.email, DEMO_USER.password);
  demo = { token: session.token, organizationId: session.organizationId ?? '' };
  glDetailId = await dataTypeId(demo.token, demo.organizationId, 'GL Detail');
  const [latest] = (
    await listWarehouseRecords(demo.token, demo.organizationId, '00_Period', {
      sortBy: 'Period',
      sortOrder: 'desc',
      pageSize: 1,
    })
  ).rows;
  newPeriod = nextPeriod(String(latest?.Period));
  failingPeriod = nextPeriod(newPeriod);
  const chart = (await listWarehouseRecords(demo.token, demo.organizationId, '01_Account', { pageSize: 100 })).rows;
  const cash = chart.find((account) => account.account_subtype === 'cash');
  const revenue = chart.find((account) => account.account_type === 'revenue');
  accounts = [String(cash?.account_code), String(revenue?.account_code)];
  expect(accounts).not.toContain('undefined');
  // Nothing waits for the GL pipeline: the journey's run takes its own file only.
  expect(await pendingFiles(demo.token, demo.organizationId, 'GL Detail')).toBe(0);
});

/**
 * The demo books as they were: the journey's journals and the period row its run created from the posting
 * dates go. A journey stopped between its upload and its run leaves the file waiting: it is loaded first,
 * so that it cannot join another journey's run.
 */
afterAll(async () => {
  if ((await pendingFiles(demo.token, demo.organizationId, 'GL Detail')) > 0)
    await runPipelineAndWait(demo.token, demo.organizationId, 'GL Detail');
  const lines = (await demoGl(inPeriod(newPeriod), 100)).rows;
  for (const journal of new Set(lines.map((line) => String(line.journal_id))))
    await deleteJournal(demo.token, demo.organizationId, journal, 'upload');
  const periods = await listWarehouseRecords(demo.token, demo.organizationId, '00_Period', {
    filters: [{ column: 'Period', op: 'eq', value: newPeriod }],
  });
  for (const period of periods.rows)
    await deleteWarehouseRecord(demo.token, demo.organizationId, '00_Period', period.row_id);
  const left = (await demoGl(inPeriod(newPeriod))).pagination.total;
  if (left !== 0) throw new Error(`${left} GL lines of ${newPeriod} are left in the demo books`);
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
  it('the demo user uploads a GL file for a new period, runs GL Detail on the Pipelines page, watches it finish and finds its lines in the Studio', async () => {
    const name = `gl-${newPeriod}.csv`;
    const lines = JOURNEY_JOURNALS * 2;
    await logInAndLand(page, DEMO_USER.email, DEMO_USER.password, '/pipelines');

    // Upload: the file is sealed in the browser and sent with its progress bar.
    await page.getByRole('menu', { name: 'Main navigation' }).getByText('Upload', { exact: true }).click();
    await waitForPath(page, '/file-upload');
    await page.getByRole('heading', { name: 'Upload', exact: true }).waitFor();
    await fillGlUpload(page, newPeriod, [
      csvFile(name, glCsv(OUR_HEADER, newPeriod, accounts, JOURNEY_JOURNALS, `E2E-${newPeriod}`)),
    ]);
    await uploadButton(page).click();
    const progress = page.getByRole('progressbar', { name: `Upload of ${name}` });
    await progress.waitFor();
    await seeText(page, uploadApiMessages.uploaded, 30_000);
    expect(await progress.getAttribute('aria-valuenow')).toBe('100');
    // Listed, newest first, waiting for its pipeline: status uploaded and every line counted.
    const listed = listedFile(page, name);
    await listed.waitFor();
    const text = await listed.innerText();
    for (const shown of [
      'GL Detail',
      newPeriod,
      'Uploaded',
      String(lines),
      `${DEMO_USER.firstName} ${DEMO_USER.lastName}`,
    ])
      expect(text).toContain(shown);

    // Pipelines: the file waits for GL Detail, shown with the GL badge and its table.
    await page.getByRole('menu', { name: 'Main navigation' }).getByText('Pipelines', { exact: true }).click();
    await waitForPath(page, '/pipelines');
    await expect.poll(() => page.title()).toBe('Pipelines');
    const glRow = availableRow('GL Detail');
    await expect.poll(() => glRow.innerText()).toMatch(/^GL Detail\s*GL\s+GL_Detail\s+1\s/);

    await runGlDetail();
    await seeText(page, pipelineMessages.allRan);
    expect(await runCard().locator('.ant-tag').first().innerText()).toBe('succeeded');
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

    // The new period's lines, in the warehouse and in the Studio's period filter: exactly the file's.
    expect((await demoGl(inPeriod(newPeriod))).pagination.total).toBe(lines);
    await page.getByRole('menu', { name: 'Main navigation' }).getByText('Data Management', { exact: true }).click();
    await waitForPath(page, '/data-management');
    // The table's first rows first: its toolbar settles before the period is picked. The period row the
    // run created from the posting dates is offered by the period filter (which searches as one types).
    await openStudioTable(page, 'GL_Detail');
    await page.getByLabel('Period', { exact: true }).fill(newPeriod);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: newPeriod }).first().click();
    const cells = (column: string) =>
      page.locator(`.ag-grid-scrolling-container .ag-row[row-index] .ag-cell[col-id="${column}"]`).allInnerTexts();
    await expect.poll(async () => [...new Set(await cells('period'))]).toEqual([newPeriod]);
    await seeText(page, `${lines} records`);
    expect((await cells('journal_id')).toSorted()).toEqual(
      Array.from({ length: JOURNEY_JOURNALS }, (_, index) => `E2E-${newPeriod}-${index + 1}`).flatMap((id) => [id, id]),
    );
  }, 120_000);

  it('a run whose journal does not balance fails, says so and shows the journal in its drawer; the warehouse keeps its rows', async () => {
    await uploadCsv(demo.token, {
      organizationId: demo.organizationId,
      dataTypeId: glDetailId,
      period: failingPeriod,
      name: `pipeline-journey-${failingPeriod}.csv`,
      // One journal of two lines: its debit line (line 2 of the file) says 111.25 against a credit of 101.25.
      csv: glCsv(OUR_HEADER, failingPeriod, accounts, 1, 'E2E-PIPE-BAD', (line) => (line === 2 ? '111.25' : '')),
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
    expect(await problems.first().innerText()).toContain(`pipeline-journey-${failingPeriod}.csv`);
    const download = page.waitForEvent('download');
    await drawer.getByRole('button', { name: 'Download problems (CSV)' }).click();
    expect((await download).suggestedFilename()).toMatch(/^gl-detail-run-[0-9a-f]{8}-problems\.csv$/);

    // The warehouse is as it was: nothing of the failed period.
    const left = await listWarehouseRecords(demo.token, demo.organizationId, '02_GL_Detail', {
      filters: [{ column: 'period', op: 'eq', value: failingPeriod }],
    });
    expect(left.pagination.total).toBe(0);
    // The file is rejected with its problem: it waits for no later run.
    expect(await pendingFiles(demo.token, demo.organizationId, 'GL Detail')).toBe(0);
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
    await logInAndLand(page, E2E_ADMIN.email, E2E_ADMIN.password, '/portfolio');
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
