import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES } from '@finboard/shared/constants';
import { dashboardMessages } from '@finboard/shared/dashboards';
import { organizationMessages } from '@finboard/shared/organizations';
import { apiLogin, removeBuiltinDashboards } from './support/api';
import { baseURL, seeText, usePage, waitForPath } from './support/browser';
import { E2E_ADMIN } from './support/constants';
import { logInAndLand, moveToLastWithKeyboard } from './support/ui';
import {
  addDashboardThroughUi,
  openAddOrganization,
  openOrganizations,
  smallPng,
  uniqueName,
} from './support/organizations-ui';

const currentPage = usePage();
let page: Page;
beforeEach(() => {
  page = currentPage();
});

/** Random pixels stored uncompressed: a real PNG of about 5.9MB. */
const largePng = () => {
  const width = 1400;
  const height = 1400;
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < pixels.length; index += 4096) pixels[index] = randomInt(256);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
};

const jpeg = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .jpeg()
    .toBuffer();

interface ApiOrganization {
  id: string;
  name: string;
  logo_url: string | null;
  auditDataMessage: string | null;
  baseCurrency: string;
  fiscalYearStartMonth: number | null;
  dashboards: { id: string; dashboard: string; type: string }[];
}

async function api<T>(path: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
  const token = await apiLogin(E2E_ADMIN.email, E2E_ADMIN.password);
  const response = await fetch(`${baseURL()}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...init.headers },
  });
  return { status: response.status, body: (await response.json()) as T };
}

interface ErrorBody {
  message: string;
  errors?: { msg: string }[];
}
/** What the web app shows for a failure (spec §8): the first error's msg, else the message. */
const mappedMessage = (body: ErrorBody) => body.errors?.[0]?.msg ?? body.message;

const organizationsNamed = async (name: string) =>
  (await api<{ data: { organizations: ApiOrganization[] } }>(`/api/v1/organization?name=${encodeURIComponent(name)}`))
    .body.data.organizations;

const organizationDetail = async (id: string) =>
  (
    await api<{ data: { organization: ApiOrganization; auditDataMessage: string | null } }>(
      `/api/v1/organization/${id}`,
    )
  ).body.data;

const moveToLast = (name: string, count: number) =>
  moveToLastWithKeyboard(page, page.getByRole('button', { name: `Reorder ${name}` }), name, count);

const dashboardNames = () => page.getByTestId('dashboard-row').locator('.ant-typography strong').allInnerTexts();

describe('organizations', () => {
  it('adds an organization with a PNG logo, configures its dashboards and sets its audit message', async () => {
    const name = uniqueName('Northwind');
    await logInAndLand(page, E2E_ADMIN.email, E2E_ADMIN.password, '/portfolio');
    await openOrganizations(page);
    await page.getByRole('heading', { name: 'Organizations' }).waitFor();

    const dialog = await openAddOrganization(page, name);
    await dialog
      .getByLabel('Logo')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await smallPng() });
    await dialog.getByRole('img', { name: 'Logo preview' }).waitFor();
    // Its books are in euros and its fiscal year starts in April (US dollars and the period table by default).
    await dialog.getByTitle('USD — US Dollar').waitFor();
    await dialog.getByTitle('From the period table').waitFor();
    await dialog.getByLabel('Base currency').fill('euro');
    await page.locator('.ant-select-item-option-active', { hasText: 'EUR — Euro' }).waitFor();
    await page.keyboard.press('Enter');
    await dialog.getByTitle('EUR — Euro').waitFor();
    await dialog.getByLabel('Fiscal year starts').click();
    await page.locator('.ant-select-item-option', { hasText: 'April' }).click();
    await dialog.getByTitle('April').waitFor();
    await dialog.getByRole('button', { name: 'Add Organization' }).click();
    await seeText(page, organizationMessages.created);
    await dialog.waitFor({ state: 'hidden' });

    // It is in the list, with its own logo served by the image endpoint.
    await page.getByRole('searchbox', { name: 'Search organizations' }).fill(name);
    await page.getByRole('searchbox', { name: 'Search organizations' }).press('Enter');
    const row = page.getByRole('row', { name: new RegExp(name) });
    await row.waitFor();
    const logo = row.getByRole('img', { name: `${name} logo` });
    await expect
      .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await logo.getAttribute('src')).toMatch(/^\/api\/v1\/image\?url=logos%2F/);
    const [stored] = await organizationsNamed(name);
    expect(stored?.logo_url).toMatch(/^logos\//);
    expect(stored).toMatchObject({ baseCurrency: 'EUR', fiscalYearStartMonth: 4 });

    // Its profile.
    await row.getByRole('link', { name }).click();
    await waitForPath(page, `/organizations/${stored!.id}`);
    await page.getByRole('heading', { name: 'Organization Profile' }).waitFor();
    await seeText(page, 'bi@northwind.example.com');
    await seeText(page, 'EUR — Euro');
    await seeText(page, 'April');

    // It starts with the six built-in statements; this journey builds a Power BI list of its own.
    await expect.poll(dashboardNames).toHaveLength(6);
    await removeBuiltinDashboards(await apiLogin(E2E_ADMIN.email, E2E_ADMIN.password), stored!.id);
    await page.reload();
    await seeText(page, 'No dashboards yet');

    // The Add Dashboard form refuses an empty submission and a duplicate name.
    await page.getByRole('button', { name: 'Add Dashboard' }).click();
    const form = page.getByRole('dialog', { name: 'Add Dashboard' });
    await form.getByRole('button', { name: 'Add Dashboard' }).click();
    await seeText(page, dashboardMessages.allRequired);
    await seeText(page, dashboardMessages.nameRequired);
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'hidden' });

    await addDashboardThroughUi(page, { name: 'Profit and Loss' });
    await seeText(page, dashboardMessages.updated);
    await page.getByRole('button', { name: 'Add Dashboard' }).click();
    await form.getByLabel('Dashboard name').fill('profit and loss');
    await form.getByRole('button', { name: 'Add Dashboard' }).click();
    await seeText(page, dashboardMessages.duplicateName);
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'hidden' });
    await addDashboardThroughUi(page, { name: 'Cash Flow', type: 'Paginated Report' });
    await expect.poll(dashboardNames).toEqual(['Profit and Loss', 'Cash Flow']);

    // Reorder with the keyboard: pick up, move down, drop. It applies at once and is saved.
    await moveToLast('Profit and Loss', 2);
    await expect.poll(dashboardNames).toEqual(['Cash Flow', 'Profit and Loss']);
    await seeText(page, dashboardMessages.updated);
    await expect
      .poll(async () =>
        (await organizationDetail(stored!.id)).organization.dashboards.map((d) => `${d.dashboard}: ${d.type}`),
      )
      .toEqual(['Cash Flow: paginatedReport', 'Profit and Loss: report']);
    await page.reload();
    await expect.poll(dashboardNames).toEqual(['Cash Flow', 'Profit and Loss']);

    // The new order shows before the save answers; when the save fails, the previous order comes back.
    let failSave = () => {};
    const saveHeld = new Promise<void>((resolve) => (failSave = resolve));
    await page.route('**/dashboards/order', async (route) => {
      await saveHeld;
      await route.fulfill({ status: 500, json: { status: false, message: 'An error occurred' } });
    });
    await moveToLast('Cash Flow', 2);
    await expect.poll(dashboardNames).toEqual(['Profit and Loss', 'Cash Flow']);
    failSave();
    await seeText(page, dashboardMessages.updateFailed);
    await expect.poll(dashboardNames).toEqual(['Cash Flow', 'Profit and Loss']);
    await page.unroute('**/dashboards/order');

    // The audit data message its users will see.
    await page.getByLabel('Audit data message').fill('Figures up to March are audited.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await seeText(page, organizationMessages.auditMessageSaved);
    expect((await organizationDetail(stored!.id)).auditDataMessage).toBe('Figures up to March are audited.');
  });

  it('refuses a JPEG renamed .png and a PNG of 5MB or more in the browser, and creates nothing', async () => {
    const name = uniqueName('Refused');
    await logInAndLand(page, E2E_ADMIN.email, E2E_ADMIN.password, '/portfolio');
    await openOrganizations(page);
    const dialog = await openAddOrganization(page, name);
    const logoInput = dialog.getByLabel('Logo');

    await logoInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await jpeg() });
    await seeText(page, organizationMessages.logoPngOnly);
    expect(await dialog.getByRole('img', { name: 'Logo preview' }).count()).toBe(0);

    const large = await largePng();
    expect(large.length).toBeGreaterThanOrEqual(LOGO_MAX_BYTES);
    await logoInput.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: large });
    await seeText(page, organizationMessages.logoTooLarge);
    expect(await dialog.getByRole('img', { name: 'Logo preview' }).count()).toBe(0);

    // Submitting with the refused logo still pending sends nothing.
    await dialog.getByRole('button', { name: 'Add Organization' }).click();
    await seeText(page, 'Form submission failed! Please check the highlighted fields.');
    expect(await dialog.isVisible()).toBe(true);
    expect(await organizationsNamed(name)).toEqual([]);
  });

  it('refuses the same files at the API, by their content, and stores nothing', async () => {
    const name = uniqueName('Bypass');
    const form = (logo: Buffer) => {
      const body = new FormData();
      body.append('organizationName', name);
      body.append('organizationEmail', 'bypass@example.com');
      body.append('organizationPhoneNumber', '5550102030');
      body.append('logo', new Blob([new Uint8Array(logo)], { type: 'image/png' }), 'logo.png');
      return body;
    };
    const asJpeg = await api<ErrorBody>('/api/v1/organization/add', { method: 'POST', body: form(await jpeg()) });
    expect(asJpeg.status).toBe(400);
    expect(mappedMessage(asJpeg.body)).toBe(organizationMessages.logoPngOnly);
    const tooLarge = await api<ErrorBody>('/api/v1/organization/add', { method: 'POST', body: form(await largePng()) });
    expect(tooLarge.status).toBe(400);
    expect(mappedMessage(tooLarge.body)).toBe(organizationMessages.logoTooLarge);
    expect(await organizationsNamed(name)).toEqual([]);
  });
});
