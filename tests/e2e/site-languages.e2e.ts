import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES, localizePath } from '../../src/content/languages';
import { site } from '../../src/content/site';
import type { Availability } from '../../src/domain/availability';
import { addDaysToDate } from '../../src/domain/dates';
import { withdrawGuestRequest } from './accessible-names.e2e';
import { getJson } from './manage-helpers';
import {
  DESKTOP,
  findAccessibilityViolations,
  getBaseUrl,
  launchBrowser,
  openPage,
  PHONE,
} from './support/browser';

/** Polls with a timeout that holds on a busy CI machine (vitest's default is 1 s). */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000, interval: 50 });

const PAGES_IN_ENGLISH = ['/', '/partnership'];
const absolute = (path: string) => new URL(path, site.url).toString();
const DEVANAGARI = /[\u0900-\u097F]/;

describe('the public pages in Hindi and Marathi', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('serves every version with its <html lang>, its canonical URL and hreflang links to all three and x-default', async () => {
    for (const englishPath of PAGES_IN_ENGLISH) {
      const expected = [
        ...LANGUAGES.map((language) => `${language} ${absolute(localizePath(englishPath, language))}`),
        `x-default ${absolute(englishPath)}`,
      ].sort();
      for (const language of LANGUAGES) {
        const path = localizePath(englishPath, language);
        const response = await fetch(`${getBaseUrl()}${path}`);
        expect(response.status, path).toBe(200);
        const html = await response.text();
        expect(html, path).toContain(`<html lang="${language}">`);
        expect(html, path).toContain(`<link rel="canonical" href="${absolute(path)}" />`);
        const alternates = [...html.matchAll(/<link rel="alternate" hreflang="([\w-]+)" href="([^"]+)" \/>/g)]
          .map((match) => `${match[1]} ${match[2]}`)
          .sort();
        // The same set on every version: each lists all, itself included, so the links are reciprocal.
        expect(alternates, path).toEqual(expected);
      }
    }
    const sitemap = await (await fetch(`${getBaseUrl()}/sitemap.xml`)).text();
    for (const englishPath of PAGES_IN_ENGLISH)
      for (const language of LANGUAGES)
        expect(sitemap).toContain(`<loc>${absolute(localizePath(englishPath, language))}</loc>`);
  });

  it('reads in the language throughout: headings, navigation and links stay in it', async () => {
    const { page, context } = await openPage(browser, DESKTOP);
    for (const language of ['hi', 'mr'] as const) {
      await page.goto(localizePath('/', language));
      await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
      expect(await page.locator('h1').innerText()).toMatch(DEVANAGARI);
      const navigation = page.getByRole('navigation').first();
      for (const text of await navigation.getByRole('link').allInnerTexts())
        if (text.trim() && !text.includes('Shanti') && text !== 'English') expect(text).toMatch(DEVANAGARI);
      // Links to the site's own pages stay in the language (the language switch's excepted).
      const hrefs = await page
        .locator('header a[href^="/"]:not([hreflang]), footer a[href^="/"]:not([hreflang])')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
      const elsewhere = hrefs.filter(
        (href) => !href.startsWith(`/${language}`) && href !== '/villa-management',
      );
      expect(elsewhere, language).toEqual([]);
      expect(hrefs).toContain(`/${language}/partnership`);
    }
    await context.close();
  });

  it('switches language where the visitor is: the section they are reading on the landing page', async () => {
    const { page, context } = await openPage(browser, DESKTOP);
    await page.goto('/');
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
    await poll(() => page.locator('#about [id="about-title"]').count()).toBe(1);
    await poll(() => page.locator('[aria-current="location"]').first().innerText()).toBe('About');
    await page
      .getByRole('navigation', { name: 'Language' })
      .first()
      .getByRole('link', { name: 'मराठी' })
      .click();
    await page.waitForURL(/\/mr#about$/);
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await poll(() =>
      page.evaluate(() => Math.abs(document.getElementById('about')!.getBoundingClientRect().top) < 120),
    ).toBe(true);
    expect(await page.locator('#about-title').innerText()).toMatch(DEVANAGARI);
    // And back, from the partnership page to the same page in English.
    await page.goto('/hi/partnership');
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await page.getByRole('contentinfo').getByRole('link', { name: 'English' }).click();
    await page.waitForURL(/\/partnership$/);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await context.close();
  });

  it('names the other languages in Devanagari on the English pages from their inline font, fetching no Devanagari face', async () => {
    for (const path of PAGES_IN_ENGLISH) {
      const { page, context } = await openPage(browser, DESKTOP);
      const fonts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'font') fonts.push(request.url());
      });
      await page.goto(path);
      await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
      await page.waitForLoadState('networkidle');
      expect(
        fonts.filter((url) => url.includes('devanagari')),
        path,
      ).toEqual([]);
      // The fonts Chromium drew each shown link with: only the page's own (a system font here would draw
      // the boxes of a missing glyph, as this machine, which has no Devanagari font, did before).
      const cdp = await context.newCDPSession(page);
      await cdp.send('DOM.enable');
      await cdp.send('CSS.enable');
      const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
      const { nodeIds } = await cdp.send('DOM.querySelectorAll', {
        nodeId: root.nodeId,
        selector: 'header a[hreflang], footer a[hreflang]',
      });
      const drawn = [];
      for (const nodeId of nodeIds) {
        const { fonts: used } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
        if (used.length) drawn.push(used);
      }
      expect(drawn.length, path).toBeGreaterThanOrEqual(4);
      for (const used of drawn) {
        expect(used.length, path).toBe(1);
        expect(used[0], path).toMatchObject({ isCustomFont: true });
      }
      await context.close();
    }
  });

  it('has no axe violations and is no wider than a 320px screen in Hindi and Marathi', async () => {
    for (const path of ['/hi', '/mr', '/hi/partnership', '/mr/partnership']) {
      const { page, context } = await openPage(browser, { width: 320, height: PHONE.height });
      await page.goto(path);
      await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
      await page.evaluate(async () => {
        for (let y = 0; y < document.documentElement.scrollHeight; y += 500) {
          window.scrollTo({ top: y, behavior: 'instant' });
          await new Promise((resolve) => requestAnimationFrame(resolve));
        }
      });
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => document.scrollingElement!.scrollWidth), path).toBeLessThanOrEqual(
        320,
      );
      expect(await findAccessibilityViolations(page), path).toEqual([]);
      await context.close();
    }
  });

  it('takes a booking request in Marathi: the form, its calendar and its confirmation read in Marathi', async () => {
    const { page, context } = await openPage(browser, PHONE);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const availability = await getJson<Availability>(page, '/api/availability');
    // Apart from the other suites' stays, inside the horizon; the request is withdrawn at the end.
    const checkIn = addDaysToDate(availability.today, 150 + (Date.now() % 10) * 4);
    const checkOut = addDaysToDate(checkIn, 3);
    await page.goto('/mr#booking');
    const form = page.locator('form.booking-form');
    await form.getByRole('heading', { name: 'आपल्या मुक्कामाची विनंती पाठवा' }).waitFor();
    await page.locator('.booking-form [aria-busy="false"]').waitFor();
    // The calendar's month and weekdays in Marathi, its digits 0-9.
    const caption = await form.locator('.rdp-month_caption').first().innerText();
    expect(caption).toMatch(DEVANAGARI);
    expect(caption).toMatch(/\d{4}/);
    expect(await form.getByRole('button', { name: 'पुढचा महिना' }).count()).toBe(1);
    // The stay rules are worded in Marathi (a season keeps the name the operator gave it).
    for (const rule of await form
      .getByRole('list', { name: 'मुक्कामाचे नियम' })
      .getByRole('listitem')
      .allInnerTexts())
      expect(rule).toMatch(DEVANAGARI);
    await form.getByLabel('चेक-इन').fill(checkIn);
    await form.getByLabel('चेक-आउट').fill(checkOut);
    await form.getByLabel('पाहुणे').fill('3');
    await form.getByLabel('पूर्ण नाव').fill('सई देशपांडे');
    await form.getByLabel('ई-मेल').fill('sai.deshpande@example.com');
    await page.getByTestId('quote-total').waitFor();
    expect(await form.getByText('3 रात्रींचे एकूण').count()).toBe(1);
    // The price lines, rebuilt in Marathi from the server's English ones.
    expect(await form.getByText(/^\d+ रात्री? × [\d,]+ \(.+\)/).count()).toBeGreaterThan(0);
    await form.getByRole('button', { name: 'बुकिंगची विनंती पाठवा' }).click();

    const confirmation = page.getByRole('status').filter({ hasText: 'आपली विनंती आम्हाला मिळाली आहे' });
    await confirmation.waitFor();
    const text = await confirmation.innerText();
    expect(text).toMatch(/आपला बुकिंग संदर्भ क्रमांक आहे SV-[0-9A-F]{8}/);
    expect(text).toContain('पुढे काय होईल');
    expect(text).toMatch(/विनंतीनंतर \d+ (तास|दिवस|मिनिटे) पूर्ण होण्याआधी आम्ही ई-मेलने उत्तर देतो/);
    expect(text).not.toMatch(/Thank you|What happens next|Your booking reference/);
    expect(text).toMatch(/₹[\d,]+/);
    const requestPath = await confirmation
      .getByRole('link', { name: 'आपल्या विनंतीचे पान उघडा' })
      .getAttribute('href');
    expect(pageErrors).toEqual([]);
    // The e2e server takes two pending requests per network: this one is withdrawn for the suites after.
    await withdrawGuestRequest(page, requestPath!);
    await context.close();
  });
});
