import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DataFilter } from '@finboard/shared/data-management';
import { centsOf, centsToAmount, journalMessages } from '@finboard/shared/journals';
import { pipelineMessages } from '@finboard/shared/pipelines';
import { uploadApiMessages } from '@finboard/shared/uploads';
import {
  apiSession,
  deleteJournal,
  deleteWarehouseRecord,
  getJournal,
  listWarehouseRecords,
  replaceJournal,
} from './support/api';
import { seeText, usePage, waitForPath } from './support/browser';
import { DEMO_USER } from './support/constants';
import { csvFile, nextPeriod, OUR_HEADER } from './support/gl-csv';
import { docScreenshot } from './support/screenshots';
import { logInAndLand, openStudioTable } from './support/ui';
import { fillGlUpload, uploadButton, uploadForm } from './support/upload-ui';
import { dataTypeId, pendingFiles, runPipelineAndWait, uploadCsv } from './support/upload-api';

// The ledger engine's journey (one engine for every load): a second system's export loads beside the GL file,
// a re-upload is proposed as the replacement of the file it replaces and keeps the other file and the Studio
// correction, replacing a whole period asks first with what it removes, and "Undo this load" restores the
// period exactly.
const currentPage = usePage();
let page: Page;
beforeEach(() => {
  page = currentPage();
});

let demo: { token: string; organizationId: string };
let accounts: [string, string];
/**
 * The month after the demo books (as pipelines.e2e.ts's journey; the teardown takes it out again, so the
 * journeys after this one find the books as `npm run demo` made them), and the month after it for the
 * journey that overwrites Studio edits.
 */
let period = '';
let editsPeriod = '';

const glOf = (filters: DataFilter[]) =>
  listWarehouseRecords(demo.token, demo.organizationId, '02_GL_Detail', { filters, pageSize: 100 });
const inPeriod = (month: string): DataFilter[] => [{ column: 'period', op: 'eq', value: month }];

/** Journal ids of this journey (the demo's are `<kind>-YYYYMM-NNNN` with source manual; these are uploads). */
const nc = (month: string, n: number) => `NC-E2E${month.replace('-', '')}-000${n}`;

