import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { usePage, waitForPath } from './support/browser';
import { E2E_ADMIN } from './support/constants';
import { logInAndLand, navigationLabels } from './support/ui';

const currentPage = usePage();
let page: Page;
beforeEach(() => {
  page = currentPage();
});

describe('a page that fails', () => {
  it('shows an error panel with Try again inside the shell, and the page once it loads again', async () => {
    await logInAndLand(page, E2E_ADMIN.email, E2E_ADMIN.password, '/portfolio');
    // The Users page's code cannot be fetched (a network blip, a deploy that replaced the chunks).
    const usersChunk = '**/assets/users-page-*.js';
    await page.route(usersChunk, (route) => route.abort('connectionfailed'));

    await page.getByRole('menu', { name: 'Main navigation' }).getByText('Users', { exact: true }).click();

    await waitForPath(page, '/users');
    await page.getByText('This page could not be shown', { exact: true }).waitFor();
    // The header and its navigation stay: one failed page does not blank the app.
    expect(await navigationLabels(page)).toContain('Organizations');
    expect(await page.getByRole('heading', { name: 'Users', exact: true }).count()).toBe(0);

    await page.unroute(usersChunk);
    await page.getByRole('button', { name: 'Try again' }).click();

    await page.getByRole('heading', { name: 'Users', exact: true }).waitFor();
    expect(await page.getByText('This page could not be shown', { exact: true }).count()).toBe(0);
  });
});
