import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBaseUrl, launchBrowser, openPage } from './support/browser';

describe('the built server', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('serves the prerendered home page with its title and no script errors', async () => {
    const { page, pageErrors, context } = await openPage(browser);
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page.title()).resolves.toContain('Where Peace Lives');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('answers an unknown route with HTTP 404 and the 404 page', async () => {
    const response = await fetch(`${getBaseUrl()}/no-such-page`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Oops! Page not found');
  });
});
