import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToDate, getMonthRange } from '../../src/domain/dates';
import type { Property } from '../../src/domain/property';
import type { Report } from '../../src/domain/report';
import { DESKTOP, findAccessibilityViolations, launchBrowser, PHONE } from './support/browser';
import { getJson, gotoManagement, openSignedInPage, uniqueName } from './manage-helpers';

async function createProperty(page: Page, values: Record<string, unknown> = {}) {
  const response = await page.request.post('/api/properties', {
    data: {
      name: uniqueName('Report Villa'),
      address: '1 Road',
      city: 'Pune',
      country: 'India',
      max_guests: 6,
      ...values,
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as Property;
}

async function addBooking(page: Page, propertyId: string, values: Record<string, unknown>) {
  const response = await page.request.post(`/api/properties/${propertyId}/bookings`, {
    data: { guests_count: 2, guest_email: 'guest@example.com', ...values },
  });
  expect(response.status(), await response.text()).toBe(201);
}

describe("management area: the operator's day and reports", () => {
  let browser: Browser;
  let today: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    const { page, context } = await openSignedInPage(browser);
    ({ today } = await getJson<{ today: string }>(page, '/api/availability'));
    await context.close();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("fits the views' navigation in one row on a phone, the open view's tab in sight", async () => {
    const { page, context } = await openSignedInPage(browser, PHONE);
    await gotoManagement(page, '?view=reports');
    const nav = page.getByRole('navigation', { name: 'Management views' });
    const box = await nav.boundingBox();
    // Ten views in a grid took 240 px before any content; one row is at most 64.
    expect(box!.height).toBeLessThanOrEqual(64);
    const tab = nav.getByRole('button', { name: 'Reports' });
    expect(await tab.getAttribute('aria-current')).toBe('page');
    const tabBox = await tab.boundingBox();
    expect(tabBox!.x).toBeGreaterThanOrEqual(0);
    expect(tabBox!.x + tabBox!.width).toBeLessThanOrEqual(PHONE.width);
    // Wider than the phone only inside its own row: the page itself does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await context.close();
  });

  it("shows today's arrivals with the villa's date, and takes a waiting request to its booking", async () => {
    const { page, context } = await openSignedInPage(browser, DESKTOP);
    const property = await createProperty(page);
    const arriving = uniqueName('Arriving Today');
    const waiting = uniqueName('Waiting Guest');
    await addBooking(page, property.id, {
      guest_name: arriving,
      check_in: today,
      check_out: addDaysToDate(today, 2),
    });
    await addBooking(page, property.id, {
      guest_name: waiting,
      check_in: addDaysToDate(today, 40),
      check_out: addDaysToDate(today, 42),
      status: 'pending',
    });
    await gotoManagement(page, `?property=${property.id}`);
    const day = page.getByRole('region', { name: 'Arrivals' });
    await day.getByText(arriving).waitFor();
    const dashboard = await getJson<{ today: string; arrivals: { guest_name: string; check_in: string }[] }>(
      page,
      `/api/dashboard?property=${property.id}`,
    );
    expect(dashboard.today).toBe(today);
    expect(dashboard.arrivals.map((stay) => stay.guest_name)).toEqual([arriving]);
    // Unpaid and confirmed, arriving today: it also needs a decision.
    const decisions = page.getByRole('list', { name: 'Needs a decision' });
    await decisions.getByText(arriving).waitFor();
    const request = decisions.locator('li').filter({ hasText: waiting });
    await request.getByText('Waiting under an hour').waitFor();
    expect(await findAccessibilityViolations(page)).toEqual([]);

    await request.getByRole('button', { name: 'Review' }).click();
    await page.getByRole('heading', { name: 'Bookings Management' }).waitFor();
    await page.getByText('Showing 1–1 of 1 booking').waitFor();
    await page.locator('li[data-booking-id]').filter({ hasText: waiting }).waitFor();
    const address = new URL(page.url()).searchParams;
    expect([address.get('view'), address.get('property'), address.get('status')]).toEqual([
      'bookings',
      property.id,
      'pending',
    ]);
    await context.close();
  });

  for (const viewport of [PHONE, DESKTOP]) {
    it(`shows a report as a chart and a table that agree with the API at ${viewport.width} px`, async () => {
      const { page, context } = await openSignedInPage(browser, viewport);
      const property = await createProperty(page, { currency: 'INR', base_price: 1000 });
      const month = getMonthRange(today.slice(0, 7));
      // A stay across the end of this month, and a cancelled one that must not count.
      await addBooking(page, property.id, {
        guest_name: 'Across Month End',
        check_in: addDaysToDate(month.end, -1),
        check_out: addDaysToDate(month.end, 2),
        total_amount: 3000,
      });
      await addBooking(page, property.id, {
        guest_name: 'Cancelled Later',
        check_in: month.start,
        check_out: addDaysToDate(month.start, 2),
        total_amount: 5000,
        status: 'pending',
      });
      const cancelled = await getJson<{ id: string; guest_name: string }[]>(
        page,
        `/api/properties/${property.id}/bookings?q=Cancelled`,
      );
      await page.request.patch(`/api/bookings/${cancelled[0]!.id}/status`, { data: { status: 'cancelled' } });

      await gotoManagement(page, `?view=reports&property=${property.id}&period=this-month`);
      await page.getByRole('heading', { name: 'Reports' }).waitFor();
      const table = page.getByRole('table', { name: /Figures by month/ });
      await table.waitFor();
      await page.locator('.recharts-surface').first().waitFor();
      const report = await getJson<Report>(
        page,
        `/api/reports?from=${month.start}&to=${month.end}&property=${property.id}`,
      );
      expect(report.currencies.map((entry) => entry.currency)).toEqual(['INR']);
      const figures = report.currencies[0]!.total;
      // One night of the stay falls in this month: a third of 3,000; the cancelled stay counts nothing.
      expect(figures).toMatchObject({ booked_nights: 1, revenue: 1000 });
      const totalRow = table.locator('tfoot tr');
      const cells = await totalRow.locator('th, td').allTextContents();
      expect(cells.slice(0, 3)).toEqual(['Total', String(figures.available_nights), '1']);
      expect(cells[5]).toBe('₹1,000');
      await expect(page.locator('[data-figure="Nights sold"]').textContent()).resolves.toBe('1');
      // What guests owe, and the period's ledger to download, checked for accessibility with the rest.
      await page.getByRole('table', { name: /Outstanding balances/ }).waitFor();
      await expect(
        page.getByRole('link', { name: 'Download payments CSV' }).getAttribute('href'),
      ).resolves.toBe(
        `/api/reports/payments.csv?from=${month.start}&to=${month.end}&property=${property.id}`,
      );
      expect(await findAccessibilityViolations(page)).toEqual([]);
      await context.close();
    });
  }
});
