import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@finboard/shared/messages';
import { userMessages } from '@finboard/shared/users';
import {
  addDashboard,
  removeBuiltinDashboards,
  apiLogin,
  randomLetters,
  createOrganization,
  getOrganization,
  TINY_PNG,
  waitForEmail,
} from './support/api';
import { cspViolations, newPage, seeText, usePage, waitForPath } from './support/browser';
import { E2E_ADMIN } from './support/constants';
import { logInAndLand, moveToLastWithKeyboard, openProfileMenu } from './support/ui';

const currentPage = usePage();
let page: Page;
beforeEach(() => {
  page = currentPage();
});

/** One organization and one person the journeys below follow, in order. */
const journey = {
  organization: { id: '', name: '' },
  dashboards: { revenue: '', cash: '', budget: '' },
  user: { email: `ada-${randomUUID().slice(0, 8)}@e2e.finboard.test`, password: 'F1rst!Passw0rd', id: '' },
};

beforeAll(async () => {
  const token = await apiLogin(E2E_ADMIN.email, E2E_ADMIN.password);
  // Longer than 15 characters: the header shows it in its "long" style.
  const name = `Northwind ${randomLetters(1).toUpperCase()}${randomLetters(7)}`;
  journey.organization = await createOrganization(
    token,
    {
      organizationName: name,
      organizationEmail: `finance-${randomLetters(6)}@northwind.test`,
      organizationPhoneNumber: '2025550143',
    },
    TINY_PNG,
  );
  // This journey grants Power BI entries of its own; the built-in statements would only crowd the lists.
  await removeBuiltinDashboards(token, journey.organization.id);
  const dashboard = { url: 'https://app.powerbi.com/reportEmbed', workspaceId: 'ws-1', datasetId: 'ds-1' };
  journey.dashboards.revenue = (
    await addDashboard(token, journey.organization.id, { ...dashboard, dashboard: 'Revenue Overview', type: 'report' })
  ).id;
  journey.dashboards.cash = (
    await addDashboard(token, journey.organization.id, {
      ...dashboard,
      dashboard: 'Cash Flow',
      type: 'paginatedReport',
    })
  ).id;
  journey.dashboards.budget = (
    await addDashboard(token, journey.organization.id, { ...dashboard, dashboard: 'Budget Board', type: 'report' })
  ).id;
});

