import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiLogin, createUser, waitForEmail } from './support/api';
import { seeText, usePage, waitForPath } from './support/browser';
import { E2E_ADMIN } from './support/constants';
import { logInAndLand, logInThroughUi, navigationLabels, openProfileMenu } from './support/ui';

const currentPage = usePage();
let page: Page;
beforeEach(() => {
  page = currentPage();
});

describe('signing in', () => {
  it('lands an admin on /portfolio with the admin navigation', async () => {
    await logInAndLand(page, E2E_ADMIN.email, E2E_ADMIN.password, '/portfolio');
    expect(await navigationLabels(page)).toEqual([
      'Portfolio',
      'Organizations',
      'Org - Onboarding',
      'Users',
      'Pipelines',
      'Pack Templates',
      'Consolidation',
      'Exchange Rates',
    ]);
    expect(await page.title()).toBe('Portfolio');
    await seeText(page, 'Platform Administrator');
    await seeText(page, 'PA');
    // The active item follows the path.
    await page.getByRole('link', { name: 'Users' }).click();
    await waitForPath(page, '/users');
    await page.locator('.ant-menu-item-selected', { hasText: 'Users' }).waitFor();
    expect(await page.locator('.ant-menu-item-selected').allInnerTexts()).toEqual(['Users']);
  });

  it('lands a user on /pipelines with the user navigation, and keeps them out of admin pages', async () => {
    const user = await createUser('Grace', 'Hopper');
    await logInAndLand(page, user.email, user.password, '/pipelines');
    expect(await navigationLabels(page)).toEqual([
      'Pipelines',
      'Upload',
      'Apps',
      'Chat DB',
      'Data Management',
      'Data Refresh Log',
      'Dashboard',
    ]);
    await seeText(page, 'Grace Hopper');
    await seeText(page, 'GH');
    // The Dashboard item opens a dropdown on click.
    await page.getByRole('menu', { name: 'Main navigation' }).getByText('Dashboard').click();
    await seeText(page, 'No dashboards available for your account.');
    await page.goto('/organizations');
    await seeText(page, 'You do not have permission to view this page.');
    // The logo leads a user to /pipelines.
    await page.getByRole('link', { name: 'Finboard home' }).click();
    await waitForPath(page, '/pipelines');
  });

  it('shows the error for a wrong password and stays on /login', async () => {
    await logInThroughUi(page, E2E_ADMIN.email, 'Wrong!Passw0rd');
    await seeText(page, 'Invalid email or password');
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('validates the e-mail in the browser with the shared rule', async () => {
    await logInThroughUi(page, 'not-an-email', 'whatever');
    await seeText(page, 'Please enter a valid email address');
  });

  it('redirects a signed-in visitor away from the auth pages', async () => {
    await logInAndLand(page, E2E_ADMIN.email, E2E_ADMIN.password, '/portfolio');
    await page.goto('/login');
    await waitForPath(page, '/portfolio');
    await page.goto('/forgot-password');
    await waitForPath(page, '/portfolio');
  });
});

describe('signing out and expiry', () => {
  it('logs out with "Logout Successfully!" and revokes the token on the server', async () => {
    const user = await createUser('Ada', 'Lovelace');
    await logInAndLand(page, user.email, user.password, '/pipelines');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    await openProfileMenu(page);
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await seeText(page, 'Logout Successfully!');
    await waitForPath(page, '/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    const response = await fetch(`${page.url().replace(/\/login.*/, '')}/api/v1/user/profile`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(401);
  });

  it('ends an expired session at the two-minute check with the expiry message', async () => {
    await page.clock.install();
    const user = await createUser();
    await logInAndLand(page, user.email, user.password, '/pipelines');
    const expiresIn = Number(await page.evaluate(() => localStorage.getItem('tokenExpiryTime')));
    expect(expiresIn).toBeGreaterThan(0);
    await page.clock.fastForward(expiresIn * 1000 + 2 * 60_000);
    await seeText(page, 'Your session has expired. Please login again.');
    await waitForPath(page, '/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('sends a session the server revoked to /login on its next call', async () => {
    await logInAndLand(page, E2E_ADMIN.email, E2E_ADMIN.password, '/portfolio');
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    await fetch(`${new URL(page.url()).origin}/api/v1/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    // Any next call finds the session gone: here, opening a page whose data needs the API.
    await page.goto('/outbox');
    await seeText(page, 'Your session has expired. Please login again.');
    await waitForPath(page, '/login');
  });
});

describe('passwords', () => {
  it('resets a forgotten password through the e-mailed link and signs in with the new one', async () => {
    const user = await createUser('Katherine', 'Johnson');
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await waitForPath(page, '/forgot-password');
    // The router changes the URL before React has drawn the new page: until then the login form's own
    // Email field is still on screen, and whatever is typed into it is lost.
    await page.getByRole('heading', { name: 'Forgot password' }).waitFor();
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send Reset Email' }).click();
    await seeText(page, 'Check your e-mail');

    const email = await waitForEmail(user.email, /Reset your Finboard password/);
    const link = /https?:\/\/\S+\/reset-password\/\S+/.exec(email.text)?.[0];
    expect(link).toBeDefined();
    await page.goto(link!);
    const newPassword = 'N3w!Secret99';
    await page.getByLabel('New password').fill(newPassword);
    await page.getByLabel('Confirm password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await waitForPath(page, '/reset-password/success');
    await seeText(page, 'Your password has been reset. You can now log in.');

    await page.getByRole('link', { name: 'Log in' }).click();
    await waitForPath(page, '/login');
    await logInAndLand(page, user.email, newPassword, '/pipelines');

    // The link worked once, and says so as soon as it is opened again: no form to fill in for nothing.
    await page.evaluate(() => localStorage.clear());
    await page.goto(link!);
    await seeText(page, 'This password reset link has already been used. Ask for a new one.');
    expect(await page.getByLabel('New password').count()).toBe(0);
    await page.getByRole('link', { name: 'Send a new reset e-mail' }).click();
    await waitForPath(page, '/forgot-password');
  });

  it('says a made-up reset link is not valid before showing any form', async () => {
    await page.goto('/reset-password/made-up-token');
    await seeText(
      page,
      'This password reset link is not valid. Check that you copied the whole link, or ask for a new one.',
    );
    expect(await page.getByLabel('New password').count()).toBe(0);
  });

  it('changes the password from the profile menu', async () => {
    const user = await createUser('Alan', 'Turing');
    await logInAndLand(page, user.email, user.password, '/pipelines');
    await openProfileMenu(page);
    await page.getByRole('menuitem', { name: 'Change Password' }).click();
    await waitForPath(page, '/change-password');

    await page.getByLabel('Current password').fill(user.password);
    await page.getByLabel('New password').fill('weak');
    await page.getByLabel('Confirm password').fill('weak');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await seeText(page, 'Password must be at least 8 characters');

    const newPassword = 'Chang3d!Pass';
    await page.getByLabel('New password').fill(newPassword);
    await page.getByLabel('Confirm password').fill(newPassword);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await seeText(page, 'Password changed successfully');
    await waitForPath(page, '/pipelines');

    await expect(apiLogin(user.email, user.password)).rejects.toThrow(/401/);
    await expect(apiLogin(user.email, newPassword)).resolves.toBeTruthy();
  });
});

describe('sign-up', () => {
  it('creates a user account from the login page when sign-up is allowed', async () => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Sign up' }).click();
    await waitForPath(page, '/signup');
    const email = `signup-${Date.now()}@e2e.finboard.test`;
    await page.getByLabel('First name').fill('Mary');
    await page.getByLabel('Last name').fill('Jackson');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('S1gnUp!Pass');
    await page.getByLabel('Confirm password').fill('S1gnUp!Pass');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await seeText(page, 'Account created successfully. You can now log in.');
    await waitForPath(page, '/login');
    await logInAndLand(page, email, 'S1gnUp!Pass', '/pipelines');
  });
});
