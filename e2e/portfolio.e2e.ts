import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { PORTFOLIO_FLAG_LABELS, type PortfolioOrganization } from '@finboard/shared/portfolio';
import { formatValue } from '@finboard/shared/report-format';
import { COMPANY } from '../demo/generate/company.ts';
import { apiLogin, createOrganization, findOrganizationByName, getKpis, getReport, randomLetters } from './support/api';
import { baseURL, seeText, usePage, waitForPath } from './support/browser';
import { E2E_ADMIN } from './support/constants';
import { glCsv, OUR_HEADER } from './support/gl-csv';
import { docScreenshot } from './support/screenshots';
import { logInAndLand } from './support/ui';
import { dataTypeId, runPipelineAndWait, uploadCsv } from './support/upload-api';

const currentPage = usePage();
let page: Page;
beforeEach(() => {
  page = currentPage();
});

/** The portfolio as the API answers it, one organization by its exact name. */
async function portfolioRow(token: string, name: string): Promise<PortfolioOrganization> {
  const response = await fetch(`${baseURL()}/api/v1/portfolio?${new URLSearchParams({ name })}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await response.json()) as { data: { organizations: PortfolioOrganization[] } };
  const found = body.data.organizations.find((organization) => organization.name === name);
  if (!found) throw new Error(`${name} is not in the portfolio: ${JSON.stringify(body)}`);
  return found;
}

const amount = (value: number | null | undefined) => formatValue(value, 'amount');

describe('the portfolio', () => {
  it('lands an administrator on every client at a glance: the demo company’s figures, a failed run flagged, a click to the statements', async () => {
    const token = await apiLogin(E2E_ADMIN.email, E2E_ADMIN.password);
    // A client whose last pipeline run failed: one journal of its GL file does not balance.
    const clientName = `Portfolio Client ${randomLetters(8)}`;
    const client = await createOrganization(token, {
      organizationName: clientName,
      organizationEmail: 'books@portfolio-client.example.com',
      organizationPhoneNumber: '5550102030',
    });
    await uploadCsv(token, {
      organizationId: client.id,
      dataTypeId: await dataTypeId(token, client.id, 'GL Detail'),
      period: '2026-01',
      name: 'client-gl-2026-01.csv',
      csv: glCsv(OUR_HEADER, '2026-01', ['1000', '4000'], 1, 'PF-BAD', (line) => (line === 2 ? '999.25' : '')),
    });
    expect(await runPipelineAndWait(token, client.id, 'GL Detail')).toBe('failed');

    // The demo company's figures as its statements give them: the fiscal year to date of its latest month.
    const demo = await findOrganizationByName(token, COMPANY.name);
    const yearToDate = await getReport(token, demo.id, 'profit-and-loss');
    const latest = yearToDate.to;
    const month = await getReport(token, demo.id, 'profit-and-loss', { from: latest, to: latest });
    const cash = (await getKpis(token, demo.id, latest, latest)).cash;

    await logInAndLand(page, E2E_ADMIN.email, E2E_ADMIN.password, '/portfolio');
    await page.getByRole('heading', { name: 'Portfolio' }).waitFor();
    expect(
      await page.getByRole('menu', { name: 'Main navigation' }).getByText('Portfolio', { exact: true }).count(),
    ).toBe(1);

    // The name filter asks the server once typing pauses.
    const filter = page.getByRole('searchbox', { name: 'Filter organizations by name' });
    await filter.fill(COMPANY.name);
    await expect.poll(() => new URL(page.url()).searchParams.get('name')).toBe(COMPANY.name);
    const demoRow = page.locator('.ant-table-row', { hasText: COMPANY.name });
    await demoRow.waitFor();
    const text = await demoRow.innerText();
    for (const figure of [
      month.totals.revenue,
      month.totals.netIncome,
      yearToDate.totals.revenue,
      yearToDate.totals.netIncome,
      cash,
    ])
      expect(text).toContain(amount(figure));
    expect(await demoRow.getByRole('cell', { name: 'USD', exact: true }).count()).toBe(1);
    expect(await demoRow.getByRole('img', { name: /^Revenue and net income/ }).count()).toBe(1);
    // The API says the same, to the cent.
    expect(await portfolioRow(token, COMPANY.name)).toMatchObject({
      latestPeriod: latest,
      revenueLatestMonth: month.totals.revenue,
      netIncomeLatestMonth: month.totals.netIncome,
      revenueYtd: yearToDate.totals.revenue,
      netIncomeYtd: yearToDate.totals.netIncome,
      cashLatest: cash,
    });

    // The client with the failed run: only the flag filter's organizations, it among them, its chip red.
    await filter.fill('');
    await page.locator('.ant-table-row', { hasText: clientName }).waitFor();
    await docScreenshot(page, 'portfolio');
    await page.getByLabel('Show organizations with this flag').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: PORTFOLIO_FLAG_LABELS.runFailed })
      .click();
    await expect.poll(() => new URL(page.url()).searchParams.get('flag')).toBe('runFailed');
    // Once the filtered page is in, every row shows the flag.
    await expect
      .poll(async () => {
        const rows = await page.locator('.ant-table-row').allInnerTexts();
        return rows.length > 0 && rows.every((row) => row.includes(PORTFOLIO_FLAG_LABELS.runFailed));
      })
      .toBe(true);
    // Other journeys' clients may carry the flag too, so the client is looked for by name within the filter.
    await filter.fill(clientName);
    const clientRow = page.locator('.ant-table-row', { hasText: clientName });
    await clientRow.waitFor();
    expect(await clientRow.locator('.ant-tag', { hasText: PORTFOLIO_FLAG_LABELS.runFailed }).count()).toBe(1);
    expect(await clientRow.locator('.ant-tag', { hasText: PORTFOLIO_FLAG_LABELS.noData }).count()).toBe(1);
    expect(await clientRow.innerText()).toContain('failed');

    // Sorted on the server by a column header, keyboard and all.
    await page.getByLabel('Show organizations with this flag').press('Escape');
    await page.goto('/portfolio');
    await page.getByRole('columnheader', { name: /Revenue \(YTD\)/ }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('revenueYtd');

    // One click opens the demo company's statements.
    await filter.fill(COMPANY.name);
    await expect.poll(() => new URL(page.url()).searchParams.get('name')).toBe(COMPANY.name);
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
    await demoRow.getByRole('link', { name: `${COMPANY.name}: open its statements` }).click();
    await waitForPath(page, '/dashboard');
    expect(new URL(page.url()).searchParams.get('organization')).toBe(demo.id);
    await seeText(page, COMPANY.name);
  }, 120_000);
});
