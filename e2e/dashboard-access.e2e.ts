import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BUILTIN_DASHBOARDS } from '@finboard/shared/dashboards';
import { apiLogin, createOrganizationWithMember } from './support/api';
import { usePage } from './support/browser';
import { E2E_ADMIN } from './support/constants';
import { logInAndLand } from './support/ui';

const currentPage = usePage();
let page: Page;
beforeEach(() => {
  page = currentPage();
});

let member: { email: string; password: string };
beforeAll(async () => {
  // An organization added and a user added to it, as an administrator does; nothing granted by hand.
  const adminToken = await apiLogin(E2E_ADMIN.email, E2E_ADMIN.password);
  member = (await createOrganizationWithMember(adminToken, 'Fresh', { firstName: 'Ada', lastName: 'Lovelace' })).member;
});

describe('a new client works at once', () => {
  it("a new organization's new user sees its six statements in the Dashboard menu and the drawer", async () => {
    const six = BUILTIN_DASHBOARDS.map((entry) => entry.dashboard);

    await logInAndLand(page, member.email, member.password, '/pipelines');
    await page.getByRole('menu', { name: 'Main navigation' }).getByText('Dashboard').click();
    const first = page.getByRole('menuitem', { name: six[0] }).getByRole('link');
    await first.waitFor();
    for (const name of six) await page.getByRole('menuitem', { name }).getByRole('link').waitFor();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Open dashboards' }).click();
    const list = page.getByRole('dialog', { name: 'Dashboard' }).getByRole('list', { name: 'Dashboards' });
    await list.waitFor();
    expect(await list.getByRole('link').allInnerTexts()).toEqual(six);
  });
});
