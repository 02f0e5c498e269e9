import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToDate } from '../../src/domain/dates';
import { getJson, gotoManagement, openSignedInPage } from './manage-helpers';
import { findAccessibilityViolations, launchBrowser, openPage, PHONE } from './support/browser';

type Availability = { today: string; property: { id: string; base_price: number; currency: string } };

/** From a guest's request on the site to the operator confirming it and seeing it in the calendar. */
describe('a direct booking', () => {
  let browser: Browser;
  let availability: Availability;
  let checkIn: string;
  let checkOut: string;
  const guestName = `Nisha Kapoor ${Date.now().toString(36)}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    const { page, context } = await openPage(browser);
    availability = await getJson<Availability>(page, '/api/availability');
    await context.close();
    // Far from the sample bookings, and inside the 540-day horizon.
    checkIn = addDaysToDate(availability.today, 200);
    checkOut = addDaysToDate(checkIn, 3);
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function openBookingForm(page: Page) {
    await page.goto('/#booking');
    await page.getByRole('heading', { name: 'Request your stay' }).waitFor();
  }

  async function fillRequest(page: Page, values: { email?: string } = {}) {
    await page.getByLabel('Check-in').fill(checkIn);
    await page.getByLabel('Check-out').fill(checkOut);
    await page.getByLabel('Guests').fill('4');
    await page.getByLabel('Full name').fill(guestName);
    await page.getByLabel('Email').fill(values.email ?? 'nisha@example.com');
    await page.getByLabel('Phone').fill('+91 98220 55555');
    await page.getByLabel('Special requests').fill('Arriving by car around 4 pm');
  }

  it('shows the quote, keeps what the guest typed on an error, then confirms the request', async () => {
    const { page, context, pageErrors } = await openPage(browser, PHONE);
    await openBookingForm(page);
    await page.locator('.booking-form [aria-busy="false"]').waitFor();
    expect(await findAccessibilityViolations(page)).toEqual([]);
    await fillRequest(page, { email: 'nisha@' });
    await expect
      .poll(() => page.getByTestId('quote-total').textContent())
      .toBe(
        `${availability.property.currency} ${(availability.property.base_price * 3).toLocaleString('en-US')}`,
      );
    await page.getByRole('button', { name: 'Request Booking' }).click();
    await expect.poll(() => page.getByText('Enter a valid email address').isVisible()).toBe(true);
    expect(await page.getByLabel('Full name').inputValue()).toBe(guestName);

    await page.getByLabel('Email').fill('nisha@example.com');
    await page.getByRole('button', { name: 'Request Booking' }).click();
    const confirmation = page.getByRole('status').filter({ hasText: 'your request has arrived' });
    await confirmation.waitFor();
    expect(await confirmation.textContent()).toMatch(/Your booking reference is SV-[0-9A-F]{8}/);
    expect(pageErrors).toEqual([]);

    // Asking for the same nights again is refused before and by the server.
    await page.getByRole('button', { name: 'Make another request' }).click();
    expect(await page.getByLabel('Full name').inputValue()).toBe('');
    await fillRequest(page);
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'Those dates are no longer available' }).count())
      .toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Request Booking' }).click();
    await expect
      .poll(() =>
        page
          .getByRole('alert')
          .filter({ hasText: /^Those dates are no longer available$/ })
          .count(),
      )
      .toBe(1);
    expect(await page.getByLabel('Full name').inputValue()).toBe(guestName);
    await context.close();
  });

  it('lets the operator confirm the request and see its nights booked in the calendar', async () => {
    const { page, context } = await openSignedInPage(browser);
    const propertyId = availability.property.id;
    await gotoManagement(page, `?view=bookings&property=${propertyId}`);
    const card = page
      .locator('article, li, div')
      .filter({ hasText: guestName })
      .filter({ has: page.getByRole('button', { name: 'Confirm' }) })
      .last();
    await card.getByRole('button', { name: 'Confirm' }).click();
    await expect
      .poll(() => card.locator('[data-status]').first().getAttribute('data-status'))
      .toBe('confirmed');

    await gotoManagement(page, `?view=calendar&property=${propertyId}&month=${checkIn.slice(0, 7)}`);
    const night = page.locator(`[data-date="${checkIn}"]`);
    await expect.poll(() => night.getAttribute('data-status')).toBe('booked');
    await context.close();
  });
});
