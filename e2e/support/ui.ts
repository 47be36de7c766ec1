import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { waitForPath } from './browser';

export async function logInThroughUi(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

export async function logInAndLand(page: Page, email: string, password: string, landing: string): Promise<void> {
  await logInThroughUi(page, email, password);
  await waitForPath(page, landing);
}

/** In the Data Management Studio: picks a table by its shown name and waits for the grid's first row. */
export async function openStudioTable(page: Page, name: string): Promise<void> {
  const tablePicker = page.getByLabel('Table', { exact: true });
  await tablePicker.click();
  await tablePicker.fill(name);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: new RegExp(`^${name}$`) })
    .click();
  await page.locator('.ag-grid-scrolling-container .ag-row[row-index="0"]').waitFor();
}

export async function openProfileMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Profile menu' }).click();
}

/** The visible top-level items of the logged-in navigation, in order. */
export async function navigationLabels(page: Page): Promise<string[]> {
  const nav = page.getByRole('menu', { name: 'Main navigation' });
  await nav.waitFor();
  const items = nav.locator(':scope > li:not(.ant-menu-overflow-item-rest) .ant-menu-title-content');
  return (await items.allInnerTexts()).map((text) => text.trim()).filter(Boolean);
}

/**
 * Keyboard drag and drop (dnd-kit): with the handle focused, Space picks the item up, arrows move it,
 * Space drops it. The sensor listens for arrows a moment after pick-up, so press until the
 * announcement says the item reached the last of `count` positions.
 */
export async function moveToLastWithKeyboard(page: Page, handle: Locator, name: string, count: number): Promise<void> {
  await handle.focus();
  await page.keyboard.press('Space');
  await page.locator('[aria-pressed="true"]', { has: page.locator('.anticon-holder') }).waitFor();
  const announced = page.getByText(`${name} moved to position ${count} of ${count}.`);
  await expect
    .poll(async () => {
      await page.keyboard.press('ArrowDown');
      return announced.count();
    })
    .toBe(1);
  await page.keyboard.press('Space');
}

/** Money as the Studio grid shows it in Chromium's en-US locale: thousands separators, two decimals. */
export const shownMoney = (value: unknown) =>
  Number(value).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
