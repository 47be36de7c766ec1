import { randomInt } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';

/** Organization names allow letters and spaces only, so uniqueness comes from random letters. */
export const uniqueName = (prefix: string) =>
  `${prefix} ${Array.from({ length: 8 }, () => String.fromCharCode(97 + randomInt(26))).join('')}`;

/** A real, small PNG logo. */
export const smallPng = () =>
  sharp({ create: { width: 96, height: 48, channels: 3, background: { r: 14, g: 116, b: 144 } } })
    .png()
    .toBuffer();

/** The administrator's Organizations page, from the main navigation (an administrator lands on the portfolio). */
export async function openOrganizations(page: Page): Promise<void> {
  await page.getByRole('menu', { name: 'Main navigation' }).getByText('Organizations', { exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/organizations');
}

/** Opens Add Organization from /organizations and fills every field but the logo. */
export async function openAddOrganization(page: Page, name: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Add Organization' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Organization' });
  await dialog.waitFor();
  await dialog.getByLabel('Organization name').fill(name);
  await dialog.getByLabel('Email', { exact: true }).fill('finance@northwind.example.com');
  await dialog.getByLabel('Phone number').fill('(555) 010-2030');
  await dialog.getByLabel('Address').fill('1 Harbour Street, Springfield');
  await dialog.getByLabel('Description').fill('Wholesale distributor');
  await dialog.getByLabel('Power BI email').fill('bi@northwind.example.com');
  return dialog;
}

/** Adds a dashboard entry from an Organization Profile through the Add Dashboard form. */
export async function addDashboardThroughUi(page: Page, entry: { name: string; type?: 'Paginated Report' }) {
  await page.getByRole('button', { name: 'Add Dashboard' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Dashboard' });
  await dialog.waitFor();
  await dialog.getByLabel('Dashboard name').fill(entry.name);
  await dialog.getByLabel('URL').fill(`https://app.powerbi.com/reportEmbed?reportId=${randomInt(1e9)}`);
  await dialog.getByLabel('Workspace ID').fill('ws-0001');
  await dialog.getByLabel('Dataset ID').fill(`ds-${randomInt(1e6)}`);
  if (entry.type) {
    // The Select's list is virtual: choose with the keyboard, as a keyboard user would.
    await dialog.getByLabel('Type').focus();
    await page.keyboard.press('ArrowDown');
    await page.locator('.ant-select-item-option-active', { hasText: 'Report' }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await dialog.getByTitle(entry.type).waitFor();
  }
  await dialog.getByRole('button', { name: 'Add Dashboard' }).click();
  await dialog.waitFor({ state: 'hidden' });
}
