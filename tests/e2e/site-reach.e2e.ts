import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuestRequest } from './accessible-names.e2e';
import { getBaseUrl, launchBrowser, openPage, PHONE, waitForFrames } from './support/browser';

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000, interval: 50 });

describe('the public pages without script, at 320px and with reduced motion', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('opens the phone menu and withdraws a request with JavaScript off', async () => {
    const context = await browser.newContext({
      viewport: PHONE,
      baseURL: getBaseUrl(),
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto('/');
    const header = page.locator('header');
    expect(await header.getByRole('link', { name: 'Partnership' }).isVisible()).toBe(false);
    await header.locator('summary', { hasText: 'Menu' }).click();
    await poll(() => header.getByRole('link', { name: 'Partnership' }).isVisible()).toBe(true);
    expect(await header.getByRole('link', { name: 'Book Now' }).last().isVisible()).toBe(true);

    // The request page's 'Withdraw request' is a form: the page asks to confirm, then withdraws.
    const requestPath = await createGuestRequest(page);
    await page.goto(requestPath);
    await page.getByRole('button', { name: 'Withdraw request' }).click();
    await page.waitForURL((url) => url.searchParams.get('withdraw') === 'confirm');
    const confirm = page.getByRole('region', { name: 'Withdraw this request?' });
    expect(await confirm.getByRole('link', { name: 'Keep my request' }).getAttribute('href')).toBe(
      requestPath,
    );
    await confirm.getByRole('button', { name: 'Withdraw request' }).click();
    await page.waitForURL((url) => url.searchParams.get('withdraw') === 'done');
    expect(await page.getByRole('status').innerText()).toBe(
      'Your request is withdrawn. We have sent you an email to say so.',
    );
    expect(await page.getByText('Status: Cancelled').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Withdraw request' }).count()).toBe(0);
    // Once more (a second tab, the back button): refused, and said so.
    const again = await page.request.post(`${requestPath}/withdraw`, {
      form: { confirm: 'yes' },
      maxRedirects: 0,
    });
    expect(again.status()).toBe(303);
    expect(again.headers().location).toBe(`${requestPath}?withdraw=done#withdrawal`);
    await context.close();
  });

  it('refuses a withdrawal form posted from another site', async () => {
    const { page, context } = await openPage(browser, PHONE);
    const requestPath = await createGuestRequest(page);
    const refused = await page.request.post(`${requestPath}/withdraw`, {
      form: { confirm: 'yes' },
      headers: { origin: 'https://attacker.example' },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(403);
    await page.goto(requestPath);
    await page.getByText('Status: Waiting for your confirmation').waitFor();
    // The script's own way still works: the dialog, then the request withdrawn in place.
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await page.getByRole('button', { name: 'Withdraw request' }).click();
    await page
      .getByRole('dialog', { name: 'Withdraw this request?' })
      .getByRole('button', { name: 'Withdraw request' })
      .click();
    await page.getByText('Status: Cancelled').waitFor();
    expect(new URL(page.url()).search).toBe('');
    await context.close();
  });

  it('is no wider than a 320px screen', async () => {
    const { page, context } = await openPage(browser, { width: 320, height: 640 }, { reducedMotion: true });
    const requestPath = await createGuestRequest(page);
    for (const path of ['/', '/partnership', '/no-such-page', requestPath]) {
      await page.goto(path);
      await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
      if (path === '/') {
        for (const id of ['gallery', 'about', 'booking', 'contact']) {
          await page.evaluate(
            (id) => document.getElementById(id)!.scrollIntoView({ behavior: 'instant' }),
            id,
          );
          await poll(() => page.locator(`section#${id}`).getAttribute('aria-busy')).toBe('false');
        }
        await page.locator('.booking-form [aria-busy="false"]').waitFor();
      }
      const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(320);
    }
    await page.request.post(`/api${requestPath.replace('/request/', '/requests/')}/withdraw`);
    await context.close();
  });

  it('with reduced motion asked for, scrolls without gliding and keeps the carousel still', async () => {
    const scrollBehaviours = async (reducedMotion: boolean) => {
      const { page, context } = await openPage(browser, PHONE, { reducedMotion });
      await page.goto('/');
      await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
      const behaviours = await page.evaluate(() =>
        [document.documentElement, document.querySelector('[aria-roledescription="carousel"]')!].map(
          (element) => getComputedStyle(element).scrollBehavior,
        ),
      );
      return { page, context, behaviours };
    };
    const moving = await scrollBehaviours(false);
    // The carousel glides when motion is welcome: the media query is what turns it off.
    expect(moving.behaviours).toEqual(['auto', 'smooth']);
    await moving.context.close();

    const { page, context, behaviours } = await scrollBehaviours(true);
    expect(behaviours).toEqual(['auto', 'auto']);
    const strip = page.getByRole('region', { name: 'Villa features', exact: true });
    const scrollLeft = () => strip.evaluate((element) => element.scrollLeft);
    // It does not move by itself…
    await waitForFrames(page, 30);
    expect(await scrollLeft()).toBe(0);
    // …and an arrow moves it in one step, with no animation running anywhere on the page.
    const slide = await strip.evaluate(
      (element) => element.querySelector('li')!.getBoundingClientRect().width,
    );
    await page.getByRole('button', { name: 'Next feature' }).press('Enter');
    await waitForFrames(page, 1);
    expect(await scrollLeft()).toBeGreaterThanOrEqual(Math.floor(slide));
    const position = await scrollLeft();
    await waitForFrames(page, 10);
    expect(await scrollLeft()).toBe(position);
    await poll(() =>
      page.evaluate(
        () => document.getAnimations().filter((animation) => animation.playState === 'running').length,
      ),
    ).toBe(0);
    await context.close();
  });
});