/** Picks an option of the antd Select labelled `label` inside `scope`, typing to search for it. */
async function choose(scope: ReturnType<Page['getByRole']>, label: string, option: string): Promise<void> {
  await scope.getByLabel(label, { exact: true }).click();
  await page.keyboard.type(option);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

/** From anywhere in the admin's app: Users, filtered by the user's e-mail, then their User Profile. */
async function openUserProfileAsAdmin(): Promise<void> {
  await page.getByRole('link', { name: 'Users', exact: true }).click();
  await waitForPath(page, '/users');
  const filters = page.locator('.ant-card', { hasText: 'Filter Users' });
  await filters.getByLabel('E-mail').fill(journey.user.email);
  await filters.getByRole('button', { name: 'Apply Filter' }).click();
  // Other journeys on this server have their own Ada Lovelace: pick this journey's user by id.
  await page.locator(`.ant-table-row a[href="/users/${journey.user.id}"]`).first().click();
  await waitForPath(page, `/users/${journey.user.id}`);
  await seeText(page, 'User Profile');
}

describe('users and organization users', () => {
  it('adds a user to an organization without a password; the invited user sets one and lands on /pipelines', async () => {
    await logInAndLand(page, E2E_ADMIN.email, E2E_ADMIN.password, '/portfolio');
    await page.getByRole('link', { name: 'Users', exact: true }).click();
    await waitForPath(page, '/users');
    await seeText(page, 'Filter Users');

    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New User' });
    await dialog.getByLabel('First name').fill('Ada');
    await dialog.getByLabel('Last name').fill('Lovelace');
    await dialog.getByLabel('Email').fill(journey.user.email);
    await dialog.getByLabel('Phone number').fill('(202) 555-0199');
    // The browser applies the shared rules before anything is sent.
    await dialog.getByRole('button', { name: 'Add User' }).click();
    await seeText(page, userMessages.organizationRequired);
    await choose(dialog, 'Organization', journey.organization.name);
    await dialog.getByRole('button', { name: 'Add User' }).click();
    await seeText(page, userMessages.createdInvite);
    await dialog.waitFor({ state: 'hidden' });

    const row = page.locator('.ant-table-row', { hasText: journey.user.email });
    await row.waitFor();
    expect(await row.innerText()).toContain(journey.organization.name);
    journey.user.id = /\/users\/([0-9a-f-]{36})/.exec((await row.getByRole('link').first().getAttribute('href'))!)![1]!;

    const invite = await waitForEmail(journey.user.email, /invited/);
    const link = /https?:\/\/\S+\/reset-password\/\S+/.exec(invite.text)?.[0];
    expect(link).toBeDefined();
    await page.evaluate(() => localStorage.clear());
    await page.goto(link!);
    await page.getByLabel('New password').fill(journey.user.password);
    await page.getByLabel('Confirm password').fill(journey.user.password);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await waitForPath(page, '/reset-password/success');

    await logInAndLand(page, journey.user.email, journey.user.password, '/pipelines');
    const organizationName = page.getByText(journey.organization.name, { exact: true });
    await organizationName.waitFor();
    expect(await organizationName.getAttribute('data-length')).toBe('long');
    // The organization's logo, through the image endpoint, replaces the default one.
    const logo = page.getByRole('link', { name: 'Finboard home' }).locator('img');
    await logo.waitFor({ state: 'visible' });
    expect(await logo.getAttribute('src')).toMatch(/^\/api\/v1\/image\?url=.+&w=360&q=75$/);
    expect(await logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    // Nothing granted by hand: a new user sees every dashboard of the organization.
    await page.getByRole('menu', { name: 'Main navigation' }).getByText('Dashboard').click();
    for (const name of ['Revenue Overview', 'Cash Flow', 'Budget Board'])
      await page.getByRole('menuitem', { name }).getByRole('link').waitFor();
    await page.keyboard.press('Escape');
  });

  it('restricts the user to a chosen list in Edit User; the user sees only it in the dropdown and the drawer, and reorders them', async () => {
    // The Organization Profile's "Add User" preselects its organization, and the dialog returns there.
    await logInAndLand(page, E2E_ADMIN.email, E2E_ADMIN.password, '/portfolio');
    await page.goto(`/organizations/${journey.organization.id}`);
    await page.getByRole('link', { name: 'Add User' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Add New User' });
    await addDialog.locator('.ant-select', { hasText: journey.organization.name }).waitFor();
    await addDialog.getByRole('button', { name: 'Cancel' }).click();
    await waitForPath(page, `/organizations/${journey.organization.id}`);

    await openUserProfileAsAdmin();
    await seeText(page, 'All dashboards of the organization');
    await page.getByRole('button', { name: 'Edit User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit User' });
    expect(await dialog.getByLabel('Email').inputValue()).toBe(journey.user.email);
    expect(await dialog.getByLabel('All dashboards of the organization').isChecked()).toBe(true);
    // The pipeline is picked, not typed.
    await choose(dialog, 'Pipeline', 'GL Detail');
    await dialog.getByLabel('Only the dashboards chosen below').check();
    await choose(dialog, 'Chosen dashboards', 'Revenue Overview');
    await choose(dialog, 'Chosen dashboards', 'Cash Flow');
    // A multiple select stays open after a choice; clicking elsewhere in the form closes it.
    await dialog.getByText('Edit User', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Update' }).click();
    await seeText(page, userMessages.updated);
    await dialog.waitFor({ state: 'hidden' });
    const granted = page.locator('.ant-card', { hasText: 'Only a chosen list of dashboards' });
    await granted.getByText('Cash Flow', { exact: true }).waitFor();
    await seeText(page, 'GL Detail');

    await page.evaluate(() => localStorage.clear());
    await logInAndLand(page, journey.user.email, journey.user.password, '/pipelines');
    await page.getByRole('menu', { name: 'Main navigation' }).getByText('Dashboard').click();
    const revenueItem = page.getByRole('menuitem', { name: 'Revenue Overview' }).getByRole('link');
    await revenueItem.waitFor();
    expect(await revenueItem.getAttribute('href')).toBe('/dashboard?name=Revenue%20Overview');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Open dashboards' }).click();
    const drawer = page.getByRole('dialog', { name: 'Dashboard' });
    const list = drawer.getByRole('list', { name: 'Dashboards' });
    await list.waitFor();
    expect(await list.getByRole('link').allInnerTexts()).toEqual(['Revenue Overview', 'Cash Flow']);

    await moveToLastWithKeyboard(
      page,
      drawer.getByRole('button', { name: 'Move Revenue Overview' }),
      'Revenue Overview',
      2,
    );
    await seeText(page, 'Dashboards updated successfully');
    expect(await list.getByRole('link').allInnerTexts()).toEqual(['Cash Flow', 'Revenue Overview']);
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    const saved = await getOrganization(token, journey.organization.id);
    expect(saved.dashboards.map((dashboard) => dashboard.name)).toEqual(['Cash Flow', 'Revenue Overview']);

    await drawer.getByRole('link', { name: 'Cash Flow' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard' && url.searchParams.get('name') === 'Cash Flow');
  });

  it("resets the user's password from User Profile: their session ends and the e-mailed password works once", async () => {
    const userSide = await newPage(page.context().browser()!);
    try {
      await logInAndLand(userSide.page, journey.user.email, journey.user.password, '/pipelines');
      const userToken = (await userSide.page.evaluate(() => localStorage.getItem('token')))!;

      await logInAndLand(page, E2E_ADMIN.email, E2E_ADMIN.password, '/portfolio');
      await openUserProfileAsAdmin();
      await page.getByRole('button', { name: 'Reset Password' }).click();
      const confirm = page.getByRole('dialog', { name: 'Reset Password' });
      await confirm.getByText('A temporary password will be e-mailed to').waitFor();
      await confirm.getByRole('button', { name: 'Reset Password' }).click();
      await seeText(page, messages.adminResetSuccess);

      // Every session of the user ended: their open page is sent to /login on its next call.
      const revoked = await fetch(`${new URL(page.url()).origin}/api/v1/user/profile`, {
        headers: { authorization: `Bearer ${userToken}` },
      });
      expect(revoked.status).toBe(401);
      await userSide.page.reload();
      await waitForPath(userSide.page, '/login');
      expect(await cspViolations(userSide.page)).toEqual([]);
    } finally {
      await userSide.context.close();
    }

    const mail = await waitForEmail(journey.user.email, /new Finboard password/);
    const temporary = /temporary password is:\s+(\S+)/.exec(mail.text)?.[1];
    expect(temporary).toBeDefined();
    await expect(apiLogin(journey.user.email, journey.user.password)).rejects.toThrow(/401/);

    await page.evaluate(() => localStorage.clear());
    await logInAndLand(page, journey.user.email, temporary!, '/change-password');
    await page.getByLabel('Current password').fill(temporary!);
    journey.user.password = 'S3cond!Passw0rd';
    await page.getByLabel('New password').fill(journey.user.password);
    await page.getByLabel('Confirm password').fill(journey.user.password);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await seeText(page, messages.changePasswordSuccess);
    await waitForPath(page, '/pipelines');
    // What the API refused during the forced change loads now: the header shows the organization.
    await page.getByText(journey.organization.name, { exact: true }).waitFor();

    await expect(apiLogin(journey.user.email, temporary!)).rejects.toThrow(/401/);
    await expect(apiLogin(journey.user.email, journey.user.password)).resolves.toBeTruthy();
  });

  it('edits Profile Details and keeps the change', async () => {
    await logInAndLand(page, journey.user.email, journey.user.password, '/pipelines');
    await openProfileMenu(page);
    await page.getByRole('menuitem', { name: 'Profile Details' }).click();
    await waitForPath(page, '/profile');
    await seeText(page, 'Profile Details');
    await seeText(page, journey.user.email);
    await seeText(page, '(202) 555-0199');

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('First name').fill('Ada2');
    await page.getByRole('button', { name: 'Update' }).click();
    await seeText(page, 'First name can only contain letters, spaces, apostrophes and hyphens');
    await page.getByLabel('First name').fill('Augusta');
    await page.getByLabel('Phone number').fill('202-555-0123');
    await page.getByRole('button', { name: 'Update' }).click();
    await seeText(page, messages.profileUpdated);
    await seeText(page, 'Augusta Lovelace');
    // The header follows at once.
    await page.getByRole('button', { name: 'Profile menu' }).getByText('Augusta Lovelace').waitFor();

    await page.reload();
    await seeText(page, 'Augusta Lovelace');
    await seeText(page, '(202) 555-0123');
  });
});
