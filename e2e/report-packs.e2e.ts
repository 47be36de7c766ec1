import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Download, Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatValue } from '@finboard/shared/report-format';
import {
  reportPackMessages as m,
  type Pack,
  type PackDocument,
  type PackRun,
  type PackTemplate,
} from '@finboard/shared/report-packs';
import { apiLogin, apiSession, getReport, listWarehouseRecords, randomLetters } from './support/api';
import { baseURL, seeText, usePage, waitForPath } from './support/browser';
import { COMPANY } from '../demo/generate/company.ts';
import { DEMO_USER, E2E_ADMIN } from './support/constants';
import { logInAndLand, moveToLastWithKeyboard } from './support/ui';
import { docPdfPages, docScreenshot } from './support/screenshots';

const currentPage = usePage();
let page: Page;
beforeEach(() => {
  page = currentPage();
});

/** The API as the journey checks it, with the administrator's token. */
async function api<T>(token: string, route: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${baseURL()}${route}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const payload = (await response.json()) as { data: T };
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${route} → ${response.status} ${JSON.stringify(payload)}`);
  return payload.data;
}

/** A download's bytes (the shared browser server streams them: `download.path()` is not available). */
async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A PDF's pages as poppler reads them: the page count of pdfinfo and the text of each page. */
function pdfPages(bytes: Buffer): { count: number; texts: string[] } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'finboard-pack-'));
  try {
    const file = path.join(dir, 'pack.pdf');
    fs.writeFileSync(file, bytes);
    const info = spawnSync('pdfinfo', [file], { encoding: 'utf8' });
    if (info.status !== 0) throw new Error(`pdfinfo failed: ${info.stderr}`);
    const count = Number(/^Pages:\s+(\d+)/m.exec(info.stdout)?.[1]);
    const text = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    if (text.status !== 0) throw new Error(`pdftotext failed: ${text.stderr}`);
    // pdftotext ends every page with a form feed.
    return { count, texts: text.stdout.split('\f').slice(0, count) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Picks an option of the antd select that is open. */
async function chooseOption(text: string | RegExp): Promise<void> {
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first().click();
}

/**
 * Picks an option of an antd select until `chosen` shows it. Under load a click can land while the page re-renders
 * (a preview arriving) and be lost: it is repeated, as a person would.
 */
async function pick(select: Locator, option: string | RegExp, chosen: Locator): Promise<void> {
  await expect
    .poll(
      async () => {
        if ((await chosen.count()) > 0) return true;
        const item = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first();
        if (!(await item.isVisible())) await select.click();
        await item.click({ timeout: 5_000 }).catch(() => undefined);
        return (await chosen.count()) > 0;
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(true);
}

/** A dialog once its opening animation is over (a click during it can land on a field still moving). */
async function openedDialog(name: string): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor();
  await expect.poll(async () => (await dialog.getAttribute('class')) ?? '').not.toContain('ant-zoom-appear');
  return dialog;
}

const monthYear = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const periodLabel = (period: string) => monthYear.format(new Date(`${period}-01T00:00:00Z`));

/** Generates from the Generate tab and waits for the run the page follows to succeed; returns the run. */
async function generate(token: string, packPath: string, deliver: boolean): Promise<PackRun> {
  const before = (await api<{ runs: PackRun[] }>(token, `${packPath}/runs`)).runs.length;
  await page.getByRole('tab', { name: 'Generate' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Generate' });
  const box = panel.getByRole('checkbox', { name: /E-mail the files to the recipients/ });
  if ((await box.isChecked()) !== deliver) await box.click();
  await panel.getByRole('button', { name: 'Generate' }).click();
  await seeText(page, m.generateQueued);
  let run: PackRun | undefined;
  await expect
    .poll(
      async () => {
        const { runs } = await api<{ runs: PackRun[] }>(token, `${packPath}/runs`);
        run = runs.length > before ? runs[0] : undefined;
        return run?.status;
      },
      { timeout: 90_000, interval: 1_000 },
    )
    .toBe('succeeded');
  await panel.getByRole('status').filter({ hasText: 'Succeeded' }).waitFor({ timeout: 20_000 });
  return run!;
}

describe('report packs', () => {
  it('an administrator makes a template, a pack of the demo organization from it, drafts the commentary, previews, generates, downloads, schedules and delivers it', async () => {
    const token = await apiLogin(E2E_ADMIN.email, E2E_ADMIN.password);
    const organizationId = (await apiSession(DEMO_USER.email, DEMO_USER.password)).organizationId!;
    // The period the pack opens on: the demo's last closed month, read through the Data Management API.
    const periods = await listWarehouseRecords(token, organizationId, '00_Period', {
      sortBy: 'Period',
      sortOrder: 'desc',
      pageSize: 36,
    });
    const period = String(periods.rows.find((row) => row.is_closed === true)!.Period);
    const suffix = randomLetters(6);
    const templateName = `Monthly board pack ${suffix}`;
    const packName = `Harbor board pack ${suffix}`;
    const recipient = `board-${suffix}@client.example`;

    // 1. The template, from the administrator's navigation: the default pages and a page of notes moved up.
    await logInAndLand(page, E2E_ADMIN.email, E2E_ADMIN.password, '/portfolio');
    await page.getByRole('link', { name: 'Pack Templates' }).click();
    await waitForPath(page, '/report-pack-templates');
    await page.getByRole('heading', { name: 'Report Pack Templates' }).waitFor();
    await page.getByRole('button', { name: 'New template' }).click();
    const newTemplate = await openedDialog('New template');
    await newTemplate.getByLabel('Template name').fill(templateName);
    await newTemplate.getByRole('button', { name: 'Create template' }).click();
    await seeText(page, m.templateCreated);
    await page.waitForURL(/\/report-pack-templates\/[0-9a-f-]{36}$/);
    const templateId = new URL(page.url()).pathname.split('/').at(-1)!;
    const rows = page.getByTestId('pack-page-row');
    await expect.poll(() => rows.count()).toBe(7);

    await page.getByRole('button', { name: 'Add page' }).click();
    const addPage = await openedDialog('Add page');
    await pick(addPage.getByLabel('Kind of page'), /^Notes$/, addPage.getByLabel('Text', { exact: true }));
    await addPage.getByLabel('Text', { exact: true }).fill('Prepared for the board of **Harbor Precision**.');
    await addPage.getByRole('button', { name: 'Add page' }).click();
    await addPage.waitFor({ state: 'hidden' });
    await expect.poll(() => rows.count()).toBe(8);
    await page.getByRole('button', { name: 'Move Notes up' }).click();
    await page.getByRole('button', { name: 'Save template' }).click();
    await seeText(page, m.templateUpdated);
    const template = (await api<{ template: PackTemplate }>(token, `/api/v1/report-pack-templates/${templateId}`))
      .template;
    expect(template.pages.map((p) => p.kind)).toEqual([
      'cover',
      'contents',
      'statement',
      'statement',
      'statement',
      'kpis',
      'notes',
      'commentary',
    ]);

    // 2. The pack of the demo organization, from its Organization Profile, made from the template.
    await page.goto(`/organizations/${organizationId}`);
    await page.getByRole('heading', { name: 'Organization Profile' }).waitFor();
    await page.getByRole('link', { name: 'Report packs' }).click();
    await waitForPath(page, '/report-packs');
    await page.getByRole('heading', { name: 'Report Packs' }).waitFor();
    await page.getByRole('button', { name: 'New pack' }).click();
    const newPack = await openedDialog('New pack');
    await newPack.getByLabel('Pack name').fill(packName);
    await newPack.getByText('A template', { exact: true }).click();
    await pick(newPack.getByLabel('Template', { exact: true }), templateName, newPack.getByText(templateName));
    await newPack.getByRole('button', { name: 'Create pack' }).click();
    await seeText(page, m.packCreated);
    await page.waitForURL(/\/report-packs\/[0-9a-f-]{36}\?/);
    const packId = new URL(page.url()).pathname.split('/').at(-1)!;
    const packPath = `/api/v1/report-packs/${organizationId}/${packId}`;
    await page.getByRole('heading', { name: packName }).waitFor();
    // Its pages follow the template.
    await expect.poll(() => rows.count()).toBe(8);
    expect(await page.getByText('From template', { exact: true }).count()).toBe(8);
    // It opens on the last closed month.
    await expect.poll(() => page.getByLabel('Period', { exact: true }).inputValue()).toBe(period);

    // 3. The live preview shows the Profit & Loss with the statements API's own figure for its range.
    const document = (
      await api<{ document: PackDocument }>(token, `${packPath}/preview`, { method: 'POST', body: { period } })
    ).document;
    const statement = document.pages.find((p) => p.kind === 'statement' && p.template === 'profit-and-loss');
    if (statement?.kind !== 'statement') throw new Error('the preview has no Profit & Loss page');
    const report = await getReport(token, organizationId, 'profit-and-loss', {
      from: statement.query.from,
      to: statement.query.to,
      compare: statement.query.compare,
    });
    const revenue = formatValue(report.totals.revenue, 'amount', statement);
    const preview = page.getByRole('region', { name: 'Preview' });
    const profitAndLoss = preview.getByRole('region', { name: /^Page \d+: Profit & Loss$/ });
    await profitAndLoss.waitFor({ timeout: 30_000 });
    await expect.poll(() => profitAndLoss.innerText(), { timeout: 30_000 }).toContain(revenue);

    // 4. The commentary, drafted from the figures: placeholders shown as chips of their figures, then saved.
    await page.getByRole('tab', { name: 'Commentary' }).click();
    const commentaryPanel = page.getByRole('tabpanel', { name: 'Commentary' });
    const commentary = commentaryPanel.getByRole('textbox', { name: 'Commentary' });
    await commentaryPanel.getByRole('button', { name: 'Draft from the figures' }).click();
    await expect.poll(() => commentary.inputValue(), { timeout: 30_000 }).toMatch(/\{\{[^}]+\}\}/);
    const rendered = commentaryPanel.getByTestId('commentary-rendered');
    await expect.poll(() => rendered.locator('.ant-tag-blue').count()).toBeGreaterThan(0);
    // Drafting over written text asks first; cancelled, the text stays.
    const drafted = await commentary.inputValue();
    await commentaryPanel.getByRole('button', { name: 'Draft from the figures' }).click();
    const confirm = page.getByRole('dialog', { name: 'Replace the commentary with a draft?' });
    // Clicked once it has zoomed in: a click during the animation can be lost on a loaded machine.
    await expect.poll(() => confirm.getAttribute('class')).not.toMatch(/ant-zoom-appear/);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    // Closed, the dialog hands the focus back to its button: typing waits for that.
    await confirm.waitFor({ state: 'hidden' });
    expect(await commentary.inputValue()).toBe(drafted);
    // The toolbar: a sentence added at the end, selected and made bold.
    const closing = 'Figures reviewed by the finance team.';
    await commentary.press('Control+End');
    await commentary.pressSequentially(`\n\n${closing}`);
    await commentary.evaluate(
      (element: HTMLTextAreaElement, length) =>
        element.setSelectionRange(element.value.length - length, element.value.length),
      closing.length,
    );
    await commentaryPanel.getByRole('button', { name: 'Bold' }).click();
    await expect.poll(() => commentary.inputValue()).toMatch(new RegExp(`\\n\\n\\*\\*${closing}\\*\\*$`));
    await rendered.locator('strong', { hasText: closing }).waitFor();
    await commentaryPanel.getByRole('button', { name: 'Save commentary' }).click();
    await seeText(page, m.commentarySaved);
    const saved = await api<{ text: string }>(token, `${packPath}/commentary/${period}`);
    expect(saved.text).toBe(await commentary.inputValue());
    await expect
      .poll(() => preview.getByRole('region', { name: /^Page \d+: Commentary$/ }).innerText(), { timeout: 30_000 })
      .not.toContain('Nothing written for this period yet.');

    // 5. Generate the PDF, download it and read its pages.
    const run = await generate(token, packPath, false);
    const pdf = run.files.find((file) => file.format === 'pdf')!;
    const generatePanel = page.getByRole('tabpanel', { name: 'Generate' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      generatePanel
        .getByRole('button', { name: `Download PDF of ${periodLabel(period)}` })
        .first()
        .click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${packName} ${period}.pdf`);
    const bytes = await downloadedBytes(download);
    const pages = pdfPages(bytes);
    // The README's pictures: the cover, the Profit & Loss and the KPIs.
    docPdfPages(
      bytes,
      'report-pack',
      [
        1,
        pages.texts.findIndex((text) => text.includes('Profit & Loss') && text.includes(revenue)) + 1,
        pages.texts.findIndex((text) => /^\s*KPIs/.test(text)) + 1,
      ].filter((n) => n > 0),
    );
    expect(pages.count).toBe(pdf.pages);
    expect(pages.count).toBeGreaterThanOrEqual(document.pages.length);
    expect(pages.texts[0]).toContain(COMPANY.name);
    const statementPage = pages.texts.find((text) => text.includes('Profit & Loss') && text.includes(revenue));
    expect(statementPage, `no page of the PDF shows the Profit & Loss with revenue ${revenue}`).toBeDefined();
    expect(pages.texts.some((text) => text.includes('Prepared for the board of Harbor Precision.'))).toBe(true);

    await docScreenshot(page, 'report-pack-editor');

    // The period's tie-out, signed off after confirming: the sign-off names the administrator.
    await page.getByRole('tab', { name: 'Tie-out' }).click();
    const tieOut = page.getByRole('tabpanel', { name: 'Tie-out' });
    await tieOut.getByRole('button', { name: 'Sign off the tie-out' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Sign off' }).click();
    await seeText(page, m.tieOutSignedOff);
    await tieOut.getByText(/^Signed off by Platform Administrator on /).waitFor();

    // 6. A schedule: monthly on the 5th at 09:00 London time.
    await page.getByRole('tab', { name: 'Schedule' }).click();
    const schedulePanel = page.getByRole('tabpanel', { name: 'Schedule' });
    await schedulePanel.getByRole('checkbox', { name: 'Send monthly' }).check();
    await schedulePanel.getByLabel('Day of month').fill('5');
    await schedulePanel.getByLabel('Time', { exact: true }).fill('09:00');
    await schedulePanel.getByLabel('Time zone').click();
    await page.keyboard.type('Europe/London');
    await chooseOption(/^Europe\/London$/);
    await seeText(page, 'Monthly on day 5 at 09:00 Europe/London');
    await schedulePanel.getByRole('button', { name: 'Save schedule' }).click();
    await seeText(page, m.packUpdated);
    await expect
      .poll(async () => (await api<{ pack: Pack }>(token, packPath)).pack.schedule)
      .toEqual({
        frequency: 'monthly',
        dayOfMonth: 5,
        time: '09:00',
        timeZone: 'Europe/London',
        onPeriodLoaded: false,
      });

    // 7. A recipient outside the organization, then a generate that delivers: the mail waits in the outbox.
    await page.getByRole('tab', { name: 'Recipients' }).click();
    const recipientsPanel = page.getByRole('tabpanel', { name: 'Recipients' });
    await recipientsPanel.getByLabel('E-mail address').fill(recipient);
    await recipientsPanel.getByRole('button', { name: 'Add e-mail' }).click();
    await recipientsPanel.getByRole('button', { name: 'Save recipients' }).click();
    await expect
      .poll(async () => (await api<{ pack: Pack }>(token, packPath)).pack.recipients.map((r) => r.email))
      .toEqual([recipient]);
    const delivered = await generate(token, packPath, true);
    expect(delivered.deliver).toBe(true);
    await expect
      .poll(async () => {
        const { run: latest } = await api<{ run: PackRun }>(token, `${packPath}/runs/${delivered.id}`);
        return latest.deliveries.map((delivery) => [delivery.email, delivery.status]);
      })
      .toEqual([[recipient, 'outbox']]);
    await generatePanel.getByText('In the outbox', { exact: true }).first().waitFor();

    const attachment = `${packName} ${period}.pdf`;
    await page.goto('/outbox');
    await page.getByRole('heading', { name: 'Outbox' }).waitFor();
    const mail: Locator = page.locator('.ant-card', { hasText: `To ${recipient}` }).first();
    await mail.getByText(attachment, { exact: true }).waitFor();
    const [attached] = await Promise.all([
      page.waitForEvent('download'),
      mail.getByRole('button', { name: `Download ${attachment}` }).click(),
    ]);
    expect(attached.suggestedFilename()).toBe(attachment);
    expect(pdfPages(await downloadedBytes(attached)).count).toBeGreaterThan(0);

    // 8. The list says how the pack is sent; deleting it and then its template each asks first.
    await page.goto(`/report-packs?organization=${organizationId}`);
    const row = page.locator('.ant-table-row', { hasText: packName });
    await row.getByText('Monthly on day 5 at 09:00 Europe/London').waitFor();
    expect(await row.innerText()).toContain(templateName);
    await row.getByRole('button', { name: `Delete ${packName}` }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
    await seeText(page, m.packDeleted);
    await expect.poll(() => row.count()).toBe(0);

    await page.getByRole('menu', { name: 'Main navigation' }).getByRole('link', { name: 'Pack Templates' }).click();
    await waitForPath(page, '/report-pack-templates');
    const templateRow = page.locator('.ant-table-row', { hasText: templateName });
    await templateRow.getByRole('button', { name: `Delete ${templateName}` }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
    await seeText(page, m.templateDeleted);
    await expect.poll(() => templateRow.count()).toBe(0);
  }, 360_000);

  it('an organization user opens report packs from the Dashboard menu, makes a blank pack, reorders it with the keyboard, adds a chart and deletes it', async () => {
    const session = await apiSession(DEMO_USER.email, DEMO_USER.password);
    const packName = `Owner pack ${randomLetters(6)}`;

    await logInAndLand(page, DEMO_USER.email, DEMO_USER.password, '/pipelines');
    // Under the Dashboard menu, after the dashboards. The header re-renders as the organization loads and a click
    // on a menu being replaced is lost on a busy machine: the menu is opened and the item clicked again, as a person
    // would, until the page changes.
    const dashboardMenu = page.getByRole('menu', { name: 'Main navigation' }).getByText('Dashboard');
    const reportPacks = page.getByRole('menuitem', { name: 'Report packs' }).getByRole('link');
    await expect
      .poll(
        async () => {
          if (new URL(page.url()).pathname !== '/report-packs') {
            if (!(await reportPacks.isVisible())) await dashboardMenu.click();
            await reportPacks.click({ timeout: 5_000 }).catch(() => undefined);
          }
          return new URL(page.url()).pathname;
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe('/report-packs');
    await page.getByRole('heading', { name: 'Report Packs' }).waitFor();

    // A blank pack: templates are an administrator's, so the user is not offered one.
    await page.getByRole('button', { name: 'New pack' }).click();
    const newPack = await openedDialog('New pack');
    await newPack.getByLabel('Pack name').fill(packName);
    expect(await newPack.getByText('A template', { exact: true }).count()).toBe(0);
    await newPack.getByRole('button', { name: 'Create pack' }).click();
    await seeText(page, m.packCreated);
    await page.waitForURL(/\/report-packs\/[0-9a-f-]{36}$/);
    const packId = new URL(page.url()).pathname.split('/').at(-1)!;
    const packPath = `/api/v1/report-packs/${session.organizationId}/${packId}`;
    const rows = page.getByTestId('pack-page-row');
    await expect.poll(() => rows.count()).toBe(7);
    expect(await page.getByText('From template', { exact: true }).count()).toBe(0);

    // The cover dragged to the end with the keyboard: the preview follows the unsaved pages, the cover (titled with
    // the pack's name) now its seventh sheet. Waiting for it also lets the preview's heavy re-render pass before
    // the next dialog is used.
    await moveToLastWithKeyboard(page, page.getByRole('button', { name: 'Move Cover', exact: true }), 'Cover', 7);
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.getByRole('region', { name: `Page 7: ${packName}` }).waitFor({ timeout: 30_000 });
    await expect.poll(() => preview.getAttribute('aria-busy')).toBeNull();

    // A chart page added, its chart picked.
    await page.getByRole('button', { name: 'Add page' }).click();
    const addPage = await openedDialog('Add page');
    const chart = addPage.getByLabel('Chart', { exact: true });
    await pick(addPage.getByLabel('Kind of page'), /^Chart$/, chart);
    await pick(chart, 'Cash at month end', addPage.getByText('Cash at month end', { exact: true }));
    await addPage.getByRole('button', { name: 'Add page' }).click();
    await addPage.waitFor({ state: 'hidden' });
    await expect.poll(() => rows.count()).toBe(8);
    await preview.getByRole('img', { name: 'Chart: Cash at month end' }).waitFor({ timeout: 30_000 });

    await page.getByRole('button', { name: 'Save pack' }).click();
    await seeText(page, m.packUpdated);
    const saved = (await api<{ pack: Pack }>(session.token, packPath)).pack;
    expect(saved.pages.map((p) => (p.kind === 'statement' ? p.template : p.kind))).toEqual([
      'contents',
      'profit-and-loss',
      'balance-sheet',
      'cash-flow',
      'kpis',
      'commentary',
      'cover',
      'chart',
    ]);
    expect(saved.pages.at(-1)?.options?.chart).toBe('cash');

    // Deleted from its own page, after confirming.
    await page.getByRole('button', { name: 'Delete pack' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
    await seeText(page, m.packDeleted);
    await waitForPath(page, '/report-packs');
    await expect.poll(() => page.locator('.ant-table-row', { hasText: packName }).count()).toBe(0);
  }, 120_000);
});
