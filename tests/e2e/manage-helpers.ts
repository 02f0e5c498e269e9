import { expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, getOperatorCredentials, openPage } from './support/browser';

/**
 * Helpers for the management area's browser tests. Most tests sign in through the API (a success
 * never counts towards the sign-in rate limit) and only a few go through the login form.
 */
export async function openSignedInPage(browser: Browser, viewport = DESKTOP) {
  const opened = await openPage(browser, viewport);
  const response = await opened.page.request.post('/api/session', { data: getOperatorCredentials() });
  expect(response.status()).toBe(200);
  return opened;
}

/** GET a JSON API path with the page's cookies. */
export async function getJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.status(), `GET ${path}`).toBe(200);
  return (await response.json()) as T;
}

export async function gotoManagement(page: Page, search = '') {
  await page.goto(`/villa-management${search}`);
  await page.getByRole('heading', { name: 'Villa Management', exact: true }).waitFor();
}

/** The toast region's text (sonner renders toasts in a labelled live region). */
export function toastRegion(page: Page) {
  return page.getByRole('region', { name: /Notifications/ });
}

export function uniqueName(prefix: string) {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/**
 * A gate a route handler waits on until the test opens it: the test sees a loading or saving state for
 * certain, however fast or slow the machine, and then lets the answer through.
 */
export function createGate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}
