import type { Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeEach, describe, expect, it } from 'vitest';
import { reportMessages } from '@finboard/shared/reports';
import { statementLayoutMessages } from '@finboard/shared/statement-layouts';
import {
  apiLogin,
  apiSession,
  createJournal,
  createOrganization,
  createWarehouseRecord,
  getOrganization,
  getReport,
  randomLetters,
} from './support/api';
import { PHONE, seeText, usePage, waitForPath } from './support/browser';
import { DEMO_USER, E2E_ADMIN } from './support/constants';
import { docScreenshot } from './support/screenshots';
import { logInAndLand, moveToLastWithKeyboard } from './support/ui';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const statementUrl = (name: string, query: Record<string, string> = {}) =>
  `/dashboard?${new URLSearchParams({ name, ...query }).toString()}`;

/** The text of a PDF, page by page, as a reader (or pdftotext) gets it. */
async function pdfPages(pdf: Buffer): Promise<string[]> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(document, { mergePages: false });
  return text;
}

/** The first figure cell's text of a statement row (the screen's table, not the printed one). */
const figureOf = (page: Page, label: string) =>
  page
    .locator('.report-screen-table tr', { has: page.locator('.report-label', { hasText: label }) })
    .first()
    .locator('td')
    .nth(1)
    .innerText();

