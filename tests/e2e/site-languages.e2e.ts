import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES, localizePath } from '../../src/content/languages';
import { site } from '../../src/content/site';
import type { Availability } from '../../src/domain/availability';
import { addDaysToDate } from '../../src/domain/dates';
import type { MessageSummary } from '../../src/domain/message';
import { createGuestRequest, withdrawGuestRequest } from './accessible-names.e2e';
import { getJson, openSignedInPage } from './manage-helpers';
import {
  DESKTOP,
  findAccessibilityViolations,
  getBaseUrl,
  getOutboxDir,
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
    // The browser jumps to #about while the sections above it are still skeletons; the page then loads
    // them (their heights change) and scrolls there itself. So the place is measured once they have loaded.
    await poll(() => page.locator('main > section[aria-busy="true"]').count()).toBe(0);
    await poll(() =>
      page.evaluate(() => Math.abs(document.getElementById('about')!.getBoundingClientRect().top) < 120),
    ).toBe(true);
    expect(await page.locator('#about-title').innerText()).toMatch(DEVANAGARI);
    // And back, from the partnership page to the same page in English.
    await page.goto('/hi/partnership');
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await page.getByRole('contentinfo').getByRole('link', { name: 'English' }).click();
    // By its path: /\/partnership$/ matched /hi/partnership too, so it waited for nothing.
    await page.waitForURL((url) => url.pathname === '/partnership');
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

  it('paints the Hindi and Marathi pages in preloaded faces of only their texts, never the whole Devanagari face', async () => {
    const TEXT_FACE = /\/noto-sans-devanagari-text-(400|600)-[\w-]+\.woff2$/;
    for (const path of ['/hi', '/mr', '/hi/partnership', '/mr/partnership']) {
      const { page, context } = await openPage(browser, PHONE);
      const fonts: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('devanagari')) fonts.push(request.url());
      });
      await page.goto(path);
      const preloads = await page
        .locator('head link[rel=preload][as=font]')
        .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
      expect(preloads.filter((href) => TEXT_FACE.test(href)).length, path).toBe(2);
      await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
      await page.evaluate(async () => {
        for (let y = 0; y < document.documentElement.scrollHeight; y += 500) {
          window.scrollTo({ top: y, behavior: 'instant' });
          await new Promise((resolve) => requestAnimationFrame(resolve));
        }
      });
      await page.waitForLoadState('networkidle');
      // Every character the page shows is in the cut faces (the build checks it glyph for glyph): the whole
      // face, kept for other characters (a name a guest typed), is never fetched.
      expect(fonts.length, path).toBeGreaterThan(0);
      for (const url of fonts) expect(url, path).toMatch(TEXT_FACE);
      await context.close();
    }
    const response = await fetch(`${getBaseUrl()}/`);
    expect(await response.text()).not.toMatch(/<link rel="preload"[^>]*devanagari/);
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

  it('takes a booking request in Marathi: the form, its calendar, its confirmation and its e-mail read in Marathi', async () => {
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

    // The e-mail that asks the guest to confirm is in Marathi too, as it went out (the outbox folder).
    const reference = /SV-[0-9A-F]{8}/.exec(text)![0];
    const operator = await openSignedInPage(browser);
    const findSent = async () =>
      (await getJson<MessageSummary[]>(operator.page, '/api/messages?limit=100')).find(
        (message) =>
          message.kind === 'request_received' &&
          message.subject.includes(reference) &&
          message.status === 'sent',
      );
    await expect.poll(findSent, { timeout: 30_000, interval: 250 }).toBeTruthy();
    const mail = await simpleParser(await readFile(join(getOutboxDir(), `${(await findSent())!.id}.eml`)));
    expect(mail.subject).toBe(`कृपया आपल्या विनंतीची खात्री करा: ${reference}`);
    expect(mail.text).toContain('आता फक्त एक पायरी: आपल्या विनंतीची खात्री करा');
    expect(mail.text).toMatch(/सांगितलेली एकूण रक्कम:\s+₹[\d,]+/);
    expect(mail.html).toContain('lang="mr"');
    await operator.context.close();

    // Its request page speaks Marathi, as recorded with the request; `?lang=` shows it in another language
    // for this visit only, and an unknown one is ignored.
    const htmlLang = async (path: string) =>
      /<html lang="(\w+)"/.exec(await (await fetch(`${getBaseUrl()}${path}`)).text())?.[1];
    expect(await htmlLang(requestPath!)).toBe('mr');
    expect(await htmlLang(`${requestPath}?lang=en`)).toBe('en');
    expect(await htmlLang(`${requestPath}?lang=xx`)).toBe('mr');
    await page.goto(requestPath!);
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    expect(await page.locator('html').getAttribute('lang')).toBe('mr');
    expect(await page.title()).toMatch(/^आपली बुकिंग विनंती \|/);
    const article = page.getByRole('article');
    expect(await article.innerText()).toMatch(/स्थिती: आपल्या खात्रीची प्रतीक्षा आहे/);
    expect(await article.innerText()).not.toMatch(/Status|Withdraw|Check-in|Questions/);
    // The stay's dates in Marathi with Latin digits, the total in lakhs.
    const checkInDate = await article.getByRole('definition').first().innerText();
    expect(checkInDate).toMatch(DEVANAGARI);
    expect(checkInDate).toMatch(/\b\d{1,2}\b.*\b\d{4}$/);
    expect(checkInDate).not.toMatch(/[\u0966-\u096F]/);
    expect(await article.getByRole('definition').nth(3).innerText()).toMatch(/^₹[\d,]+$/);
    // No hreflang link names the token: the page is noindex and its switch links are relative.
    const head = await page.evaluate(() => document.head.innerHTML);
    expect(head).not.toMatch(/hreflang/);
    expect(head).toContain('<meta name="robots" content="noindex"');
    expect(
      await page
        .getByRole('navigation', { name: 'भाषा' })
        .first()
        .getByRole('link')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
    ).toEqual(['?lang=en', '?lang=hi']);

    // At 320px, nothing wider than the screen; no axe violations.
    await page.setViewportSize({ width: 320, height: PHONE.height });
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(320);
    expect(await findAccessibilityViolations(page)).toEqual([]);

    // Withdrawn from the page, in Marathi.
    await page.getByRole('button', { name: 'विनंती मागे घ्या' }).click();
    const dialog = page.getByRole('dialog', { name: 'ही विनंती मागे घ्यायची?' });
    await dialog.getByRole('button', { name: 'विनंती मागे घ्या' }).click();
    await page.getByText('स्थिती: रद्द').waitFor();
    expect(await article.innerText()).toContain('आपण ही विनंती मागे घेतली आहे.');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("shows an English guest's request page in English, and in Hindi when asked", async () => {
    const { page, context } = await openPage(browser, DESKTOP);
    const requestPath = await createGuestRequest(page);
    // The Devanagari face is fetched only for a page that shows Devanagari (the switch's names excepted).
    const devanagariFonts: string[] = [];
    page.on('request', (request) => {
      if (/devanagari.*\.woff2$/.test(request.url())) devanagariFonts.push(request.url());
    });
    await page.goto(requestPath);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await page.waitForLoadState('networkidle');
    expect(devanagariFonts).toEqual([]);
    await page
      .getByRole('navigation', { name: 'Language' })
      .first()
      .getByRole('link', { name: 'हिन्दी' })
      .click();
    await page.waitForURL((url) => url.search === '?lang=hi' && url.pathname === requestPath);
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    expect(await page.locator('html').getAttribute('lang')).toBe('hi');
    expect(await page.getByRole('article').innerText()).toMatch(/स्थिति: आपकी पुष्टि की प्रतीक्षा है/);
    await page.waitForLoadState('networkidle');
    expect(devanagariFonts.length).toBeGreaterThan(0);
    // What is recorded is unchanged: the page opens in English again without `?lang=`.
    const response = await fetch(`${getBaseUrl()}${requestPath}`);
    expect(await response.text()).toContain('<html lang="en">');
    await withdrawGuestRequest(page, requestPath);
    await context.close();
  });

  it("answers a missing page under /hi with the Hindi 404 page, with links to each language's home", async () => {
    for (const [path, language, heading] of [
      ['/hi/nothing-here', 'hi', 'ओह! पेज नहीं मिला'],
      ['/mr/nothing-here', 'mr', 'अरेरे! पान सापडले नाही'],
      ['/nothing-here', 'en', 'Oops! Page not found'],
    ] as const) {
      const response = await fetch(`${getBaseUrl()}${path}`);
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(html, path).toContain(`<html lang="${language}">`);
      expect(html, path).toContain('<meta name="robots" content="noindex"');
      expect(html, path).toContain(heading);
    }
    const { page, context } = await openPage(browser, PHONE);
    await page.goto('/hi/nothing-here');
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toMatch(DEVANAGARI);
    const homes = await page
      .getByRole('main')
      .getByRole('navigation', { name: 'भाषा' })
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(homes).toEqual(['/', '/mr']);
    expect(await page.getByRole('link', { name: 'मुखपृष्ठ पर लौटें' }).getAttribute('href')).toBe('/hi');
    expect(await findAccessibilityViolations(page)).toEqual([]);
    await context.close();
  });
});
