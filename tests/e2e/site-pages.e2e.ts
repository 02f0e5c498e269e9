import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getRouteBase,
  hasParameters,
  NOT_FOUND,
  PAGES,
  type PageDefinition,
} from '../../src/client/pages/registry';
import { DESKTOP, getBaseUrl, launchBrowser, openPage, PHONE } from './support/browser';

/** Polls with a timeout that holds on a busy CI machine (vitest's default is 1 s). */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000, interval: 50 });

const sectionTop = (page: Page, id: string) =>
  page.evaluate((id) => document.getElementById(id)?.getBoundingClientRect().top ?? -1, id);

/**
 * A URL the page answers: its route with any parameter filled in, or an unknown path (under the page's
 * language prefix) for a not-found page.
 */
const exampleUrl = ({ route, language }: PageDefinition) =>
  route === NOT_FOUND
    ? `${language ? `/${language}` : ''}/no-such-page/anywhere`
    : route.replace(/:\w+/g, 'example-value');

describe('every page of the page registry', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('is built and served at its route with its own entry script, prerendered or not, and 404 when not found', async () => {
    // A page with parameters answers only the values that exist (a made-up request token is a 404 that
    // reveals nothing); the browser test of that page opens it with a real value.
    for (const page of PAGES.filter((page) => !hasParameters(page.route))) {
      const response = await fetch(`${getBaseUrl()}${exampleUrl(page)}`);
      const html = await response.text();
      expect(response.status, page.name).toBe(page.route === NOT_FOUND ? 404 : 200);
      // A painted page's entry is loaded by its inline loader; a client-rendered page's is a module script.
      const scripts = [...html.matchAll(/<script (?:type="module"[^>]* src|data-entry)="([^"]+)"/g)].map(
        (match) => match[1],
      );
      expect(scripts, page.name).toEqual([
        expect.stringMatching(new RegExp(`^/assets/${page.name}-[\\w-]+\\.js$`)),
      ]);
      expect(html.includes('<div id="root"></div>'), page.name).toBe(page.render === 'client');
      expect(html.includes('<meta name="robots" content="noindex" />'), page.name).toBe(
        page.visibility !== 'public',
      );
      if (page.route !== NOT_FOUND && page.route !== '/') {
        const slash = await fetch(`${getBaseUrl()}${exampleUrl(page)}/?from=test`, {
          redirect: 'manual',
        });
        expect(slash.status, page.name).toBe(301);
        expect(slash.headers.get('location'), page.name).toBe(`${exampleUrl(page)}?from=test`);
      }
    }
    const notFound = await (await fetch(`${getBaseUrl()}/no-such-page/anywhere`)).text();
    for (const page of PAGES.filter((page) => hasParameters(page.route))) {
      const response = await fetch(`${getBaseUrl()}${exampleUrl(page)}`);
      expect(response.status, page.name).toBe(404);
      expect(await response.text(), page.name).toBe(notFound);
    }
    const robots = await (await fetch(`${getBaseUrl()}/robots.txt`)).text();
    for (const page of PAGES.filter((page) => page.visibility === 'private' && page.route !== NOT_FOUND))
      expect(robots).toContain(`Disallow: ${getRouteBase(page.route)}\n`);
  });

  it('runs in the browser with no error and no Content-Security-Policy violation', async () => {
    for (const page of PAGES) {
      const { page: tab, context, pageErrors, consoleMessages } = await openPage(browser, PHONE);
      await tab.goto(exampleUrl(page));
      if (page.render === 'prerender')
        await tab.waitForSelector('html[data-hydrated]', { state: 'attached' });
      else await tab.waitForFunction(() => document.getElementById('root')?.firstElementChild);
      await tab.waitForLoadState('networkidle');
      expect(pageErrors, page.name).toEqual([]);
      const violations = consoleMessages.filter((message) => /Content Security Policy/i.test(message.text));
      expect(violations, page.name).toEqual([]);
      await context.close();
    }
  });
});

