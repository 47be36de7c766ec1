import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { userMessages } from '@finboard/shared/users';
import { apiSession } from './support/api';
import { PHONE, seeText, usePage, waitForPath } from './support/browser';
import { DEMO_USER, E2E_ADMIN } from './support/constants';
import { logInAndLand, openProfileMenu, openStudioTable } from './support/ui';

// Issue 9, acceptance 2: every signed-in page works on a 390×844 phone. (Long journeys: several pages each.)
const currentPage = usePage(PHONE);
let page: Page;
beforeEach(() => {
  page = currentPage();
});

/** Nothing on the page is wider than the phone: wide tables scroll inside their own container. */
async function expectNoSideScroll(): Promise<void> {
  // Layout settles after fonts, images and late data; wait for a quiet frame before measuring.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `page wider than the phone on ${new URL(page.url()).pathname}`).toBeLessThanOrEqual(390);
}

const heading = (name: string) => page.getByRole('heading', { name, exact: true }).first();

/** Opens a page through the menu button's drawer, as a thumb would. */
async function openFromNavigation(label: string, path: string, pageHeading: string): Promise<void> {
  await page.getByRole('button', { name: 'Open navigation' }).click();
  const drawer = page.getByRole('dialog').filter({ has: page.getByRole('menu', { name: 'Main navigation' }) });
  await drawer.getByRole('menuitem', { name: label, exact: true }).click();
  await waitForPath(page, path);
  await drawer.waitFor({ state: 'hidden' });
  await heading(pageHeading).waitFor();
  await expectNoSideScroll();
}

/** Signs in on the phone and lands with the wide menu folded into the menu button. */
async function signInOnThePhone(email: string, password: string, landing: string, landingHeading: string) {
  await logInAndLand(page, email, password, landing);
  await expect.poll(() => page.locator('.ant-menu-horizontal').count()).toBe(0);
  await heading(landingHeading).waitFor();
  await expectNoSideScroll();
}

/** The profile menu stays reachable from the avatar. */
async function openFromProfileMenu(item: string, path: string): Promise<void> {
  // A page still settling (a profile's late data re-rendering the header) can close the dropdown under the
  // click: the click is then lost, never a wrong navigation. Open the menu again (never toggle an open one
  // shut) until the page changes.
  const menuItem = page.getByRole('menuitem', { name: item });
  await vi.waitFor(
    async () => {
      if (new URL(page.url()).pathname === path) return;
      if (!(await menuItem.isVisible())) await openProfileMenu(page);
      await menuItem.click({ timeout: 5_000 });
      await waitForPath(page, path, 10_000);
    },
    { timeout: 60_000, interval: 500 },
  );
}

