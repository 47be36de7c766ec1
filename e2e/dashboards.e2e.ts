import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { BUILTIN_DASHBOARDS, dashboardMessages } from '@finboard/shared/dashboards';
import { BUILTIN_REFRESH_NAME, dataRefreshMessages } from '@finboard/shared/data-refresh';
import { apiLogin, apiSession, createOrganization, getOrganization, randomLetters } from './support/api';
import { seeText, usePage, waitForPath } from './support/browser';
import { DEMO_USER, E2E_ADMIN } from './support/constants';
import { logInAndLand, moveToLastWithKeyboard } from './support/ui';

const currentPage = usePage();
let page: Page;
beforeEach(() => {
  page = currentPage();
});

const drawerNames = (drawer: ReturnType<Page['getByRole']>) => drawer.getByRole('link').allInnerTexts();

describe('built-in dashboards', () => {
  it('the demo user reorders the drawer, opens Profit & Loss, narrows it to a quarter, drills into a figure and refreshes the datasets', async () => {
    const session = await apiSession(DEMO_USER.email, DEMO_USER.password);
    await logInAndLand(page, DEMO_USER.email, DEMO_USER.password, '/pipelines');

    // The drawer lists the statements the demo user sees (all of them); one moves to the end with the keyboard.
    await page.getByRole('button', { name: 'Open dashboards' }).click();
    const drawer = page.getByRole('dialog', { name: 'Dashboard' });
    await drawer.waitFor();
    const names = BUILTIN_DASHBOARDS.map((d) => d.dashboard);
    await expect.poll(() => drawerNames(drawer)).toEqual(names);
    await moveToLastWithKeyboard(
      page,
      drawer.getByRole('button', { name: 'Move Financial Overview' }),
      'Financial Overview',
      6,
    );
    await seeText(page, dashboardMessages.updated);
    const reordered = [...names.slice(1), names[0]];
    await expect
      .poll(async () => (await getOrganization(session.token, session.organizationId!)).dashboards.map((d) => d.name))
      .toEqual(reordered);
    // Kept after a reload.
    await page.reload();
    await page.getByRole('button', { name: 'Open dashboards' }).click();
    await expect.poll(() => drawerNames(drawer)).toEqual(reordered);

    // Profit & Loss: the current fiscal year to date by default, with its sections.
    await drawer.getByRole('link', { name: 'Profit & Loss' }).click();
    await waitForPath(page, '/dashboard');
    await page.getByRole('heading', { name: 'Profit & Loss' }).waitFor();
    await page.getByText(/^Data refreshed [A-Z][a-z]{2} \d{1,2}, \d{4}/).waitFor();

    // Narrowed to one quarter through the URL the filters keep (a reload or a shared link shows the same).
    const quarter = { from: '2025-04', to: '2025-06' };
    await page.goto(`/dashboard?name=${encodeURIComponent('Profit & Loss')}&from=${quarter.from}&to=${quarter.to}`);
    await seeText(page, `${quarter.from} to ${quarter.to}`);
    expect(await page.getByRole('textbox', { name: 'Period range' }).first().inputValue()).toBe(quarter.from);

    // A figure opens the GL lines behind it, paged on the server, with the Studio link of the same filter.
    const figure = page.getByRole('button', { name: /Show the GL lines/ }).first();
    await figure.click();
    const lines = page.getByRole('dialog', { name: 'GL lines' });
    await lines.waitFor();
    await lines.locator('.ant-table-row').first().waitFor();
    await expect.poll(() => lines.getByText(/^Total of \d+ lines$/).count()).toBe(1);
    const studio = lines.getByRole('link', { name: 'Open in Data Management Studio' });
    const href = (await studio.getAttribute('href')) ?? '';
    expect(href).toContain('table=02_GL_Detail');
    const filters = JSON.parse(new URLSearchParams(href.split('?')[1]).get('filters') ?? '[]') as {
      column: string;
      value: string;
    }[];
    const period = filters.find((f) => f.column === 'period')!;
    expect(period.value >= quarter.from && period.value <= quarter.to).toBe(true);
    await studio.click();
    await waitForPath(page, '/data-management');
    await page.getByRole('heading', { name: 'Data Management Studio' }).waitFor();

    // Refreshes the datasets from the navigation and follows the log entry until it completes. Once the grid's
    // rows are in; on a loaded CI machine a click while the Studio still renders can land on a menu item being
    // replaced, so the click is repeated (as a person would) until the page changes.
    await page.locator('.ag-grid-scrolling-container .ag-row[row-index="0"]').waitFor();
    const refreshLog = page.getByRole('menu', { name: 'Main navigation' }).getByText('Data Refresh Log');
    await expect
      .poll(
        async () => {
          if (new URL(page.url()).pathname !== '/data-refresh-log') await refreshLog.click();
          return new URL(page.url()).pathname;
        },
        { timeout: 30_000, interval: 2_000 },
      )
      .toBe('/data-refresh-log');
    await page.getByRole('heading', { name: 'Dataset Refresh Log' }).waitFor();
    const logRows = page.locator('.ant-table-tbody .ant-table-row');
    const before = await logRows.count();
    await page.getByRole('button', { name: 'Refresh All' }).click();
    await seeText(page, dataRefreshMessages.allStarted);
    // The demo's dashboards are the built-in statements: one refresh of their aggregates, listed first.
    const newest = logRows.first();
    await expect.poll(() => logRows.count(), { timeout: 15_000 }).toBeGreaterThan(before === 0 ? 0 : before - 1);
    await expect
      .poll(() => newest.innerText(), { timeout: 30_000 })
      .toMatch(new RegExp(`^${BUILTIN_REFRESH_NAME}\\s+Success\\s+\\d+\\.\\d s`));
    expect(await newest.locator('td').nth(5).innerText()).toBe('—');
    await page.getByRole('img', { name: /Refresh durations over time for Built-in dashboards/ }).waitFor();

    // Today's filter keeps it.
    await page.getByLabel('Date').click();
    await page.getByLabel('Date').fill(new Date().toISOString().slice(0, 10));
    await page.keyboard.press('Enter');
    await expect.poll(() => logRows.first().innerText()).toMatch(new RegExp(`^${BUILTIN_REFRESH_NAME}\\s+Success`));
  }, 240_000);

  it('the admin adds a built-in statement, renames it and removes it', async () => {
    const token = await apiLogin(E2E_ADMIN.email, E2E_ADMIN.password);
    const organization = await createOrganization(token, {
      organizationName: `Statements ${randomLetters(6)}`,
      organizationEmail: `finance-${randomLetters(6)}@statements.test`,
      organizationPhoneNumber: '2025550143',
    });
    await logInAndLand(page, E2E_ADMIN.email, E2E_ADMIN.password, '/portfolio');
    await page.goto(`/organizations/${organization.id}`);
    await page.getByRole('heading', { name: 'Organization Profile' }).waitFor();
    const rows = page.getByTestId('dashboard-row');
    // A new organization starts with the six built-in statements.
    await expect.poll(() => rows.count()).toBe(6);

    // Add: a second Cash Flow statement, chosen by template; only a name and a statement are asked for.
    await page.getByRole('button', { name: 'Add Dashboard' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Dashboard' });
    await dialog.getByLabel('Type').focus();
    await page.keyboard.press('ArrowDown');
    await page.locator('.ant-select-item-option', { hasText: 'Built-in statement' }).click();
    await expect.poll(() => dialog.getByLabel('URL').count()).toBe(0);
    await dialog.getByLabel('Statement').click();
    await page.locator('.ant-select-item-option', { hasText: 'Cash Flow' }).click();
    await dialog.getByLabel('Dashboard name').fill('Cash Flow by Entity');
    await dialog.getByRole('button', { name: 'Add Dashboard' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await seeText(page, dashboardMessages.updated);
    await expect.poll(() => rows.count()).toBe(7);
    const stored = async () =>
      (await getOrganization(token, organization.id)).dashboards as { name: string; type?: string }[];
    await expect
      .poll(async () => (await stored()).at(-1))
      .toMatchObject({ name: 'Cash Flow by Entity', type: 'builtin' });

    // Rename it.
    await page.getByRole('button', { name: 'Edit Cash Flow by Entity' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Dashboard' });
    // Filled once the dialog has opened (its form takes the dashboard's values as it opens), then checked.
    await expect.poll(async () => (await edit.getAttribute('class')) ?? '').not.toContain('ant-zoom-appear');
    await edit.getByLabel('Dashboard name').fill('Cash by Entity');
    await expect.poll(() => edit.getByLabel('Dashboard name').inputValue()).toBe('Cash by Entity');
    await edit.getByRole('button', { name: 'Update' }).click();
    await edit.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await stored()).at(-1)?.name).toBe('Cash by Entity');

    // Remove it, after confirming.
    await page.getByRole('button', { name: 'Delete Cash by Entity' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => rows.count()).toBe(6);
    expect((await stored()).map((d) => d.name)).toEqual(BUILTIN_DASHBOARDS.map((d) => d.dashboard));
  }, 240_000);
});
