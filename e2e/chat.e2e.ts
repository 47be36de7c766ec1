import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiSession, getKpis, listWarehouseRecords } from './support/api';
import { seeText, usePage } from './support/browser';
import { DEMO_USER, E2E_ADMIN } from './support/constants';
import { docScreenshot } from './support/screenshots';
import { logInAndLand, shownMoney } from './support/ui';

const currentPage = usePage();
let page: Page;
beforeEach(() => {
  page = currentPage();
});

/** Asks through the keyboard (Enter sends) and waits for the answer's sentence number `index` (0-based). */
async function ask(question: string, index: number): Promise<string> {
  const box = page.getByRole('textbox', { name: 'Question' });
  await box.fill(question);
  await box.press('Enter');
  const sentence = page.getByTestId('chat-sentence').nth(index);
  await sentence.waitFor({ timeout: 15_000 });
  return sentence.innerText();
}

describe('Chat DB', () => {
  it('the demo user asks five questions and sees the figures, a chart and the SQL', async () => {
    const session = await apiSession(DEMO_USER.email, DEMO_USER.password);
    const organizationId = session.organizationId!;
    // Figures to expect, read independently through the Data Management API (the ledger's lines).
    const [latest] = (
      await listWarehouseRecords(session.token, organizationId, '02_GL_Detail', {
        sortBy: 'period',
        sortOrder: 'desc',
        pageSize: 1,
      })
    ).rows;
    const last = String(latest!.period);
    const linesOfLast = await listWarehouseRecords(session.token, organizationId, '02_GL_Detail', {
      pageSize: 1,
      filters: [{ column: 'period', op: 'eq', value: last }],
    });
    const rent = await listWarehouseRecords(session.token, organizationId, '02_GL_Detail', {
      pageSize: 500,
      filters: [
        { column: 'period', op: 'eq', value: last },
        { column: 'account_code', op: 'eq', value: '7210' },
      ],
    });
    const rentCents = rent.rows.reduce(
      (sum, row) => sum + Math.round(Number(row.debit) * 100) - Math.round(Number(row.credit) * 100),
      0,
    );

    await logInAndLand(page, DEMO_USER.email, DEMO_USER.password, '/pipelines');
    await page.getByRole('link', { name: 'Chat DB' }).first().click();
    await page.getByRole('heading', { name: 'Chat DB' }).waitFor();
    await page.getByLabel('Starter questions').waitFor();

    // 1. A count, as a KPI card.
    expect(await ask('How many GL lines last month?', 0)).toBe(
      `GL lines in ${last} was ${linesOfLast.pagination.total.toLocaleString('en-US')}.`,
    );
    await page.getByTestId('chat-kpi').first().waitFor();

    // 2. An account by name: the same figure as its ledger lines.
    expect(await ask('How much did we spend on office rent last month?', 1)).toBe(
      `Amount in ${last} was ${shownMoney(rentCents / 100)}.`,
    );

    // 3. A time series: a line chart and a table; Show SQL reveals the checked statement.
    await ask('Revenue by month this year', 2);
    await page.getByRole('img', { name: /^Line chart of Revenue/ }).waitFor();
    await page.getByRole('button', { name: 'Show SQL' }).last().click();
    await expect.poll(() => page.getByTestId('chat-sql').last().innerText()).toMatch(/^WITH facts AS/);

    // 4. Top N against budget: a bar chart of the accounts.
    await ask('Top 5 expense accounts last month vs budget', 3);
    await page.getByRole('img', { name: /^Bar chart of Amount, Budget, Variance/ }).waitFor();

    // 5. A follow-up keeps the context: the same figure, one quarter earlier.
    await ask('Gross margin last quarter', 4);
    const followUp = await ask('and the quarter before?', 5);
    expect(followUp).toMatch(/^Gross margin % in [A-Z][a-z]{2} – [A-Z][a-z]{2} \d{4} was -?[\d,]+\.\d{2}%\.$/);

    // The conversation is kept: a reload shows it again.
    await page.reload();
    await expect.poll(() => page.getByTestId('chat-sentence').count()).toBe(6);
  }, 120_000);

  it('a "what drove" question shows the bridge and its reading; a follow-up keeps the context; an unrelated question gets no figure', async () => {
    const session = await apiSession(DEMO_USER.email, DEMO_USER.password);
    const [latest] = (
      await listWarehouseRecords(session.token, session.organizationId!, '02_GL_Detail', {
        sortBy: 'period',
        sortOrder: 'desc',
        pageSize: 1,
      })
    ).rows;
    const last = String(latest!.period);
    const before = `${last.slice(0, 4)}-${String(Number(last.slice(5)) - 1).padStart(2, '0')}`;
    // The two totals, read independently through the KPI library (operating expenses before D&A).
    const now = (await getKpis(session.token, session.organizationId!, last, last)).operatingExpenses!;
    const then = (await getKpis(session.token, session.organizationId!, before, before)).operatingExpenses!;
    const money = (value: number) =>
      value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

    await logInAndLand(page, DEMO_USER.email, DEMO_USER.password, '/pipelines');
    await page.getByRole('link', { name: 'Chat DB' }).first().click();
    await page.getByRole('heading', { name: 'Chat DB' }).waitFor();
    // A fresh conversation: the demo user's earlier one (another journey's) is cleared first, once it has loaded
    // (the starter questions show only for a loaded, empty one).
    const clear = page.getByRole('button', { name: 'Clear conversation' });
    const starters = page.getByLabel('Starter questions');
    await clear.or(starters).waitFor();
    if (await clear.isVisible()) await clear.click();
    await starters.waitFor();
    await expect.poll(() => page.getByTestId('chat-sentence').count()).toBe(0);
    const sentence = await ask('What drove the change in operating expenses last month?', 0);
    expect(sentence).toContain(`(${money(then)} → ${money(now)})`);
    expect(sentence).toMatch(
      /^Operating expenses (rose|fell) by [\d,]+\.\d{2} \(\d+\.\d %\) from \w{3} \d{4} to \d{4}-\d{2} .* The largest contributors: /,
    );
    await expect
      .poll(() => page.getByTestId('chat-reading').first().innerText())
      .toMatch(
        /^Read as: Operating expenses, \d{4}-\d{2}, all departments, the change split by account, vs \w{3} \d{4}$/,
      );
    const bridge = page.getByRole('img', { name: /^Bridge chart from \w{3} \d{4} to \d{4}-\d{2}$/ });
    await bridge.waitFor();
    await docScreenshot(page, 'chat-what-drove', page.locator('.chat-answer').first());

    // An elliptical follow-up keeps the question and moves its period.
    const followUp = await ask('and the month before?', 1);
    expect(followUp).toMatch(/^Operating expenses (rose|fell) by .* to [A-Z][a-z]{2} \d{4} \(/);
    expect(followUp).toContain(`→ ${money(then)})`);
    await expect.poll(() => page.getByRole('img', { name: /^Bridge chart/ }).count()).toBe(2);

    // An unrelated question is not answered with the last figure.
    const unrelated = await ask("What's the weather in Seattle?", 2);
    expect(unrelated).toMatch(
      /^Chat DB answers from the books, and something outside finance is not in them\. Try asking: /,
    );
    await expect.poll(() => page.getByTestId('chat-reading').count()).toBe(2);
    await expect.poll(() => page.getByRole('img', { name: /^Bridge chart/ }).count()).toBe(2);
  }, 120_000);

  it('an admin picks an organization and asks about it', async () => {
    await logInAndLand(page, E2E_ADMIN.email, E2E_ADMIN.password, '/portfolio');
    await page.goto('/db-chat');
    await seeText(page, 'Please select an organization');
    await page.getByLabel('Organization', { exact: true }).click();
    await page.keyboard.type('Harbor Precision');
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Harbor Precision Components' })
      .click();
    const sentence = await ask('What was net income last year?', 0);
    expect(sentence).toMatch(/^Net income in FY\d{4} was -?[\d,]+\.\d{2}\.$/);
    // Two accounts side by side: each figure and the difference, as cards.
    const sideBySide = await ask('Freight Out vs Freight In last year', 1);
    expect(sideBySide).toMatch(
      /^Freight Out in FY\d{4} was [\d,]+\.\d{2} \(freight in [\d,]+\.\d{2}, difference -?[\d,]+\.\d{2}\)\.$/,
    );
    await page.getByTestId('chat-kpi').filter({ hasText: 'Difference' }).first().waitFor();
  }, 60_000);
});