describe('the signed-in shell at 390×844', () => {
  it('an administrator reaches every menu item, an organization’s Studio and Data Type Master, adds a user and reads the Outbox', async () => {
    const demo = await apiSession(DEMO_USER.email, DEMO_USER.password);
    await signInOnThePhone(E2E_ADMIN.email, E2E_ADMIN.password, '/portfolio', 'Portfolio');

    await openFromNavigation('Org - Onboarding', '/org-onboarding', 'Org - Onboarding');
    await expect.poll(() => page.title()).toBe('Org Onboarding');
    await openFromNavigation('Users', '/users', 'Users');
    await openFromNavigation('Pipelines', '/pipelines', 'Pipelines');
    await openFromNavigation('Organizations', '/organizations', 'Organizations');

    // An organization's Studio and Data Type Master open from its profile with the organization picked.
    const profilePath = `/organizations/${demo.organizationId}`;
    await page.goto(profilePath);
    await heading('Organization Profile').waitFor();
    await seeText(page, '(206) 555-0142');
    await expectNoSideScroll();
    await page.getByRole('link', { name: 'Data Management Studio' }).click();
    await waitForPath(page, '/data-management');
    await heading('Data Management Studio').waitFor();
    await openStudioTable(page, 'GL_Detail');
    await expectNoSideScroll();

    await page.goto(profilePath);
    await page.getByRole('link', { name: 'Data Type Master' }).click();
    await waitForPath(page, '/datatypemaster');
    await expect.poll(() => page.title()).toBe('Data Type Master');
    await page.locator('.ant-table-row', { hasText: 'GL Detail' }).waitFor();
    await expectNoSideScroll();

    // Add User from the profile comes back to it, and the new person is listed with their name as written.
    await page.goto(profilePath);
    await page.getByRole('link', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New User' });
    await dialog.waitFor();
    await expectNoSideScroll();
    const email = `oneil-${randomUUID().slice(0, 8)}@e2e.finboard.test`;
    await dialog.getByLabel('First name').fill('Siobhán');
    await dialog.getByLabel('Last name').fill("O'Neil-Berg");
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Phone number').fill('+1 (202) 555-0188');
    await dialog.getByRole('button', { name: 'Add User' }).click();
    await seeText(page, userMessages.createdInvite);
    await waitForPath(page, profilePath);
    await page.getByText("Siobhán O'Neil-Berg", { exact: true }).waitFor();
    await expectNoSideScroll();

    // The Outbox shows the invitation with its link to click.
    await openFromProfileMenu('Outbox', '/outbox');
    const invitation = page.locator('.ant-card', { has: page.getByText(`To ${email}`, { exact: false }) });
    await invitation.waitFor();
    expect(await invitation.locator('a[href*="/reset-password/"]').count()).toBe(1);
    await expectNoSideScroll();

    await openFromProfileMenu('Profile Details', '/profile');
    await heading('Profile Details').waitFor();
    await expectNoSideScroll();
  }, 240_000);

  it('an organization user reaches every menu item, the Studio, the dashboards drawer and the profile menu', async () => {
    await signInOnThePhone(DEMO_USER.email, DEMO_USER.password, '/pipelines', 'Pipelines');

    await openFromNavigation('Chat DB', '/db-chat', 'Chat DB');
    await expect.poll(() => page.title()).toBe('Chat DB');
    await openFromNavigation('Data Refresh Log', '/data-refresh-log', 'Dataset Refresh Log');
    await openFromNavigation('Pipelines', '/pipelines', 'Pipelines');
    // Each pipeline's pending files and its Run button are in view without scrolling sideways.
    const run = page.getByRole('button', { name: 'Run Pipeline GL Detail' });
    await run.waitFor({ state: 'visible' });
    const runBox = await run.boundingBox();
    expect((runBox?.x ?? Infinity) + (runBox?.width ?? Infinity)).toBeLessThanOrEqual(390);
    await expectNoSideScroll();
    await openFromNavigation('Data Management', '/data-management', 'Data Management Studio');

    // The Studio: a table in the grid, which scrolls inside itself.
    await openStudioTable(page, 'GL_Detail');
    await expectNoSideScroll();
    await page.getByRole('link', { name: 'Data Type Master' }).click();
    await waitForPath(page, '/datatypemaster');
    await page.locator('.ant-table-row', { hasText: 'GL Detail' }).waitFor();
    // Each row's actions stay in view at the table's right edge.
    await page.getByRole('button', { name: 'Edit GL Detail' }).waitFor({ state: 'visible' });
    await expectNoSideScroll();

    // The Dashboard item opens its list of dashboards inside the drawer.
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const navigation = page.getByRole('menu', { name: 'Main navigation' });
    await navigation.getByRole('menuitem', { name: 'Dashboard', exact: true }).click();
    // The demo user sees the demo organization's dashboards, its built-in statements among them.
    await navigation.getByRole('menuitem', { name: 'Profit & Loss', exact: true }).waitFor();
    await expectNoSideScroll();
    await page
      .getByRole('dialog')
      .filter({ has: navigation })
      .getByRole('button', { name: 'Close', exact: true })
      .click();
    await navigation.waitFor({ state: 'hidden' });

    // The dashboards drawer fits the phone.
    await page.getByRole('button', { name: 'Open dashboards' }).click();
    const drawer = page.getByRole('dialog', { name: 'Dashboard' });
    await drawer.waitFor();
    const box = await drawer.boundingBox();
    expect(Math.round(box?.width ?? Infinity)).toBeLessThanOrEqual(390);
    await expectNoSideScroll();
    await drawer.getByRole('button', { name: 'Close', exact: true }).click();
    await drawer.waitFor({ state: 'hidden' });

    await openFromProfileMenu('Change Password', '/change-password');
    await expectNoSideScroll();
    await openFromProfileMenu('Profile Details', '/profile');
    await heading('Profile Details').waitFor();
    await expectNoSideScroll();
  }, 240_000);
});
