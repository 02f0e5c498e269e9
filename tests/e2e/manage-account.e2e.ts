import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, gotoManagement, openSignedInPage, toastRegion } from './manage-helpers';
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

/**
 * The contact details card: a change is refused at its field with what was typed kept, and a saved phone
 * number is on the public site at once, without a rebuild. The original details are put back, since every
 * later suite reads the site's contact.
 */
describe('the contact details card', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('refuses a bad e-mail at its field, and a saved phone is on the public site at once', async () => {
    const { page, context } = await openSignedInPage(browser);
    const original = await getJson<Record<string, unknown>>(page, '/api/business-contact');
    try {
      await gotoManagement(page, '?view=account');
      const form = page.getByRole('form', { name: 'Contact details' });
      await form.waitFor();
      await form.getByLabel('E-mail').fill('not an address');
      await form.getByLabel('Phone').fill('+91 98200 11223');
      await form.getByRole('button', { name: 'Save contact details' }).click();
      await form.getByText('The e-mail address must look like name@example.com').waitFor();
      expect(await form.getByLabel('Phone').inputValue()).toBe('+91 98200 11223');
      expect(await findAccessibilityViolations(page)).toEqual([]);

      await form.getByLabel('E-mail').fill('stay@example.com');
      await form.getByRole('button', { name: 'Save contact details' }).click();
      await toastRegion(page).getByText('Contact details saved').waitFor({ timeout: 15_000 });

      const site = await context.newPage();
      await site.goto('/');
      await expect
        .poll(() => site.locator('footer a[href="tel:+919820011223"]').count(), { timeout: 15_000 })
        .toBeGreaterThan(0);
    } finally {
      const { saved: _saved, ...values } = original;
      const restored = await page.request.put('/api/business-contact', { data: values });
      expect(restored.status(), await restored.text()).toBe(200);
      await context.close();
    }
  });
});
