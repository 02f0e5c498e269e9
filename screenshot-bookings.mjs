import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:3415';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const width of [375, 1280]) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, baseURL: base });
  const page = await context.newPage();
  await page.goto('/villa-management');
  await page.getByLabel('Username').fill('owner@example.com');
  await page.getByLabel('Password', { exact: true }).fill('e2e-password-123');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: 'Villa Management', exact: true }).waitFor();
  await page.getByRole('button', { name: 'Bookings', exact: true }).click();
  await page.getByRole('list', { name: 'Bookings' }).waitFor();
  await page.screenshot({ path: `/tmp/search-explain/bookings-all-${width}.png`, fullPage: false });
  const marina = page.locator('li', { hasText: 'Marina Heights Apartment' }).first();
  await marina.scrollIntoViewIfNeeded();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/search-explain/bookings-all-${width}-marina.png` });
  await context.close();
}
await browser.close();
