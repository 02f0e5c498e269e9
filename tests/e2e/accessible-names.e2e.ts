import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gotoManagement, openSignedInPage } from './manage-helpers';
import { DESKTOP, launchBrowser, openPage, PHONE } from './support/browser';

/** Every view of the management area, by the `view` of its URL. */
const MANAGEMENT_VIEWS = [
  'dashboard',
  'properties',
  'timeline',
  'calendar',
  'bookings',
  'channels',
  'pricing',
  'reports',
  'messages',
  'activity',
  'account',
];

// Whitespace is left out altogether: text drawn from separate elements ("3" and "bedrooms" set apart by
// a gap) has none between its parts in the DOM.
const normalise = (text: string) => text.replace(/\s+/g, '').toLowerCase();

/**
 * The buttons and links of the page whose accessible name does not contain their visible text (WCAG 2.5.3,
 * label in name): what a voice-control user says ("click Sync now") must be part of what the control is
 * called. The names are Chromium's own, from its accessibility tree (not axe's); the visible text is what
 * the control shows (innerText). Controls showing no text (icon-only) have nothing to compare.
 */
async function findLabelNotInName(page: Page): Promise<string[]> {
  const session = await page.context().newCDPSession(page);
  try {
    await session.send('Accessibility.enable');
    const { nodes } = (await session.send('Accessibility.getFullAXTree')) as {
      nodes: {
        ignored: boolean;
        role?: { value: string };
        name?: { value: string };
        backendDOMNodeId?: number;
      }[];
    };
    const problems: string[] = [];
    for (const node of nodes) {
      const role = node.role?.value;
      if (node.ignored || !node.backendDOMNodeId) continue;
      if (role !== 'button' && role !== 'link' && role !== 'DisclosureTriangle') continue;
      const { object } = await session.send('DOM.resolveNode', { backendNodeId: node.backendDOMNodeId });
      if (!object.objectId) continue;
      const { result } = await session.send('Runtime.callFunctionOn', {
        objectId: object.objectId,
        returnByValue: true,
        functionDeclaration: `function () {
          // The text a sighted user sees: text nodes drawn on the screen, not those of a visually hidden
          // (sr-only, 1px) element, nor of one hidden by display or visibility.
          const control = this;
          const drawn = (element) => {
            for (let at = element; at && at !== control.parentElement; at = at.parentElement) {
              const box = at.getBoundingClientRect();
              if (box.width <= 1 && box.height <= 1) return false;
            }
            return element.checkVisibility({ visibilityProperty: true });
          };
          const walker = document.createTreeWalker(this, NodeFilter.SHOW_TEXT);
          let text = '';
          let last = null;
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            if (!node.textContent.trim() || !drawn(node.parentElement)) continue;
            text += (last && last !== node.parentElement ? ' ' : '') + node.textContent;
            last = node.parentElement;
          }
          return { text, html: this.outerHTML.slice(0, 160) };
        }`,
      });
      const { text, html } = result.value as { text: string; html: string };
      const visible = normalise(text);
      const name = normalise(node.name?.value ?? '');
      if (visible && !name.includes(visible)) {
        problems.push(`${role} named "${node.name?.value ?? ''}" shows "${text.trim()}": ${html}`);
      }
    }
    return problems;
  } finally {
    await session.detach();
  }
}

describe('accessible names', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('contain the visible label of every button and link on the public pages', async () => {
    const { page, context } = await openPage(browser, DESKTOP, { reducedMotion: true });
    // A guest request page, reached as a guest is: from the confirmation of their request.
    const requestPath = await createGuestRequest(page);
    const problems: string[] = [];
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      for (const path of ['/', '/partnership', '/no-such-page', requestPath]) {
        await page.goto(path);
        await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
        if (path === '/') {
          // Every lazy section drawn.
          for (const id of ['gallery', 'about', 'booking', 'contact']) {
            await page.evaluate(
              (id) => document.getElementById(id)!.scrollIntoView({ behavior: 'instant' }),
              id,
            );
            await expect.poll(() => page.locator(`section#${id}`).getAttribute('aria-busy')).toBe('false');
          }
          await page.locator('.booking-form [aria-busy="false"]').waitFor();
        }
        const found = await findLabelNotInName(page);
        problems.push(...found.map((problem) => `${path} at ${viewport.width}px: ${problem}`));
      }
    }
    // The phone menu, open.
    await page.goto('/');
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await page.getByRole('button', { name: /menu/i }).click();
    problems.push(...(await findLabelNotInName(page)).map((problem) => `the open menu: ${problem}`));
    expect(problems).toEqual([]);
    await withdrawGuestRequest(page, requestPath);
    await context.close();
  });

  it('contain the visible label of every button and link in every management view', async () => {
    const { page, context } = await openSignedInPage(browser);
    // A channel connection, so the channels view shows its card and its actions.
    const [property] = (await (await page.request.get('/api/properties')).json()) as { id: string }[];
    const created = await page.request.post(`/api/properties/${property!.id}/channels`, {
      data: {
        channel: 'airbnb',
        import_url: 'https://www.airbnb.com/calendar/ical/1.ics',
        name: 'Label test',
      },
    });
    expect(created.status()).toBe(201);
    const problems: string[] = [];
    for (const [viewport, view] of [DESKTOP, PHONE].flatMap((size) =>
      MANAGEMENT_VIEWS.map((name) => [size, name] as const),
    )) {
      await page.setViewportSize(viewport);
      await gotoManagement(page, `?view=${view}`);
      // The view's data drawn: nothing loading, no skeleton left.
      await page.waitForLoadState('networkidle');
      await expect
        .poll(() => page.locator('[aria-busy="true"], .animate-pulse').count(), { timeout: 15_000 })
        .toBe(0);
      problems.push(
        ...(await findLabelNotInName(page)).map((problem) => `${view} at ${viewport.width}px: ${problem}`),
      );
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});

/**
 * Sends a booking request through the API, as the form does, and returns its page's path. Its dates are
 * drawn far ahead, again when they fall on taken nights or a season's rules (a minimum stay, a check-in day).
 */
export async function createGuestRequest(page: Page): Promise<string> {
  const availability = (await (await page.request.get('/api/availability')).json()) as { today: string };
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const start = new Date(`${availability.today}T00:00:00Z`);
    start.setUTCDate(start.getUTCDate() + 300 + Math.floor(Math.random() * 200));
    const checkIn = start.toISOString().slice(0, 10);
    start.setUTCDate(start.getUTCDate() + 3);
    const response = await page.request.post('/api/booking-requests', {
      headers: { 'idempotency-key': crypto.randomUUID() },
      data: {
        check_in: checkIn,
        check_out: start.toISOString().slice(0, 10),
        guests_count: 2,
        guest_name: 'Asha Label',
        guest_email: `asha.${Date.now().toString(36)}@example.com`,
        guest_phone: '',
        special_requests: '',
        website: '',
      },
    });
    if (response.status() === 400 || response.status() === 409) continue;
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { request_path: string }).request_path;
  }
  throw new Error('No open dates found for a request');
}

/** Withdraws a request the test made, so it holds none of the pending requests a network may have. */
export async function withdrawGuestRequest(page: Page, requestPath: string) {
  const response = await page.request.post(`/api${requestPath.replace('/request/', '/requests/')}/withdraw`);
  expect(response.status()).toBe(200);
}
