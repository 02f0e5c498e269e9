import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  findAccessibilityViolations,
  getBaseUrl,
  getOperatorCredentials,
  launchBrowser,
  openPage,
  PHONE,
} from './support/browser';
import { openSignedInPage } from './manage-helpers';

describe('management area: sign-in and session', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the login gate with its texts, a password toggle and no accessibility violations', async () => {
    const { page, context, pageErrors } = await openPage(browser, PHONE);
    await page.goto('/villa-management');
    await page.getByRole('heading', { name: 'Villa Management Access' }).waitFor();
    await page.getByText('Please sign in to access the villa management system').waitFor();
    await expect(page.getByLabel('Username').getAttribute('type')).resolves.toBe('email');
    const password = page.getByLabel('Password', { exact: true });
    await expect(password.getAttribute('type')).resolves.toBe('password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password.getAttribute('type')).resolves.toBe('text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password.getAttribute('type')).resolves.toBe('password');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await findAccessibilityViolations(page)).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('rejects a wrong password with one message for any mismatch', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/villa-management');
    await page.getByLabel('Username').fill(getOperatorCredentials().email);
    await page.getByLabel('Password', { exact: true }).fill('definitely-not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('button', { name: 'Signing in...' }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'Invalid username or password' }).waitFor();
    await expect(page.getByRole('heading', { name: 'Villa Management Access' }).isVisible()).resolves.toBe(
      true,
    );
    await context.close();
  });

  it('shows the server message when sign-in is rate limited', async () => {
    const { page, context } = await openPage(browser, PHONE);
    const message = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';
    // Answered by the test, so the server's real limit is not touched.
    await page.route('**/api/session', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 429,
            contentType: 'application/json',
            body: JSON.stringify({ error: { message } }),
          })
        : route.fallback(),
    );
    await page.goto('/villa-management');
    await page.getByLabel('Username').fill('someone@example.org');
    await page.getByLabel('Password', { exact: true }).fill('a-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').filter({ hasText: message }).waitFor();
    await context.close();
  });

  it('checks the username shape before asking the server', async () => {
    const { page, context } = await openPage(browser);
    let signInCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/session') && request.method() === 'POST') signInCalls += 1;
    });
    await page.goto('/villa-management');
    await page.getByLabel('Username').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('whatever');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').filter({ hasText: 'Username must be an email address' }).waitFor();
    expect(signInCalls).toBe(0);
    await context.close();
  });

  it('signs in, keeps the session and the view across a reload, and signs out', async () => {
    const { page, context, pageErrors } = await openPage(browser, DESKTOP);
    await page.goto('/villa-management');
    const { email, password } = getOperatorCredentials();
    await page.getByLabel('Username').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('button', { name: 'Signing in...' }).waitFor();
    await page.getByRole('heading', { name: 'Villa Management', exact: true }).waitFor();
    // Dashboard by default; Calendar and Bookings open without a selected property too.
    await expect(
      page.getByRole('button', { name: 'Dashboard', exact: true }).getAttribute('aria-current'),
    ).resolves.toBe('page');
    await expect(page.getByRole('button', { name: 'Calendar', exact: true }).isEnabled()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Bookings', exact: true }).isEnabled()).resolves.toBe(true);

    // Select a property and open its bookings: both live in the URL.
    await page.getByRole('button', { name: 'Properties', exact: true }).click();
    await page.getByRole('heading', { name: 'Your Properties' }).waitFor();
    await page.locator('[data-property-id]').first().click();
    await page.getByRole('button', { name: 'Bookings', exact: true }).click();
    await page.getByRole('heading', { name: 'Bookings Management' }).waitFor();
    expect(new URL(page.url()).searchParams.get('view')).toBe('bookings');
    expect(new URL(page.url()).searchParams.get('property')).toMatch(/^[0-9a-f-]{36}$/);

    await page.reload();
    await page.getByRole('heading', { name: 'Bookings Management' }).waitFor();

    // The back button steps back through the views.
    await page.goBack();
    await page.getByRole('heading', { name: 'Your Properties' }).waitFor();

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByRole('heading', { name: 'Villa Management Access' }).waitFor();
    expect((await page.request.get('/api/session')).status()).toBe(401);
    await page.reload();
    await page.getByRole('heading', { name: 'Villa Management Access' }).waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('serves no operator credential in any script of the management page', async () => {
    const { email, password } = getOperatorCredentials();
    const html = await (await fetch(`${getBaseUrl()}/villa-management`)).text();
    const scripts = [...html.matchAll(/<(?:script[^>]+src|link[^>]+href)="([^"]+\.js)"/g)].map(
      (match) => match[1]!,
    );
    expect(scripts.length).toBeGreaterThan(0);
    const seen = new Set<string>();
    const queue = [...scripts];
    while (queue.length > 0) {
      const path = queue.shift()!;
      if (seen.has(path)) continue;
      seen.add(path);
      const code = await (await fetch(new URL(path, `${getBaseUrl()}/villa-management/`))).text();
      expect(code).not.toContain(password);
      expect(code).not.toContain(email);
      // Follow static and dynamic imports of other chunks.
      for (const match of code.matchAll(/["'`](\.{0,2}\/?(?:assets\/)?[\w./-]+\.js)["'`]/g)) {
        const next = new URL(match[1]!, new URL(path, `${getBaseUrl()}/villa-management/`)).pathname;
        if (next.startsWith('/assets/')) queue.push(next);
      }
    }
    expect(html).not.toContain(password);
    expect(html).not.toContain(email);
  });

  it('answers 401 to every management API call without a session', async () => {
    const base = getBaseUrl();
    const { page, context } = await openSignedInPage(browser);
    const [property] = (await (await page.request.get('/api/properties')).json()) as { id: string }[];
    await context.close();
    expect(property).toBeDefined();
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/session'],
      ['GET', '/api/properties'],
      ['POST', '/api/properties', { name: 'X', address: 'Y', city: 'Z', country: 'Q' }],
      ['GET', '/api/stats'],
      ['GET', `/api/properties/${property!.id}/calendar?month=2026-11`],
      ['GET', `/api/properties/${property!.id}/bookings`],
    ];
    for (const [method, path, body] of calls) {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: body ? { 'content-type': 'application/json', origin: base } : undefined,
        body: body ? JSON.stringify(body) : undefined,
      });
      expect(response.status, `${method} ${path}`).toBe(401);
      const json = (await response.json()) as { error?: { message?: string } };
      expect(json.error?.message, `${method} ${path}`).toBeTruthy();
    }
  });
});