describe('statements a controller signs', () => {
  const currentPage = usePage();
  let page: Page;
  beforeEach(() => {
    page = currentPage();
  });

  it('the demo user reads every statement, in thousands and brackets, compares, and prints the P&L with every column', async () => {
    const session = await apiSession(DEMO_USER.email, DEMO_USER.password);
    const organization = await getOrganization(session.token, session.organizationId!);
    const { filters, currency } = await getReport(session.token, session.organizationId!, 'profit-and-loss');
    const latest = filters.lastPeriod!;
    const year = latest.slice(0, 4);
    const range = { from: `${Number(year) - 1}-01`, to: `${Number(year) - 1}-12` };
    await logInAndLand(page, DEMO_USER.email, DEMO_USER.password, '/pipelines');

    // The Profit & Loss of a whole year: one table, its currency in the header.
    await page.goto(statementUrl('Profit & Loss', range));
    await waitForPath(page, '/dashboard');
    await page.getByRole('heading', { name: 'Profit & Loss' }).waitFor();
    await seeText(page, `${range.from} to ${range.to}`);
    await seeText(page, currency);
    const netIncome = await figureOf(page, 'Net income');
    expect(netIncome).toMatch(/^-?[\d,]+\.\d{2}$/);

    // Thousands: the same figure without decimals, the header says so, and the URL keeps it.
    await page.getByRole('radiogroup', { name: 'Amounts in' }).getByText('Thousands').click();
    await seeText(page, `${currency} thousands`);
    await expect.poll(() => figureOf(page, 'Net income')).toMatch(/^-?[\d,]+$/);
    const inThousands = Number((await figureOf(page, 'Net income')).replace(/,/g, ''));
    expect(inThousands).toBe(Math.round(Number(netIncome.replace(/,/g, '')) / 1000) + 0);
    expect(new URL(page.url()).searchParams.get('units')).toBe('thousands');

    // Brackets: every negative figure in brackets, none with a minus sign.
    await page.getByRole('radiogroup', { name: 'Negative amounts' }).getByText('(1,234)').click();
    await expect
      .poll(() =>
        page
          .locator('.report-screen-table td')
          .getByText(/^\([\d,.]+%?\)$/)
          .count(),
      )
      .toBeGreaterThan(0);
    expect(
      await page
        .locator('.report-screen-table td')
        .getByText(/^-[\d,.]+%?$/)
        .count(),
    ).toBe(0);

    // Compared with the previous period as well: its three columns join the table.
    await page.getByRole('combobox', { name: 'Compare with' }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Previous period' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('columnheader', { name: 'vs Previous period %' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await docScreenshot(page, 'statement-profit-and-loss');

    // Printed to PDF (A4 landscape): every month, Total, each comparison and its variances reach paper, under a
    // header naming the organization, the statement and its range on every page.
    await page.getByRole('radiogroup', { name: 'Amounts in' }).getByText('Units').click();
    await expect.poll(() => figureOf(page, 'Net income')).toMatch(/\.\d{2}\)?$/);
    const pages = await pdfPages(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
    const printed = pages.join('\n');
    for (const month of MONTHS) expect(printed).toContain(`${month} ${range.from.slice(0, 4)}`);
    for (const column of [
      'Total',
      'Budget',
      'vs Budget',
      'vs Budget %',
      'Prior year',
      'vs Prior year %',
      'Previous period',
    ])
      expect(printed).toContain(column);
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((text, index) => {
      expect(text).toContain(`${organization.name} · Profit & Loss · ${range.from} to ${range.to}`);
      expect(text).toContain(`Page ${index + 1} of ${pages.length}`);
    });
    expect(printed).toContain(netIncome.startsWith('-') ? `(${netIncome.slice(1)})` : netIncome);

    // The other statements: the balance sheet as of a day, with its check row; the cash flow statement.
    await page.goto(statementUrl('Balance Sheet', { to: range.to }));
    await seeText(page, `As of 31 December ${range.to.slice(0, 4)}`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await docScreenshot(page, 'statement-balance-sheet');
    expect(await figureOf(page, 'Check')).toBe('0.00');
    await page.goto(statementUrl('Cash Flow', range));
    await page.locator('.report-label', { hasText: 'Net cash from operating activities' }).first().waitFor();
    for (const name of ['Financial Overview', 'Budget vs Actual', 'Expense Analysis']) {
      await page.goto(statementUrl(name, range));
      await page.getByRole('heading', { name }).waitFor();
      await seeText(page, `${range.from} to ${range.to}`);
    }
    // The overview's cards name their month: the range's last.
    await page.goto(statementUrl('Financial Overview', range));
    await page.getByRole('group', { name: `Revenue, Dec ${range.to.slice(0, 4)}` }).waitFor();
    await docScreenshot(page, 'financial-overview');
  });
});

describe('the statement layout', () => {
  const currentPage = usePage();
  let page: Page;
  beforeEach(() => {
    page = currentPage();
  });

  /** An organization of its own (the demo's layout stays as it is): a month of sales, goods and freight. */
  async function booksOfOwn(token: string) {
    const organization = await createOrganization(token, {
      organizationName: `Layout ${randomLetters(8)}`,
      organizationEmail: `finance-${randomLetters(6)}@layout.test`,
      organizationPhoneNumber: '2025550143',
    });
    const add = (table: string, record: Record<string, string | number | boolean | null>) =>
      createWarehouseRecord(token, organization.id, table, record);
    await add('00_Period', {
      Period: '2025-01',
      start_date: '2025-01-01',
      end_date: '2025-01-31',
      fiscal_year: 2025,
      fiscal_period: 1,
      is_closed: false,
    });
    const accounts = [
      ['1000', 'Bank', 'asset', 'cash'],
      ['4000', 'Sales', 'revenue', 'sales'],
      ['5000', 'Goods', 'expense', 'cost_of_sales'],
      ['6100', 'Freight', 'expense', 'operating_expense'],
    ];
    for (const [code, name, type, subtype] of accounts)
      await add('01_Account', {
        account_code: code!,
        account_name: name!,
        account_type: type!,
        account_subtype: subtype!,
      });
    const line = { posting_date: '2025-01-15', period: '2025-01', description: 'January' };
    const journal = async (id: string, debit: string, credit: string, amount: string) =>
      createJournal(token, organization.id, {
        journal_id: id,
        lines: [
          { ...line, line_no: 1, account_code: debit, debit: amount, credit: '0' },
          { ...line, line_no: 2, account_code: credit, debit: '0', credit: amount },
        ],
      });
    await journal('JE-1', '1000', '4000', '1000.00');
    await journal('JE-2', '5000', '1000', '400.00');
    await journal('JE-3', '6100', '1000', '100.00');
    return organization;
  }

  /** The labels of the P&L's rows from the heading `from` to the row `to`, both included. */
  const rowsBetween = async (from: string, to: string) => {
    const labels = await page.locator('.report-screen-table .report-label').allInnerTexts();
    return labels.slice(labels.indexOf(from), labels.indexOf(to) + 1);
  };

  it('the admin moves an account to another line and reorders a line, the Profit & Loss follows, and picks the overview’s cards', async () => {
    const token = await apiLogin(E2E_ADMIN.email, E2E_ADMIN.password);
    const organization = await booksOfOwn(token);
    await logInAndLand(page, E2E_ADMIN.email, E2E_ADMIN.password, '/portfolio');
    const profitAndLoss = statementUrl('Profit & Loss', {
      organization: organization.id,
      from: '2025-01',
      to: '2025-01',
    });
    await page.goto(profitAndLoss);
    // Revenue 1,000 − goods 400 = gross profit 600; freight 100 is an operating expense.
    await expect.poll(() => figureOf(page, 'Gross profit')).toBe('600.00');
    expect(await rowsBetween('Operating expenses', 'Total operating expenses')).toEqual([
      'Operating expenses',
      'Operating expenses',
      '6100 Freight',
      'Total operating expenses',
    ]);

    await page.getByRole('link', { name: 'Edit layout' }).click();
    await waitForPath(page, '/statement-layout');
    await page.getByRole('heading', { name: 'Statement Layout' }).waitFor();
    await seeText(page, 'Default layout, from the accounts’ subtypes');
    // Freight moves to cost of sales, last on its line; then goes first by keyboard drag.
    await page.getByRole('combobox', { name: 'Line of 6100 Freight' }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^Cost of sales$/ }).click();
    await seeText(page, 'Unsaved changes: 6100 Freight to Cost of sales.');
    await page.evaluate(() => window.scrollTo(0, 0));
    await docScreenshot(page, 'statement-layout');
    const costOfSales = page.getByRole('group', { name: 'Line Cost of sales' });
    await expect
      .poll(() => costOfSales.locator('.layout-account').allInnerTexts())
      .toEqual(['5000 Goods', '6100 Freight']);
    await moveToLastWithKeyboard(page, costOfSales.getByRole('button', { name: 'Move 5000 Goods' }), '5000 Goods', 2);
    await expect
      .poll(() => costOfSales.locator('.layout-account').allInnerTexts())
      .toEqual(['6100 Freight', '5000 Goods']);
    await page.getByRole('button', { name: 'Save layout' }).click();
    await seeText(page, statementLayoutMessages.saved);
    await page.getByText(/^Version 1, saved by /).waitFor();

    // The statement follows: freight under cost of sales, first; gross profit 1,000 − 500; net income unchanged.
    await page.goto(profitAndLoss);
    await expect.poll(() => figureOf(page, 'Gross profit')).toBe('500.00');
    expect(await rowsBetween('Cost of sales', 'Total cost of sales')).toEqual([
      'Cost of sales',
      'Cost of sales',
      '6100 Freight',
      '5000 Goods',
      'Total cost of sales',
    ]);
    expect(await figureOf(page, 'Total cost of sales')).toBe('500.00');
    expect(await figureOf(page, 'Net income')).toBe('500.00');

    // The Financial Overview's cards name their month; the organization picks its own from the library.
    await page.goto(
      statementUrl('Financial Overview', { organization: organization.id, from: '2025-01', to: '2025-01' }),
    );
    const revenue = page.getByRole('group', { name: 'Revenue, Jan 2025' });
    await revenue.waitFor();
    await expect.poll(() => revenue.innerText()).toContain('1,000.00');
    await page.getByRole('button', { name: 'Choose cards' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose cards' });
    await picker.getByRole('checkbox', { name: /^Days sales outstanding \(DSO\) —/ }).check();
    await picker.getByRole('checkbox', { name: /^Cash —/ }).uncheck();
    await docScreenshot(page, 'financial-overview-card-picker');
    await picker.getByRole('button', { name: 'Save cards' }).click();
    await seeText(page, reportMessages.cardsSaved);
    // Cash went; DSO came last: no receivables, so no days to show.
    await page.getByRole('group', { name: 'Days sales outstanding (DSO), Jan 2025' }).waitFor();
    expect(await page.getByRole('group', { name: 'Cash, Jan 2025' }).count()).toBe(0);
    await page.reload();
    await page.getByRole('group', { name: 'Days sales outstanding (DSO), Jan 2025' }).waitFor();

    // The move is the chart's too: the Studio's Account table holds freight's new subtype, and offers the
    // standard subtypes of an account's type to choose from.
    await page.goto(`/data-management?${new URLSearchParams({ organization: organization.id, table: '01_Account' })}`);
    const subtypeOf = (code: string) =>
      page
        .locator('.ag-grid-scrolling-container .ag-row[row-index]', {
          has: page.locator('.ag-cell[col-id="account_code"]', { hasText: new RegExp(`^${code}$`) }),
        })
        .locator('.ag-cell[col-id="account_subtype"]');
    await expect.poll(() => subtypeOf('6100').innerText()).toBe('cost_of_sales');
    await subtypeOf('4000').dblclick();
    await subtypeOf('4000').getByRole('combobox').click();
    const options = page.locator('.ag-select-list .ag-list-item');
    await expect.poll(() => options.allInnerTexts()).toEqual(['sales', 'contra_revenue', 'other_income']);
    await page.keyboard.press('Escape');
  });
});

describe('statements on a phone', () => {
  const currentPage = usePage(PHONE);
  let page: Page;
  beforeEach(() => {
    page = currentPage();
  });

  it('keeps the label column within 40 % of the screen and never covers the header', async () => {
    await logInAndLand(page, DEMO_USER.email, DEMO_USER.password, '/pipelines');
    await page.goto(statementUrl('Profit & Loss'));
    const label = page.locator('.report-screen-table td', { has: page.locator('.report-label') }).nth(3);
    await label.waitFor();
    const box = (await label.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(390 * 0.4 + 1);

    // Scrolled down and across, the menu button is still what is at its place on the screen.
    await page.mouse.wheel(0, 600);
    await page
      .locator('.report-screen-table .ant-table-content')
      .first()
      .evaluate((table) => {
        table.scrollLeft = 400;
      });
    const menu = page.getByRole('button', { name: 'Open navigation' });
    const place = (await menu.boundingBox())!;
    const covered = await page.evaluate(({ x, y }) => !document.elementFromPoint(x, y)?.closest('header'), {
      x: place.x + place.width / 2,
      y: place.y + place.height / 2,
    });
    expect(covered).toBe(false);
  });
});
