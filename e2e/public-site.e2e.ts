import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { waitForEmail } from './support/api';
import { seeText, usePage } from './support/browser';
import { E2E_ADMIN } from './support/constants';

const currentPage = usePage();
let page: Page;
beforeEach(() => {
  page = currentPage();
});

const PAGES = [
  { path: '/', title: 'Finboard Homepage' },
  { path: '/about-us', title: 'About Us' },
  { path: '/privacy-policy', title: 'Privacy Policy' },
  { path: '/license-agreement', title: 'License Agreement' },
  { path: '/faq', title: 'FAQ' },
];

describe('public website', () => {
  for (const { path, title } of PAGES) {
    it(`serves ${path} with real content and without the logged-in header`, async () => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await page.title()).toBe(title);
      const text = await page.locator('body').innerText();
      expect(text.length).toBeGreaterThan(800);
      expect(text.toLowerCase()).not.toContain('lorem ipsum');
      expect(await page.getByRole('button', { name: 'Profile menu' }).count()).toBe(0);
      expect(await page.getByRole('menu', { name: 'Main navigation' }).count()).toBe(0);
    });
  }

  it('titles an unknown path "Page not found"', async () => {
    await page.goto('/no-such-page');
    await seeText(page, 'The page you are looking for does not exist or has moved.');
    expect(await page.title()).toBe('Page not found');
  });

  it('sends the contact-us form, stores it and e-mails the administrators', async () => {
    await page.goto('/');
    const subject = `Demo request ${Date.now()}`;
    await page.getByLabel('Name').fill('Dorothy Vaughan');
    await page.getByLabel('Email').fill('dorothy@example.com');
    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Message').fill('We consolidate twelve entities every month and would like a demo.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await seeText(page, 'Thank you! Your message has been sent.');
    const mail = await waitForEmail(E2E_ADMIN.email, new RegExp(subject));
    expect(mail.text).toContain('Dorothy Vaughan <dorothy@example.com>');
    expect(mail.text).toContain('We consolidate twelve entities every month');
  });

  it('refuses an invalid contact form in the browser with the shared messages', async () => {
    await page.goto('/');
    await page.getByLabel('Name').fill('R2 D2');
    await page.getByLabel('Email').fill('r2d2@example.com');
    await page.getByLabel('Subject').fill('Hello');
    await page.getByLabel('Message').fill('Too short');
    await page.getByRole('button', { name: 'Send message' }).click();
    await seeText(page, 'Name can only contain letters, spaces, apostrophes and hyphens');
    await seeText(page, 'Message must be at least 10 characters');
  });

  it('shows a not-found page for unknown routes', async () => {
    await page.goto('/no-such-page');
    await seeText(page, 'Page not found');
  });
});
