import type { Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { chatMessages } from '@finboard/shared/chat';
import { consolidationMessages as m, type ConsolidatedReport } from '@finboard/shared/consolidation';
import { EXCHANGE_RATE_CSV_HEADER, exchangeRateMessages } from '@finboard/shared/exchange-rates';
import { formatValue } from '@finboard/shared/report-format';
import {
  EUROSUB,
  GROUP_ACCOUNTS,
  GROUP_RATES,
  GROUP_RULES,
  HOLDING,
  UKSUB,
} from '../apps/server/test/consolidation-group.ts';
import type { Books } from '../apps/server/test/statement-books.ts';
import {
  apiLogin,
  createJournal,
  createOrganization,
  createOrganizationUser,
  createWarehouseRecord,
  randomLetters,
} from './support/api';
import { baseURL, seeText, usePage, waitForPath } from './support/browser';
import { E2E_ADMIN } from './support/constants';
import { docScreenshot } from './support/screenshots';
import { logInAndLand, logInThroughUi, openProfileMenu } from './support/ui';

const currentPage = usePage();
let page: Page;
beforeEach(() => {
  page = currentPage();
});

/**
 * The group of docs/consolidation.md (apps/server/test/consolidation-group.ts) six years earlier — December 2019 to
 * February 2020 — so the rates it needs are its own: exchange rates are one table for the whole platform.
 */
const shifted = (period: string) => `${Number(period.slice(0, 4)) - 6}${period.slice(4)}`;
const FROM = shifted('2026-01');
const TO = shifted('2026-02');

/** A member's books loaded as an administrator would through the API: its periods, chart and journals. */
async function loadBooks(token: string, organizationId: string, books: Books, named: (name: string) => string) {
  const add = (table: string, record: Record<string, string | number | boolean | null>) =>
    createWarehouseRecord(token, organizationId, table, record);
  for (const { period } of books.periods as unknown as { period: string }[]) {
    const month = shifted(period);
    const [year, number] = month.split('-').map(Number) as [number, number];
    await add('00_Period', {
      Period: month,
      start_date: `${month}-01`,
      end_date: new Date(Date.UTC(year, number, 0)).toISOString().slice(0, 10),
      fiscal_year: year,
      fiscal_period: number,
      is_closed: false,
    });
  }
  for (const account of GROUP_ACCOUNTS)
    await add('01_Account', {
      account_code: account.code,
      account_name: account.name,
      account_type: account.type,
      account_subtype: account.subtype,
    });
  for (const journal of books.journals) {
    const period = shifted(journal.period);
    await createJournal(token, organizationId, {
      journal_id: journal.id,
      lines: journal.lines.map((line, index) => ({
        line_no: index + 1,
        posting_date: `${period}-15`,
        period,
        account_code: line.account,
        debit: line.debit ?? '0',
        credit: line.credit ?? '0',
        counterparty: line.counterparty === undefined ? undefined : named(line.counterparty),
      })),
    });
  }
}

/** A group's statement as the API answers it to the administrator. */
async function consolidatedReport(token: string, groupId: string, template: string): Promise<ConsolidatedReport> {
  const response = await fetch(
    `${baseURL()}/api/v1/consolidation-groups/${groupId}/reports/${template}?from=${FROM}&to=${TO}`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  const payload = (await response.json()) as { data: ConsolidatedReport };
  if (!response.ok) throw new Error(`${template} → ${response.status} ${JSON.stringify(payload)}`);
  return payload.data;
}

/** Picks `option` in an antd select (typing it first where the select searches). */
async function choose(select: Locator, option: string, search = false): Promise<void> {
  await select.click();
  if (search) await select.fill(option);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

/** The first figure of a statement row on screen (not the printed table). */
const figureOf = (label: string) =>
  page
    .locator('.report-screen-table tr', { has: page.locator('.report-label', { hasText: label }) })
    .first()
    .locator('td')
    .nth(1)
    .innerText();

const amount = (value: number | undefined) => formatValue(value, 'amount');

describe('consolidation', () => {
  it('an administrator enters the rates, builds a group of three currencies with an 80 % subsidiary and its rules, and reads a balanced consolidated balance sheet', async () => {
    const token = await apiLogin(E2E_ADMIN.email, E2E_ADMIN.password);
    const suffix = randomLetters(6);
    const names = { Holding: `Holding ${suffix}`, EuroSub: `EuroSub ${suffix}`, UKSub: `UKSub ${suffix}` };
    const named = (name: string) => names[name as keyof typeof names] ?? name;
    const organization = (name: string, baseCurrency: string) =>
      createOrganization(token, {
        organizationName: name,
        organizationEmail: `finance-${randomLetters(6)}@group.test`,
        organizationPhoneNumber: '2025550143',
        baseCurrency,
      });
    const holding = await organization(names.Holding, 'USD');
    const euroSub = await organization(names.EuroSub, 'EUR');
    const ukSub = await organization(names.UKSub, 'GBP');
    await loadBooks(token, holding.id, HOLDING, named);
    await loadBooks(token, euroSub.id, EUROSUB, named);
    await loadBooks(token, ukSub.id, UKSUB, named);
    const groupName = `Harbor group ${suffix}`;

    await logInThroughUi(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.getByRole('menu', { name: 'Main navigation' }).waitFor();
    await page.getByRole('menu', { name: 'Main navigation' }).getByRole('link', { name: 'Consolidation' }).click();
    await waitForPath(page, '/consolidation');
    await page.getByRole('heading', { name: 'Consolidation' }).waitFor();
    await page.getByRole('link', { name: 'New group' }).click();
    await waitForPath(page, '/consolidation/new');

    // The group: its name and currency, then the members — the parent is chosen among them.
    await page.getByLabel('Group name').fill(groupName);
    await choose(page.getByLabel('Reporting currency'), 'USD', true);
    const members: [string, string, string][] = [
      [names.Holding, '100', FROM],
      [names.EuroSub, '80', FROM],
      [names.UKSub, '100', FROM],
    ];
    for (const [index, [name, owned, joined]] of members.entries()) {
      if (index > 0) await page.getByRole('button', { name: 'Add member' }).click();
      const row = index + 1;
      await choose(page.getByLabel(`Member ${row} organization`), name, true);
      await page.getByLabel(`Member ${row} ownership %`).fill(owned);
      const month = page.getByLabel(`Member ${row} joined period`);
      await month.click();
      await month.fill(joined);
      await month.press('Enter');
    }
    // Saved without a parent: the form says what the API would.
    await page.getByRole('button', { name: 'Create group' }).click();
    await seeText(page, m.parentRequired);
    await choose(page.getByLabel('Parent organization'), names.Holding);

    // The rules: loan, interest, fees and dividends between the members, by account code.
    for (const [index, rule] of GROUP_RULES.entries()) {
      await page.getByRole('button', { name: 'Add rule' }).click();
      const row = index + 1;
      await page.getByLabel(`Rule ${row} name`).fill(rule.name);
      await page.getByLabel(`Rule ${row} account A`).fill(rule.accountA);
      await page.getByLabel(`Rule ${row} account B`).fill(rule.accountB);
    }
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Create group' }).click();
    await seeText(page, m.created);
    await page.waitForURL((url) => /^\/consolidation\/[0-9a-f-]{36}$/.test(url.pathname));
    const groupId = new URL(page.url()).pathname.split('/').at(-1)!;
    await page.getByRole('heading', { name: groupName }).waitFor();

    // The balance sheet of February: the rates are missing, named, with the way to the page that keeps them.
    await page.getByRole('tab', { name: 'Balance Sheet' }).click();
    const range = page.getByLabel('Period range');
    await range.first().click();
    await range.first().fill(FROM);
    await range.nth(1).fill(TO);
    await range.nth(1).press('Enter');
    const missing = page.getByRole('alert').filter({ hasText: 'Exchange rates missing:' });
    await missing.waitFor();
    expect(await missing.innerText()).toMatch(/EUR→USD 20\d\d-\d\d \((average|closing)\)/);
    await missing.getByRole('link', { name: 'Open Exchange Rates' }).click();
    await waitForPath(page, '/exchange-rates');
    await importRates(GROUP_RATES.map((rate) => ({ ...rate, period: shifted(rate.period) })));

    // Back on the group: the consolidated balance sheet balances, in USD.
    await page.goto(`/consolidation/${groupId}?statement=balance-sheet&from=${FROM}&to=${TO}`);
    await page.getByRole('heading', { name: 'Consolidated Balance Sheet' }).waitFor();
    await seeText(page, 'As of 29 February 2020 · Reporting currency USD');
    await expect.poll(() => figureOf('Check')).toBe('0.00');
    const balanceSheet = await consolidatedReport(token, groupId, 'balance-sheet');
    // The figures of docs/consolidation.md's worked example, and the page shows the API's.
    expect(balanceSheet.totals.translationAdjustment).toBe(102.08);
    expect(balanceSheet.totals.nonControllingInterest).toBe(297.6);
    const equity = page.getByRole('region', { name: 'Group equity' });
    await expect
      .poll(() => equity.innerText())
      .toMatch(
        new RegExp(
          `Translation adjustment \\(parent’s share\\)\\s+${amount(balanceSheet.totals.translationAdjustment)}[\\s\\S]*` +
            `Non-controlling interests\\s+${amount(balanceSheet.totals.nonControllingInterest)}`,
        ),
      );
    expect(await figureOf('Non-controlling interests')).toBe(amount(balanceSheet.totals.nonControllingInterest));
    expect(await figureOf('Total assets')).toBe(amount(balanceSheet.totals.totalAssets));

    // The worksheet's member columns open each member's own balance sheet of the same range.
    const worksheet = page.getByRole('region', { name: 'Consolidation worksheet' });
    const euroColumn = worksheet.getByRole('link', { name: `${names.EuroSub}: open its own Balance Sheet` });
    expect(new URL((await euroColumn.getAttribute('href'))!, baseURL()).searchParams.get('organization')).toBe(
      euroSub.id,
    );

    // What the loan rule matched and did not cancel: the euro rose, EuroSub revalued its loan and Holding did not.
    const unmatched = page.getByRole('region', { name: 'Unmatched intercompany' });
    await unmatched.getByRole('heading', { name: 'Unmatched intercompany' }).waitFor();
    const [difference] = balanceSheet.unmatched;
    expect(difference).toMatchObject({ rule: 'Intercompany loan', difference: -50 });
    const unmatchedRow = unmatched.getByRole('row', { name: new RegExp(`^Intercompany loan`) });
    expect(await unmatchedRow.innerText()).toMatch(
      new RegExp(
        `${amount(difference!.amountA)}\\s+${amount(difference!.amountB)}\\s+${amount(difference!.difference)}`,
      ),
    );
    await page.evaluate(() => window.scrollTo(0, 0));
    await docScreenshot(page, 'consolidation-balance-sheet');

    // The P&L: the non-controlling interests' share of EuroSub's income.
    await page.getByRole('tab', { name: 'Profit & Loss' }).click();
    await page.getByRole('heading', { name: 'Consolidated Profit & Loss' }).waitFor();
    const profitAndLoss = await consolidatedReport(token, groupId, 'profit-and-loss');
    expect(profitAndLoss.totals.netIncomeNonControlling).toBe(63.28);
    await expect
      .poll(() =>
        page
          .locator('.report-screen-table tr', {
            has: page.locator('.report-label', { hasText: 'Attributable to non-controlling interests' }),
          })
          .first()
          .innerText(),
      )
      .toContain(amount(profitAndLoss.totals.netIncomeNonControlling));

    // Back to the list: the group with its currency, parent and members.
    await page.getByRole('link', { name: 'Consolidation' }).first().click();
    await waitForPath(page, '/consolidation');
    const listed = page.getByRole('row', { name: new RegExp(groupName) });
    expect(await listed.innerText()).toMatch(new RegExp(`${groupName}\\s+USD\\s+${names.Holding}\\s+3`));

    // A user of the parent reads the group's statements by its address; only their own column opens.
    const parentUser = await createOrganizationUser(token, holding.id);
    await openProfileMenu(page);
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await waitForPath(page, '/login');
    await logInAndLand(page, parentUser.email, parentUser.password, '/pipelines');
    await page.goto(`/consolidation/${groupId}?statement=balance-sheet&from=${FROM}&to=${TO}`);
    await page.getByRole('heading', { name: groupName }).waitFor();
    await expect.poll(() => figureOf('Check')).toBe('0.00');
    const columns = page.getByRole('region', { name: 'Consolidation worksheet' });
    await columns.getByRole('link', { name: `${names.Holding}: open its own Balance Sheet` }).waitFor();
    expect(await columns.getByRole('link', { name: `${names.EuroSub}: open its own Balance Sheet` }).count()).toBe(0);

    // They ask Chat DB the group's consolidated net income; a department is asked back, never guessed.
    await page.getByRole('button', { name: 'Ask Chat DB' }).click();
    await page.getByRole('heading', { name: 'Chat DB' }).waitFor();
    await page.getByRole('combobox', { name: 'Ask about' }).waitFor();
    await seeText(page, `${groupName} (consolidated, USD)`);
    const box = page.getByRole('textbox', { name: 'Question' });
    await box.fill('Net income this year');
    await box.press('Enter');
    const sentence = page.getByTestId('chat-sentence').first();
    await sentence.waitFor({ timeout: 15_000 });
    expect(await sentence.innerText()).toContain(amount(profitAndLoss.totals.netIncome));
    await docScreenshot(page, 'consolidation-chat');
    await box.fill('Revenue by department this year');
    await box.press('Enter');
    await seeText(page, chatMessages.groupLines('departments'));
  }, 180_000);
});

/**
 * Imports the rates as a CSV file on the Exchange Rates page (`period,from,to,average,closing`), as a controller
 * would with the month's rates from the bank.
 */
async function importRates(rates: { period: string; from: string; to: string; average: number; closing: number }[]) {
  await page.getByRole('heading', { name: 'Exchange Rates' }).waitFor();
  const csv = [
    EXCHANGE_RATE_CSV_HEADER.join(','),
    ...rates.map((rate) => [rate.period, rate.from, rate.to, rate.average, rate.closing].join(',')),
  ].join('\r\n');
  await page
    .locator('input[type="file"]')
    .first()
    .setInputFiles({ name: 'rates.csv', mimeType: 'text/csv', buffer: Buffer.from(`${csv}\r\n`) });
  await seeText(page, exchangeRateMessages.imported);
}
