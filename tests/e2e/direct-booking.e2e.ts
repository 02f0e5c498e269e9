import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Availability } from '../../src/domain/availability';
import { addDaysToDate } from '../../src/domain/dates';
import { priceStay } from '../../src/domain/pricing';
import { formatMajorAmount } from '../../src/domain/money';
import { getJson, gotoManagement, openSignedInPage } from './manage-helpers';
import { findAccessibilityViolations, launchBrowser, openPage, PHONE } from './support/browser';

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
        formatMajorAmount(
          priceStay({
            checkIn,
            checkOut,
            guests: 4,
            basePrice: availability.property.base_price,
            currency: availability.property.currency,
            rules: availability.rules,
          }).total,
          availability.property.currency,
        ),
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

  it('shows the new price when the operator changed it since the guest saw it, and books only at that', async () => {
    const { page, context } = await openPage(browser, PHONE);
    const priceGuest = `Ravi Menon ${Date.now().toString(36)}`;
    const stayIn = addDaysToDate(checkIn, 10);
    const stayOut = addDaysToDate(stayIn, 2);
    const quoteOf = (prices: Record<string, number>) => {
      const stay = { checkIn: stayIn, checkOut: stayOut, guests: 2 };
      const quote = priceStay({
        ...stay,
        basePrice: availability.property.base_price,
        currency: availability.property.currency,
        rules: availability.rules,
        dayPrices: new Map(Object.entries(prices)),
      });
      return formatMajorAmount(quote.total, quote.currency);
    };
    await openBookingForm(page);
    await page.locator('.booking-form [aria-busy="false"]').waitFor();
    await page.getByLabel('Check-in').fill(stayIn);
    await page.getByLabel('Check-out').fill(stayOut);
    await page.getByLabel('Guests').fill('2');
    await page.getByLabel('Full name').fill(priceGuest);
    await page.getByLabel('Email').fill('nisha.price@example.com');
    await expect.poll(() => page.getByTestId('quote-total').textContent()).toBe(quoteOf({}));

    // The operator prices the first night higher while the guest is still reading.
    const operator = await openSignedInPage(browser);
    const changed = await operator.page.request.put(`/api/properties/${availability.property.id}/calendar`, {
      data: { start: stayIn, end: stayIn, price: availability.property.base_price + 5000 },
    });
    expect(changed.status()).toBe(200);
    await operator.context.close();

    await page.getByRole('button', { name: 'Request Booking' }).click();
    const newTotal = quoteOf({ [stayIn]: availability.property.base_price + 5000 });
    await expect
      .poll(() =>
        page
          .getByRole('alert')
          .filter({
            hasText: `The price of these dates has changed since you saw it: the total is now ${newTotal}.`,
          })
          .count(),
      )
      .toBe(1);
    expect(await page.getByTestId('quote-total').textContent()).toBe(newTotal);
    expect(await page.getByLabel('Full name').inputValue()).toBe(priceGuest);
    await page.getByRole('button', { name: 'Request Booking' }).click();
    await page.getByRole('status').filter({ hasText: 'your request has arrived' }).waitFor();
    await context.close();
  });

  it('explains a season price with its tax, and names the season when a stay is too short', async () => {
    // The sample villa's Christmas and New Year season: its own price and a three-night minimum.
    const { page, context } = await openPage(browser, PHONE);
    const year = Number(availability.today.slice(0, 4)) + (availability.today.slice(5) < '10-01' ? 0 : 1);
    const seasonIn = `${year}-12-24`;
    await openBookingForm(page);
    await page.locator('.booking-form [aria-busy="false"]').waitFor();
    expect(await page.getByRole('list', { name: 'Stay rules' }).textContent()).toContain(
      'Christmas and New Year: minimum stay 3 nights',
    );
    await page.getByLabel('Check-in').fill(seasonIn);
    await page.getByLabel('Check-out').fill(addDaysToDate(seasonIn, 2));
    await page.getByLabel('Guests').fill('2');
    await expect
      .poll(() =>
        page
          .getByRole('alert')
          .filter({ hasText: 'Minimum stay in Christmas and New Year is 3 nights' })
          .count(),
      )
      .toBe(1);

    await page.getByLabel('Check-out').fill(addDaysToDate(seasonIn, 3));
    const quote = priceStay({
      checkIn: seasonIn,
      checkOut: addDaysToDate(seasonIn, 3),
      guests: 2,
      basePrice: availability.property.base_price,
      currency: availability.property.currency,
      rules: availability.rules,
    });
    await expect
      .poll(() => page.getByTestId('quote-total').textContent())
      .toBe(formatMajorAmount(quote.total, quote.currency));
    const summary = page.locator('[aria-live="polite"]').filter({ has: page.getByTestId('quote-total') });
    const text = await summary.textContent();
    expect(text).toContain('3 nights × 38,000 (Christmas and New Year)');
    expect(text).toContain('Cleaning fee');
    expect(text).toContain('GST 18%');
    await context.close();
  });

  it('lets the operator confirm the request and see its nights booked in the calendar', async () => {
    const { page, context } = await openSignedInPage(browser);
    const propertyId = availability.property.id;
    await gotoManagement(page, `?view=bookings&property=${propertyId}`);
    // The guest's own card: other requests (pending too) are listed beside it.
    const card = page.locator('li[data-booking-id]').filter({ hasText: guestName });
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
