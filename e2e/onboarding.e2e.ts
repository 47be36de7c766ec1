import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { organizationMessages } from '@finboard/shared/organizations';
import { userMessages } from '@finboard/shared/users';
import { waitForEmail } from './support/api';
import { seeText, usePage, waitForPath } from './support/browser';
import { E2E_ADMIN } from './support/constants';
import {
  addDashboardThroughUi,
  openAddOrganization,
  openOrganizations,
  smallPng,
  uniqueName,
} from './support/organizations-ui';
import { logInAndLand } from './support/ui';

const currentPage = usePage();
let page: Page;
beforeEach(() => {
  page = currentPage();
});

describe('onboarding a client organization', () => {
  it('admin adds an organization with a logo, a dashboard and a user; the user sets a password and signs in to their own header', async () => {
    const name = uniqueName('Contoso');
    const email = `controller-${randomUUID().slice(0, 8)}@contoso.test`;
    const password = 'C0ntroll3r!Pass';

    // The admin adds the organization with its PNG logo…
    await logInAndLand(page, E2E_ADMIN.email, E2E_ADMIN.password, '/portfolio');
    await openOrganizations(page);
    const organizationForm = await openAddOrganization(page, name);
    await organizationForm
      .getByLabel('Logo')
      .setInputFiles({ name: 'contoso.png', mimeType: 'image/png', buffer: await smallPng() });
    await organizationForm.getByRole('img', { name: 'Logo preview' }).waitFor();
    await organizationForm.getByRole('button', { name: 'Add Organization' }).click();
    await seeText(page, organizationMessages.created);

    // …opens its profile and adds a dashboard entry…
    await page.getByRole('searchbox', { name: 'Search organizations' }).fill(name);
    await page.getByRole('searchbox', { name: 'Search organizations' }).press('Enter');
    await page.getByRole('link', { name, exact: true }).click();
    await page.getByRole('heading', { name: 'Organization Profile' }).waitFor();
    await addDashboardThroughUi(page, { name: 'Board Pack' });
    await seeText(page, 'Board Pack');

    // …and adds its first user, who gets an e-mail to set a password.
    await page.getByRole('link', { name: 'Add User' }).click();
    const userForm = page.getByRole('dialog', { name: 'Add New User' });
    await userForm.locator('.ant-select', { hasText: name }).waitFor();
    await userForm.getByLabel('First name').fill('Grace');
    await userForm.getByLabel('Last name').fill('Hopper');
    await userForm.getByLabel('Email').fill(email);
    await userForm.getByLabel('Phone number').fill('202 555 0177');
    await userForm.getByRole('button', { name: 'Add User' }).click();
    await seeText(page, userMessages.createdInvite);

    const invite = await waitForEmail(email, /invited/);
    expect(invite.text).toContain(name);
    const link = /https?:\/\/\S+\/reset-password\/\S+/.exec(invite.text)?.[0];
    expect(link).toBeDefined();

    // The user follows the link, sets a password and signs in.
    await page.evaluate(() => localStorage.clear());
    await page.goto(link!);
    await page.getByLabel('New password').fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await waitForPath(page, '/reset-password/success');
    await logInAndLand(page, email, password, '/pipelines');

    // Their header shows their organization's name and logo.
    await page.getByText(name, { exact: true }).waitFor();
    const logo = page.getByRole('link', { name: 'Finboard home' }).locator('img');
    await logo.waitFor({ state: 'visible' });
    expect(await logo.getAttribute('src')).toMatch(/^\/api\/v1\/image\?url=logos%2F/);
    await expect
      .poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBeGreaterThan(0);
  });
});
