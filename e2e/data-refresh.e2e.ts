import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { BUILTIN_REFRESH_NAME, dataRefreshMessages } from '@finboard/shared/data-refresh';
import { seeText, usePage, waitForPath } from './support/browser';
import { DEMO_USER } from './support/constants';
import { logInAndLand } from './support/ui';

const currentPage = usePage();
let page: Page;
beforeEach(() => {
  page = currentPage();
});

describe('Dataset Refresh Log', () => {
  it('the demo user refreshes the datasets from the navigation and sees the log entries complete', async () => {
    await logInAndLand(page, DEMO_USER.email, DEMO_USER.password, '/pipelines');
    await page.getByRole('menu', { name: 'Main navigation' }).getByText('Data Refresh Log').click();
    await waitForPath(page, '/data-refresh-log');
    await page.getByRole('heading', { name: 'Dataset Refresh Log' }).waitFor();

    const rows = page.locator('.ant-table-tbody .ant-table-row');
    const before = await rows.count();
    await page.getByRole('button', { name: 'Refresh All' }).click();
    await seeText(page, dataRefreshMessages.allStarted);

    // The demo's dashboards are the built-in statements: one refresh of their aggregates, listed first,
    // which the page follows until it is over.
    const newest = rows.first();
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThan(before === 0 ? 0 : before - 1);
    await expect
      .poll(() => newest.innerText(), { timeout: 30_000 })
      .toMatch(new RegExp(`^${BUILTIN_REFRESH_NAME}\\s+Success\\s+\\d+\\.\\d s`));
    // No error on it, and the duration chart has something to draw.
    expect(await newest.locator('td').nth(5).innerText()).toBe('—');
    await page.getByRole('img', { name: /Refresh durations over time for Built-in dashboards/ }).waitFor();

    // Today's filter keeps it.
    await page.getByLabel('Date').click();
    await page.getByLabel('Date').fill(new Date().toISOString().slice(0, 10));
    await page.keyboard.press('Enter');
    await expect.poll(() => rows.first().innerText()).toMatch(new RegExp(`^${BUILTIN_REFRESH_NAME}\\s+Success`));
  });
});