/** A GL file of our layout: per journal two lines, the cash account debited and revenue credited. */
function glFile(month: string, journals: [id: string, amount: string][]): string {
  const lines = [OUR_HEADER.join(',')];
  for (const [index, [id, amount]] of journals.entries()) {
    const date = `${month}-${String(10 + index).padStart(2, '0')}`;
    lines.push(`${id},1,${date},${month},${accounts[0]},${id} cash,${amount},0`);
    lines.push(`${id},2,${date},${month},${accounts[1]},${id} revenue,0,${amount}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** A day as the page writes it ('20 Nov 2026'), and a text to find as it is in a RegExp. */
const DAY = String.raw`\d{1,2} [A-Z][a-z]{2} \d{4}`;
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The period as an accountant checks it: its lines, and their debit and credit sums. */
async function periodTotals(month: string) {
  const { rows } = await glOf(inPeriod(month));
  const sum = (column: 'debit' | 'credit') =>
    centsToAmount(rows.reduce((total, row) => total + (centsOf(row[column] as string) ?? 0n), 0n));
  return { lines: rows.length, debit: sum('debit'), credit: sum('credit') };
}

/** Per journal of the period, its debit total: which journals are there, with which amounts. */
async function journalsOf(month: string): Promise<Record<string, string>> {
  const byJournal = new Map<string, bigint>();
  for (const row of (await glOf(inPeriod(month))).rows)
    byJournal.set(
      String(row.journal_id),
      (byJournal.get(String(row.journal_id)) ?? 0n) + (centsOf(row.debit as string) ?? 0n),
    );
  return Object.fromEntries([...byJournal].toSorted().map(([id, cents]) => [id, centsToAmount(cents)]));
}

beforeAll(async () => {
  const session = await apiSession(DEMO_USER.email, DEMO_USER.password);
  demo = { token: session.token, organizationId: session.organizationId ?? '' };
  const [latest] = (
    await listWarehouseRecords(demo.token, demo.organizationId, '00_Period', {
      sortBy: 'Period',
      sortOrder: 'desc',
      pageSize: 1,
    })
  ).rows;
  period = nextPeriod(String(latest?.Period));
  editsPeriod = nextPeriod(period);
  const chart = (await listWarehouseRecords(demo.token, demo.organizationId, '01_Account', { pageSize: 100 })).rows;
  const cash = chart.find((account) => account.account_subtype === 'cash');
  const revenue = chart.find((account) => account.account_type === 'revenue');
  accounts = [String(cash?.account_code), String(revenue?.account_code)];
  expect(accounts).not.toContain('undefined');
  // Nothing waits for the GL pipeline, and the months are empty: the journey's runs take its files only.
  expect(await pendingFiles(demo.token, demo.organizationId, 'GL Detail')).toBe(0);
  expect((await periodTotals(period)).lines).toBe(0);
});

/** The demo books as they were: the journeys' journals and the period rows their runs created go. */
afterAll(async () => {
  if ((await pendingFiles(demo.token, demo.organizationId, 'GL Detail')) > 0)
    await runPipelineAndWait(demo.token, demo.organizationId, 'GL Detail');
  for (const month of [period, editsPeriod]) {
    const lines = (await glOf(inPeriod(month))).rows;
    for (const journal of new Set(lines.map((line) => String(line.journal_id))))
      await deleteJournal(demo.token, demo.organizationId, journal, 'upload');
    const rows = await listWarehouseRecords(demo.token, demo.organizationId, '00_Period', {
      filters: [{ column: 'Period', op: 'eq', value: month }],
    });
    for (const row of rows.rows) await deleteWarehouseRecord(demo.token, demo.organizationId, '00_Period', row.row_id);
    const left = (await glOf(inPeriod(month))).pagination.total;
    if (left !== 0) throw new Error(`${left} GL lines of ${month} are left in the demo books`);
  }
}, 120_000);

const navigate = async (item: string, pathname: string) => {
  await page.getByRole('menu', { name: 'Main navigation' }).getByText(item, { exact: true }).click();
  await waitForPath(page, pathname);
};
const howFilesLoad = () => uploadForm(page).getByRole('region', { name: 'How the files load' });
const uploaded = (name: string) =>
  page
    .getByRole('listitem', { name })
    .getByText(uploadApiMessages.uploaded, { exact: true })
    .waitFor({ timeout: 30_000 });

const runCard = () => page.locator('.ant-card', { hasText: 'Current runs' });
const history = () => page.locator('.ant-card', { hasText: 'Run history' });
const runDrawer = () => page.getByRole('dialog', { name: 'Run of GL Detail' });
const confirmation = () => page.locator('.ant-modal-confirm');

/** Runs GL Detail from its row and waits for the run to be over; its status. */
async function runGlDetail(): Promise<string> {
  await page
    .locator('.ant-card', { hasText: 'Available pipelines' })
    .locator('.ant-table-row', { hasText: 'GL Detail' })
    .getByRole('button', { name: 'Run Pipeline GL Detail' })
    .click();
  await runCard().getByRole('progressbar', { name: 'Progress of GL Detail' }).first().waitFor();
  await expect
    .poll(() => runCard().locator('.ant-tag').first().innerText(), { timeout: 30_000 })
    .toMatch(/^(succeeded|failed)$/);
  return runCard().locator('.ant-tag').first().innerText();
}

async function closeDrawer() {
  await runDrawer().getByRole('button', { name: 'Close', exact: true }).click();
  await runDrawer().waitFor({ state: 'hidden' });
}

/** A count of the open run's drawer, by its label. */
const described = (drawer: Locator, label: string) =>
  drawer
    .locator('.ant-descriptions-item', {
      has: page.locator('.ant-descriptions-item-label', { hasText: new RegExp(`^${label}$`) }),
    })
    .locator('.ant-descriptions-item-content')
    .innerText();

async function expectChanges(drawer: Locator, changes: Record<string, string>) {
  await expect.poll(() => drawer.locator('.ant-descriptions .ant-tag').first().innerText()).toMatch(/succeeded|failed/);
  for (const [label, value] of Object.entries(changes)) expect(await described(drawer, label)).toBe(value);
}

/** The journal editor of the Studio: the journal's two lines corrected to `amount`, saved. */
async function correctInTheStudio(month: string, journalId: string, amount: string) {
  await navigate('Data Management', '/data-management');
  await openStudioTable(page, 'GL_Detail');
  await page.getByLabel('Period', { exact: true }).fill(month);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: month }).first().click();
  const row = page
    .locator('.ag-row[row-index]', { has: page.locator('.ag-cell[col-id="journal_id"]', { hasText: journalId }) })
    .filter({ has: page.locator('.ag-cell[col-id="line_no"]', { hasText: /^1$/ }) });
  await row.locator('.ag-cell[col-id="description"]').click();
  await page.getByRole('button', { name: 'Edit journal' }).click();
  const editor = page.locator('.ant-drawer:visible', { hasText: `Journal ${journalId}` });
  await editor.waitFor();
  await editor.getByLabel('Line 1 debit').fill(amount);
  await editor.getByLabel('Line 2 credit').fill(amount);
  await expect.poll(() => editor.getByTestId('journal-difference').innerText()).toBe('Balanced');
  await editor.getByRole('button', { name: 'Save' }).click();
  await seeText(page, journalMessages.journalSaved);
  await editor.waitFor({ state: 'hidden' });
}

describe('Ledger: replace a file, replace a period, undo a load', () => {
  it('a second export loads beside the GL file; a re-upload replaces only its file and keeps the Studio correction; a period replace asks first; Undo this load restores the period exactly', async () => {
    const gl = `gl_${period}.csv`;
    const qbo = 'qbo_export_v3.csv';
    const [first, second, third] = [nc(period, 1), nc(period, 2), nc(period, 3)];
    await logInAndLand(page, DEMO_USER.email, DEMO_USER.password, '/pipelines');

    // The month's GL file (6 lines) and the second system's export (4 lines: JE-5001, JE-5002), both added.
    await navigate('Upload', '/file-upload');
    await fillGlUpload(page, period, [
      csvFile(
        gl,
        glFile(period, [
          [first, '100.00'],
          [second, '345.67'],
          [third, '80.00'],
        ]),
      ),
      csvFile(
        qbo,
        glFile(period, [
          ['JE-5001', '50.00'],
          ['JE-5002', '7.00'],
        ]),
      ),
    ]);
    await expect
      .poll(() => howFilesLoad().innerText())
      .toContain(`${gl}: no earlier file of this name, data type and period — its rows are added.`);
    expect(await howFilesLoad().innerText()).toContain(
      `${qbo}: no earlier file of this name, data type and period — its rows are added.`,
    );
    await uploadButton(page).click();
    await uploaded(gl);
    await uploaded(qbo);

    await navigate('Pipelines', '/pipelines');
    expect(await runGlDetail()).toBe('succeeded');
    await runCard().getByRole('button', { name: 'Details' }).first().click();
    await expectChanges(runDrawer(), { Load: 'Add rows', Added: '10', Removed: '0', Replaced: '0' });
    expect(await runDrawer().getByText('No problems recorded for this run', { exact: true }).count()).toBe(1);
    await closeDrawer();
    expect(await periodTotals(period)).toEqual({ lines: 10, debit: '582.67', credit: '582.67' });

    // The correction in the Studio's journal editor: 345.67 → 400.00 on both lines.
    await correctInTheStudio(period, second, '400.00');
    expect(await journalsOf(period)).toEqual({
      'JE-5001': '50.00',
      'JE-5002': '7.00',
      [first]: '100.00',
      [second]: '400.00',
      [third]: '80.00',
    });

    // The corrected export of the GL file, uploaded again under its name: proposed (ticked) as the replacement
    // of the file loaded before. It has the Studio's correction, and the third journal changed.
    await navigate('Upload', '/file-upload');
    await fillGlUpload(page, period, [
      csvFile(
        gl,
        glFile(period, [
          [first, '100.00'],
          [second, '400.00'],
          [third, '85.50'],
        ]),
      ),
    ]);
    const proposal = howFilesLoad().getByRole('checkbox', {
      name: new RegExp(
        `^Replace ${escaped(gl)} loaded on ${DAY} \\(its rows are removed and this file's rows added\\)$`,
      ),
    });
    await proposal.waitFor();
    expect(await proposal.isChecked()).toBe(true);
    await uploadButton(page).click();
    await uploaded(gl);

    await navigate('Pipelines', '/pipelines');
    expect(await runGlDetail()).toBe('succeeded');
    await runCard().getByRole('button', { name: 'Details' }).first().click();
    await expectChanges(runDrawer(), { Load: 'Add rows', Added: '0', Removed: '0', Replaced: '2' });
    expect(
      await runDrawer()
        .getByText('No problems recorded for this run; it replaced 2 rows in place (counted above)', { exact: true })
        .count(),
    ).toBe(1);
    await closeDrawer();
    // The other file's journals and the Studio correction are still there; only the third journal changed.
    expect(await journalsOf(period)).toEqual({
      'JE-5001': '50.00',
      'JE-5002': '7.00',
      [first]: '100.00',
      [second]: '400.00',
      [third]: '85.50',
    });

    // The first run cannot be undone any more: the replacement changed its rows. The drawer says why.
    await history().locator('.ant-table-row').nth(1).getByRole('button').first().click();
    await runDrawer().getByRole('button', { name: 'Undo this load' }).click();
    await confirmation().getByRole('button', { name: 'Undo this load' }).click();
    const refusal = runDrawer().getByRole('alert');
    await expect
      .poll(() => refusal.innerText())
      .toMatch(/^The load cannot be undone: later work changed what it wrote \(/);
    expect(await refusal.innerText()).toContain(`journal ${first}, line 1 was changed since by ${gl}`);
    expect(await refusal.innerText()).toMatch(/\. Undo that work first\.$/);
    await closeDrawer();
    const before = await periodTotals(period);
    expect(before).toEqual({ lines: 10, debit: '642.50', credit: '642.50' });

    // Replacing the whole period: ticked from the keyboard, it shows at once what it would remove, by file.
    await navigate('Upload', '/file-upload');
    const full = `gl_${period}_consolidated.csv`;
    await fillGlUpload(page, period, [
      csvFile(
        full,
        glFile(period, [
          [`CONS-E2E${period.replace('-', '')}-0001`, '600.00'],
          [`CONS-E2E${period.replace('-', '')}-0002`, '42.50'],
        ]),
      ),
    ]);
    await howFilesLoad()
      .getByRole('checkbox', { name: `Replace the whole period ${period}` })
      .focus();
    await page.keyboard.press('Space');
    const removes = howFilesLoad().getByRole('region', { name: `What replacing ${period} removes` });
    const previewRows = removes.locator('.ant-table-row');
    await expect.poll(() => previewRows.count()).toBe(2);
    // In the order they were loaded: the second export as the first run loaded it, the GL file as replaced since.
    expect((await previewRows.allInnerTexts()).map((text) => text.split(/\s+/).join(' '))).toEqual([
      `${qbo} 4 0`,
      `${gl} 6 0`,
    ]);
    expect((await removes.locator('.ant-table-summary').innerText()).split(/\s+/).join(' ')).toBe('Total 10 0');
    await docScreenshot(page, 'upload-replace-period', page.locator('.ant-card', { hasText: 'Upload files' }));

    // Upload asks first, listing what goes.
    await uploadButton(page).click();
    await confirmation().waitFor();
    expect(await confirmation().innerText()).toContain(`Replace the whole period ${period}?`);
    expect(await confirmation().innerText()).toContain(
      `When its pipeline runs, these 10 rows of ${period} are removed and this upload's rows are loaded instead:`,
    );
    expect(await confirmation().innerText()).toContain(`${gl}: 6 rows`);
    expect(await confirmation().innerText()).toContain(`${qbo}: 4 rows`);
    await confirmation().getByRole('button', { name: 'Replace the period and upload' }).click();
    await uploaded(full);

    await navigate('Pipelines', '/pipelines');
    expect(await runGlDetail()).toBe('succeeded');
    await runCard().getByRole('button', { name: 'Details' }).first().click();
    const drawer = runDrawer();
    await expectChanges(drawer, { Load: 'Replace periods', Added: '4', Removed: '10', Replaced: '0' });
    expect(
      await drawer
        .getByText('No problems recorded for this run; it removed 10 rows (counted above)', { exact: true })
        .count(),
    ).toBe(1);
    expect(await periodTotals(period)).toEqual({ lines: 4, debit: '642.50', credit: '642.50' });

    // Undo this load: asked first, then the period is exactly as before the replace.
    await drawer.getByRole('button', { name: 'Undo this load' }).click();
    await confirmation().waitFor();
    expect(await confirmation().innerText()).toContain('The 4 rows it added are removed.');
    expect(await confirmation().innerText()).toContain('The 10 rows it removed are put back.');
    await docScreenshot(page, 'run-undo');
    await confirmation().getByRole('button', { name: 'Undo this load' }).click();
    await seeText(page, pipelineMessages.undone);
    await expect
      .poll(() => drawer.locator('.ant-alert-info').innerText())
      .toMatch(new RegExp(`^Undone by ${DEMO_USER.firstName} ${DEMO_USER.lastName} on ${DAY} \\d\\d:\\d\\d$`));
    expect(await drawer.getByRole('button', { name: 'Undo this load' }).count()).toBe(0);
    expect(await periodTotals(period)).toEqual(before);
    expect(await journalsOf(period)).toEqual({
      'JE-5001': '50.00',
      'JE-5002': '7.00',
      [first]: '100.00',
      [second]: '400.00',
      [third]: '85.50',
    });
    await closeDrawer();
    // The history says so too.
    await expect
      .poll(() => history().locator('.ant-table-row').first().innerText())
      .toMatch(/^GL Detail\s+succeeded\s+undone/);
  }, 240_000);

  it('a re-upload of the original file is refused for the Studio correction, which stays; "Overwrite Studio edits and run again" asks first and lists what it overwrote', async () => {
    const gl = `gl_${editsPeriod}.csv`;
    const edited = nc(editsPeriod, 2);
    const original = glFile(editsPeriod, [
      [nc(editsPeriod, 1), '100.00'],
      [edited, '345.67'],
    ]);
    const upload = { organizationId: demo.organizationId, period: editsPeriod, name: gl, csv: original };
    const glDetailId = await dataTypeId(demo.token, demo.organizationId, 'GL Detail');
    await uploadCsv(demo.token, { ...upload, dataTypeId: glDetailId });
    expect(await runPipelineAndWait(demo.token, demo.organizationId, 'GL Detail')).toBe('succeeded');
    const journal = await getJournal(demo.token, demo.organizationId, edited, 'upload');
    await replaceJournal(demo.token, demo.organizationId, {
      ...journal,
      lines: journal.lines.map((line) => ({
        ...line,
        debit: line.debit === '0.00' ? '0.00' : '400.00',
        credit: line.credit === '0.00' ? '0.00' : '400.00',
      })),
    });

    await logInAndLand(page, DEMO_USER.email, DEMO_USER.password, '/pipelines');
    await navigate('Upload', '/file-upload');
    await fillGlUpload(page, editsPeriod, [csvFile(gl, original)]);
    const proposal = howFilesLoad().getByRole('checkbox', { name: new RegExp(`^Replace ${gl} loaded on `) });
    await proposal.waitFor();
    expect(await proposal.isChecked()).toBe(true);
    await uploadButton(page).click();
    await uploaded(gl);

    await navigate('Pipelines', '/pipelines');
    expect(await runGlDetail()).toBe('failed');
    await runCard().getByRole('button', { name: 'Details' }).first().click();
    const drawer = runDrawer();
    const refusal = pipelineMessages.editsInTheWay(2, true, gl, [
      `journal ${edited}, line 1`,
      `journal ${edited}, line 2`,
    ]);
    await expect.poll(() => drawer.getByRole('alert').first().innerText()).toBe(refusal);
    // Nothing changed: the correction stands, and the file waits.
    expect((await journalsOf(editsPeriod))[edited]).toBe('400.00');
    expect(await pendingFiles(demo.token, demo.organizationId, 'GL Detail')).toBe(1);

    await drawer.getByRole('button', { name: 'Overwrite Studio edits and run again' }).click();
    await confirmation().waitFor();
    expect(await confirmation().innerText()).toContain(refusal);
    await confirmation().getByRole('button', { name: 'Overwrite Studio edits and run again' }).click();
    // The drawer follows the new run, which lists the edits it overwrote.
    await expect
      .poll(() => drawer.locator('.ant-descriptions .ant-tag').first().innerText(), { timeout: 30_000 })
      .toBe('succeeded');
    expect(await described(drawer, 'Studio edits overwritten')).toBe('2');
    expect(await drawer.getByRole('list', { name: 'Studio edits overwritten' }).innerText()).toBe(
      `journal ${edited}, line 1\njournal ${edited}, line 2`,
    );
    expect((await journalsOf(editsPeriod))[edited]).toBe('345.67');
  }, 180_000);
});
