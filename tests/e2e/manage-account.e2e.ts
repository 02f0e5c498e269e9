import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gotoManagement, openSignedInPage } from './manage-helpers';
import { findAccessibilityViolations, launchBrowser, PHONE } from './support/browser';

/**
 * The Account screen. The browser tests share one operator, so this never changes the password for real
 * (that would sign out every other test): the API tests cover the change; here the form's refusal and
 * the devices list.
 */
describe('the account screen', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('refuses a wrong current password at its field and keeps what was typed', async () => {
    const { page, context } = await openSignedInPage(browser);
    await gotoManagement(page);
    await page
      .getByRole('navigation', { name: 'Management views' })
      .getByRole('button', { name: 'Account' })
      .click();
    await page.getByRole('heading', { name: 'Change password' }).waitFor();
    await page.getByLabel('Current password').fill('certainly not the password');
    await page.getByLabel(/^New password/).fill('short');
    await page.getByLabel('Repeat new password').fill('short');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page.getByText('Password must be at least 10 characters').count()).toBe(1);
    await page.getByLabel(/^New password/).fill('a brand new password');
    await page.getByLabel('Repeat new password').fill('a brand new password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('The current password is not correct').waitFor({ timeout: 15_000 });
    expect(await page.getByLabel(/^New password/).inputValue()).toBe('a brand new password');
    expect(await findAccessibilityViolations(page)).toEqual([]);
    await context.close();
  });

  it('lists this device and another, and signs the other out', async () => {
    const other = await openSignedInPage(browser, PHONE);
    const { page, context } = await openSignedInPage(browser);
    await gotoManagement(page, '?view=account');
    const sessions = page.getByRole('list', { name: 'Sessions' });
    await sessions.waitFor();
    await page.getByText('This device').first().waitFor();
    const before = await sessions.getByRole('listitem').count();
    expect(before).toBeGreaterThanOrEqual(2);
    // The phone's session is the newest one that is not this device.
    const otherItem = sessions.getByRole('listitem').filter({ hasNotText: 'This device' }).first();
    await otherItem.getByRole('button', { name: /^Sign out/ }).click();
    await expect.poll(() => sessions.getByRole('listitem').count(), { timeout: 15_000 }).toBe(before - 1);
    await other.context.close();
    await context.close();
  });
});
