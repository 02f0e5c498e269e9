import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_ARGS } from '../../../scripts/built-server.mjs';
import { readTestEnv } from '../../../src/server/test/test-env';

export const PHONE = { width: 375, height: 812 };
export const DESKTOP = { width: 1440, height: 900 };

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: readTestEnv().chromiumPath, args: CHROMIUM_ARGS });
}

export function getBaseUrl(): string {
  return inject('baseUrl');
}

/** The folder the server writes its e-mails to, as .eml files named after each message's id. */
export function getOutboxDir(): string {
  const dir = inject('outboxDir');
  if (!dir) throw new Error('This test reads the e-mails a server wrote: run it against a server it starts');
  return dir;
}

export function getOperatorCredentials() {
  return inject('operator');
}

/** A new page at the given viewport that records console errors and uncaught exceptions. */
export async function openPage(
  browser: Browser,
  viewport = DESKTOP,
  options: { reducedMotion?: boolean } = {},
) {
  const context = await browser.newContext({
    viewport,
    baseURL: getBaseUrl(),
    reducedMotion: options.reducedMotion ? 'reduce' : 'no-preference',
  });
  const page = await context.newPage();
  const consoleMessages: { type: string; text: string }[] = [];
  const pageErrors: string[] = [];
  page.on('console', (message) => consoleMessages.push({ type: message.type(), text: message.text() }));
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  return { page, context, consoleMessages, pageErrors };
}

/** axe-core's WCAG 2.2 A/AA violations on the page, as readable lines (empty when none). */
export async function findAccessibilityViolations(page: Page): Promise<string[]> {
  // Axe reads colours as they are painted: a toast still fading in fails colour contrast until its
  // transition ends. So the finite animations and transitions finish first (spinners never do).
  // (At most 5 s: a paused animation never finishes.)
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 5_000)),
    ]),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
}

/**
 * Resolves once the page has drawn `frames` more frames: the scroll events, observers and effects that the
 * last change caused have run. A test waits for this, or for what it expects to see, never for a time.
 */
export function waitForFrames(page: Page, frames = 2) {
  return page.evaluate(
    (count) =>
      new Promise<void>((resolve) => {
        const step = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1)));
        step(count);
      }),
    frames,
  );
}
