import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS } from '../../scripts/built-server.mjs';
import { readTestEnv } from '../../src/server/test/test-env';
import { createGuestRequest, withdrawGuestRequest } from './accessible-names.e2e';
import { getBaseUrl } from './support/browser';

/**
 * Text at 200 %: a guest who sets their browser's text size to twice the default (Chrome's font size
 * setting, which rem-based sizes and media queries both follow) loses nothing: no page scrolls sideways,
 * and no text or control is cut off or pushed outside the screen, the fixed header's included.
 */
describe('the public pages with text at 200 %', () => {
  let context: BrowserContext;
  let profile: string;
  beforeAll(async () => {
    profile = mkdtempSync(join(tmpdir(), 'villa-text-size-'));
    mkdirSync(join(profile, 'Default'));
    writeFileSync(
      join(profile, 'Default', 'Preferences'),
      JSON.stringify({ webkit: { webprefs: { default_font_size: 32, default_fixed_font_size: 26 } } }),
    );
    context = await chromium.launchPersistentContext(profile, {
      executablePath: readTestEnv().chromiumPath,
      args: CHROMIUM_ARGS,
      viewport: { width: 1280, height: 800 },
      baseURL: getBaseUrl(),
    });
  });
  afterAll(async () => {
    await context?.close();
    rmSync(profile, { recursive: true, force: true });
  });

  it('keeps every text and control of each public page on the screen, uncut', async () => {
    const page = await context.newPage();
    const requestPath = await createGuestRequest(page);
    for (const path of ['/', '/partnership', '/hi', '/mr', '/mr/partnership', '/no-such-page', requestPath]) {
      await page.goto(path);
      await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
      const found = await page.evaluate(() => {
        const lost: string[] = [];
        const insideScroller = (element: Element) => {
          for (let parent = element.parentElement; parent; parent = parent.parentElement) {
            if (/auto|scroll/.test(getComputedStyle(parent).overflowX)) return true;
          }
          return false;
        };
        const describe = (element: Element) =>
          `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 30)}"`;
        for (const element of document.querySelectorAll('body *')) {
          const ownText = [...element.childNodes].some(
            (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
          );
          const style = getComputedStyle(element);
          const rect = element.getBoundingClientRect();
          // Visually hidden helpers (1px boxes) and closed or folded parts are not text a reader sees.
          if (rect.width <= 1 || rect.height <= 1 || style.visibility !== 'visible') continue;
          if (element.closest('[aria-hidden="true"], [inert], details:not([open]) > :not(summary)')) continue;
          // A carousel's later cards wait to the side, one scroll away: they are not lost.
          if (insideScroller(element)) continue;
          if (ownText || element.matches('a, button, input, select, textarea, summary')) {
            if (rect.left < -1 || rect.right > innerWidth + 1) lost.push(`${describe(element)} off screen`);
          }
          const clips = /hidden|clip/.test(style.overflowX + style.overflowY);
          if (ownText && clips && element.scrollWidth > element.clientWidth + 1) {
            lost.push(`${describe(element)} cut off`);
          }
        }
        return {
          fontSize: getComputedStyle(document.documentElement).fontSize,
          pageWidth: document.documentElement.scrollWidth,
          lost,
        };
      });
      // The setting took effect, so what follows is measured at 200 %.
      expect(found.fontSize, path).toBe('32px');
      expect(found.pageWidth, path).toBeLessThanOrEqual(1280);
      expect(found.lost, path).toEqual([]);
    }
    await withdrawGuestRequest(page, requestPath);
    await page.close();
  });
});