describe('the partnership page and the 404 page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the title, intro, two feature blocks, the comparison, the roadmap and the call to action', async () => {
    const { page, context, pageErrors } = await openPage(browser, DESKTOP);
    const response = await page.goto('/partnership');
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    expect(response?.status()).toBe(200);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(
      'Shanti Villa Retreat × Spice Cell: Building Peaceful Living for All',
    );
    expect(await page.getByRole('region', { name: 'Introduction' }).innerText()).toMatch(/Spice Cell/);
    for (const name of ['Shanti Villa Retreat', 'Spice Cell']) {
      const block = page.getByRole('region', { name, exact: true });
      expect(await block.locator('li').count()).toBe(3);
      expect(await block.getByRole('img').count()).toBeGreaterThanOrEqual(2);
    }
    const comparison = page.getByRole('region', { name: 'Two Models, One Mindset' });
    const text = await comparison.innerText();
    for (const row of [
      'Luxury wellness escapes',
      'Nature-focused healing',
      'Rest and mindfulness',
      'Premium stays',
      'Affordable co-living',
      'Urban stability',
      'Routine and ambition',
      'Budget-smart rentals',
    ]) {
      expect(text).toContain(row);
    }
    const roadmap = page.getByRole('region', { name: 'Where We Are Going' });
    expect(await roadmap.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual([
      'India',
      'UAE',
      'Bali',
      'Canada',
      'Europe',
    ]);
    const cta = page.getByRole('region', { name: 'Let’s Build It Together' });
    expect(await cta.getByRole('link', { name: /email/i }).getAttribute('href')).toMatch(/^mailto:/);
    expect(await cta.getByRole('link', { name: /Visit Shanti Villa Retreat/ }).getAttribute('href')).toMatch(
      /^https:\/\//,
    );
    expect(await cta.getByRole('link', { name: /Visit Spice Cell/ }).getAttribute('href')).toMatch(
      /^https:\/\//,
    );
    expect(
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Partnership' })
        .getAttribute('aria-current'),
    ).toBe('page');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("links its navigation items to '/#section' and lands on that section of the landing page", async () => {
    const { page, context } = await openPage(browser, DESKTOP, { reducedMotion: true });
    await page.goto('/partnership');
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link', { name: 'Gallery' }).getAttribute('href')).toBe('/#gallery');
    await nav.getByRole('link', { name: 'About' }).click();
    await page.waitForURL((url) => url.pathname === '/' && url.hash === '#about');
    await poll(() => sectionTop(page, 'about')).toBeGreaterThanOrEqual(0);
    await poll(() => sectionTop(page, 'about')).toBeLessThanOrEqual(100);
    await poll(() => nav.locator('[aria-current="location"]').allInnerTexts()).toEqual(['About']);
    await context.close();

    const phone = await openPage(browser, PHONE, { reducedMotion: true });
    await phone.page.goto('/partnership');
    await phone.page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await phone.page.getByRole('button', { name: /menu/i }).click();
    await phone.page.getByRole('link', { name: 'Contact' }).first().click();
    await phone.page.waitForURL((url) => url.pathname === '/' && url.hash === '#contact');
    await poll(() => sectionTop(phone.page, 'contact')).toBeLessThanOrEqual(100);
    expect(await sectionTop(phone.page, 'contact')).toBeGreaterThanOrEqual(0);
    await phone.context.close();
  });

  it("answers an unknown route with HTTP 404, 'Oops! Page not found', 'Return to Home', and logs the visit", async () => {
    const { page, context, consoleMessages } = await openPage(browser, PHONE);
    const response = await page.goto('/no/such/page');
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    expect(response?.status()).toBe(404);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Oops! Page not found');
    const home = page.getByRole('link', { name: 'Return to Home' });
    expect(await home.getAttribute('href')).toBe('/');
    await expect
      .poll(() =>
        consoleMessages.some(
          (message) => message.type === 'warning' && message.text.includes('/no/such/page'),
        ),
      )
      .toBe(true);
    await home.click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Where Peace Lives');
    await context.close();
  });

  it('gives each page its own title, description, canonical URL and Open Graph tags, and serves robots.txt and sitemap.xml', async () => {
    const head = async (path: string) => {
      const html = await (await fetch(`${getBaseUrl()}${path}`)).text();
      const pick = (pattern: RegExp) => html.match(pattern)?.[1];
      return {
        html,
        title: pick(/<title>([^<]*)<\/title>/),
        description: pick(/<meta name="description" content="([^"]*)"/),
        canonical: pick(/<link rel="canonical" href="([^"]*)"/),
        ogTitle: pick(/<meta property="og:title" content="([^"]*)"/),
        ogUrl: pick(/<meta property="og:url" content="([^"]*)"/),
      };
    };
    const home = await head('/');
    const partnership = await head('/partnership');
    expect(home.title).toContain('Where Peace Lives');
    expect(partnership.title).toContain('Building Peaceful Living for All');
    expect(home.description).toBeTruthy();
    expect(partnership.description).toBeTruthy();
    expect(home.description).not.toBe(partnership.description);
    expect(new URL(home.canonical!).pathname).toBe('/');
    expect(new URL(partnership.canonical!).pathname).toBe('/partnership');
    expect(home.ogTitle).toBe(home.title);
    expect(partnership.ogUrl).toBe(partnership.canonical);
    const jsonLd = JSON.parse(home.html.match(/<script type="application\/ld\+json">([^<]*)<\/script>/)![1]!);
    expect(['Resort', 'LodgingBusiness']).toContain(jsonLd['@type']);
    expect(jsonLd.address.addressRegion).toBe('Maharashtra');
    expect(jsonLd.telephone).toBeTruthy();
    expect(jsonLd.amenityFeature).toHaveLength(8);
    const notFound = await head('/missing');
    expect(notFound.html).toContain('<meta name="robots" content="noindex" />');

    const robots = await (await fetch(`${getBaseUrl()}/robots.txt`)).text();
    expect(robots).toMatch(/Disallow: \/villa-management/);
    expect(robots).toMatch(/Sitemap: https?:\/\/.+\/sitemap\.xml/);
    const sitemap = await (await fetch(`${getBaseUrl()}/sitemap.xml`)).text();
    expect(sitemap).toMatch(/<loc>[^<]+\/partnership<\/loc>/);
  });
});
