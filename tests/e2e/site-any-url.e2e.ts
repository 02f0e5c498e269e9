import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser';

describe('the landing page with any URL', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('survives a malformed percent-encoding in the # fragment', async () => {
    const { page, context } = await openPage(browser);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/#%E0%A4%A');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // Hydrated and still there a moment later: the effect that reads the fragment has run.
    await page.waitForTimeout(1000);
    expect(await page.getByRole('heading', { level: 1 }).first().isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
