import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/**
 * Scrolls through the whole page so every lazy section and image loads: a step of 500 px, then two frames
 * (the observers that start loading have run), in one call into the page, until its end (which moves
 * down as sections load).
 */
async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let y = 0; y < document.documentElement.scrollHeight; y += 500) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await nextFrame();
      await nextFrame();
    }
  });
  await page.waitForLoadState('networkidle');
}

describe('images, accessibility and page weight of the public pages', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('loads the hero image at once with high priority, preloaded, and other images only near the viewport', async () => {
    const { page, context } = await openPage(browser, DESKTOP);
    const images: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/assets/images/')) images.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await page.waitForLoadState('networkidle');
    expect(await page.locator('link[rel="preload"][as="image"]').count()).toBe(1);
    const hero = page.locator('#home img');
    expect(await hero.getAttribute('fetchpriority')).toBe('high');
    expect(await hero.getAttribute('loading')).toBe('eager');
    expect(images.length).toBeGreaterThan(0);
    expect(images.every((path) => path.includes('/villa-dusk-'))).toBe(true);
    // Every image has its intrinsic size, so nothing shifts as it loads.
    await page.evaluate(() => document.getElementById('gallery')!.scrollIntoView({ behavior: 'instant' }));
    await poll(() => images.some((path) => path.includes('/private-lawn-'))).toBe(true);
    const sized = await page
      .locator('img')
      .evaluateAll((imgs) => imgs.every((img) => img.getAttribute('width') && img.getAttribute('height')));
    expect(sized).toBe(true);
    // Images below the 50px lazy margin have not been requested (the about image is far below).
    expect(images.some((path) => path.includes('/sunrise-terrace-'))).toBe(false);
    await context.close();
  });

  it('paints each public page from its inlined critical CSS exactly as with the full stylesheet, which is not on the way to the first paint', async () => {
    /** The styles of the header and the first section (what the first paint shows), element by element. */
    const readFirstScreenStyles = async (viewport: typeof PHONE, path: string, criticalOnly: boolean) => {
      const context = await browser.newContext({
        viewport,
        javaScriptEnabled: !criticalOnly,
        baseURL: getBaseUrl(),
      });
      const page = await context.newPage();
      if (criticalOnly) await page.route(/\/assets\/[\w-]+\.css$/, (route) => route.abort());
      await page.goto(path);
      if (!criticalOnly) await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
      const styles = await page.evaluate(() => {
        const first = document.querySelector('main > section') ?? document.querySelector('main')!;
        const elements = [document.querySelector('header')!, first].flatMap((root) => [
          root,
          ...root.querySelectorAll('*'),
        ]);
        const properties = [
          'display',
          'position',
          'color',
          'background-color',
          'background-image',
          'font-family',
          'font-size',
          'font-weight',
          'line-height',
          'letter-spacing',
          'text-transform',
          'padding',
          'margin',
          'border',
          'border-radius',
          'opacity',
          'z-index',
          'gap',
          'text-align',
          'object-fit',
        ];
        return elements.map((element) => {
          const style = getComputedStyle(element);
          // An image's opacity is the script's (it fades in once loaded), not the stylesheet's; so is which
          // of a pair of controls shows, the markup's before hydration or the script's after.
          const shown = properties.filter(
            (name) =>
              !(element.tagName === 'IMG' && name === 'opacity') &&
              !(element.hasAttribute('data-hydration-swap') && name === 'display'),
          );
          return `${element.tagName} ${shown.map((name) => style.getPropertyValue(name)).join('|')}`;
        });
      });
      await context.close();
      return styles;
    };
    for (const path of ['/', '/partnership', '/missing-page']) {
      const html = await (await fetch(`${getBaseUrl()}${path}`)).text();
      // Nothing but the HTML on the way to the first paint: the full stylesheet is linked for visitors
      // without script only.
      expect(html.replace(/<noscript>[\s\S]*?<\/noscript>/g, ''), path).not.toMatch(/<link rel="stylesheet"/);
      expect(html, path).toMatch(/<style>@font-face\{/);
      for (const viewport of [PHONE, DESKTOP]) {
        const critical = await readFirstScreenStyles(viewport, path, true);
        expect(critical.length, path).toBeGreaterThan(10);
        expect(critical, `${path} at ${viewport.width}px`).toEqual(
          await readFirstScreenStyles(viewport, path, false),
        );
      }
    }
  });

  it("fades an image in once loaded and shows 'Failed to load image' when it cannot load", async () => {
    const { page, context } = await openPage(browser, DESKTOP);
    await page.route('**/assets/images/indoor-lounge-*', (route) => route.abort());
    await page.goto('/#gallery');
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    const failed = page.locator('#gallery li', { hasText: 'The indoor lounge' });
    await poll(() => failed.getByText('Failed to load image').isVisible()).toBe(true);
    const loaded = page.locator('#gallery li', { hasText: 'The private lawn' }).locator('img');
    await poll(() => loaded.evaluate((img) => getComputedStyle(img).opacity)).toBe('1');
    expect(await loaded.evaluate((img) => getComputedStyle(img).transitionProperty)).toContain('opacity');
    await context.close();
  });

  it('shows the images of /partnership (each language) and of the 404 page to a reader without script', async () => {
    const context = await browser.newContext({
      viewport: DESKTOP,
      javaScriptEnabled: false,
      baseURL: getBaseUrl(),
    });
    const page = await context.newPage();
    for (const path of ['/partnership', '/hi/partnership', '/mr/partnership', '/nowhere']) {
      await page.goto(path);
      const imgs = page.locator('main img');
      for (const img of await imgs.all()) await img.scrollIntoViewIfNeeded();
      await page.waitForLoadState('networkidle');
      const images = await imgs.evaluateAll((imgs) =>
        imgs.map((img) => ({
          src: (img as HTMLImageElement).currentSrc,
          loaded: (img as HTMLImageElement).naturalWidth > 0,
          opacity: getComputedStyle(img).opacity,
        })),
      );
      expect(images.length, path).toBeGreaterThan(0);
      for (const image of images) expect(image, path).toMatchObject({ loaded: true, opacity: '1' });
    }
    await context.close();
  });

  it('never downloads the management area’s code on public pages', async () => {
    const { page, context } = await openPage(browser, DESKTOP);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    for (const path of ['/', '/partnership', '/nowhere']) {
      await page.goto(path);
      await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
      await scrollThrough(page);
    }
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((url) => /\/assets\/manage[-.]/.test(url))).toEqual([]);
    await context.close();
  });

  for (const viewport of [PHONE, DESKTOP]) {
    it(`has no axe violations on any public page at ${viewport.width}px, with every section loaded`, async () => {
      const { page, context, pageErrors } = await openPage(browser, viewport, { reducedMotion: true });
      for (const path of ['/', '/partnership', '/missing-page']) {
        await page.goto(path);
        await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
        await scrollThrough(page);
        expect(await findAccessibilityViolations(page), path).toEqual([]);
      }
      if (viewport === PHONE) {
        await page.goto('/');
        await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
        await page.getByRole('button', { name: /menu/i }).click();
        expect(await findAccessibilityViolations(page), 'open menu').toEqual([]);
      } else {
        await page.goto('/#gallery');
        await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
        await page
          .getByRole('button', { name: /View larger/ })
          .first()
          .click();
        await page.getByRole('dialog').waitFor();
        expect(await findAccessibilityViolations(page), 'lightbox').toEqual([]);
      }
      expect(pageErrors).toEqual([]);
      await context.close();
    });
  }
});
