import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, waitForFrames } from './support/browser';

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
    // Hydrated, and the frames after it drawn: the effect that reads the fragment has run.
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await waitForFrames(page);
    expect(await page.getByRole('heading', { level: 1 }).first().isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
