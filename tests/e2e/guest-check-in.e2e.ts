import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Availability } from '../../src/domain/availability';
import { formatBookingReference, type Booking } from '../../src/domain/booking';
import { addDaysToDate } from '../../src/domain/dates';
import { getJson, gotoManagement, openSignedInPage } from './manage-helpers';
import { findAccessibilityViolations, launchBrowser, openPage, PHONE } from './support/browser';

/**
 * A confirmed guest checks in online from their request page on a phone, by keyboard where it counts, for
 * themselves and a German friend (Form C); the operator sees both in the guest register with the Form C sheet.
 */
describe('online check-in and the guest register', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('lets a confirmed guest check in at 375 px, and shows them in the register', async () => {
    const guest = await openPage(browser, PHONE);
    const { today } = await getJson<Availability>(guest.page, '/api/availability');
    const email = `check-in.${Date.now().toString(36)}@example.com`;
    // Far from the sample stays and the other suites' requests; another day on each run of a reused server.
    // A Tuesday, for three nights: the sample villa's seasons (Christmas, Diwali) ask three nights, Diwali's
    // from a Tuesday or Thursday, and the dates drift into them as the calendar moves on.
    const around = addDaysToDate(today, 300 + (Date.now() % 20) * 7);
    const weekday = new Date(`${around}T00:00:00Z`).getUTCDay();
    const checkIn = addDaysToDate(around, (2 - weekday + 7) % 7);
    const requested = await guest.page.request.post('/api/booking-requests', {
      data: {
        check_in: checkIn,
        check_out: addDaysToDate(checkIn, 3),
        guests_count: 2,
        guest_name: 'Meera Joshi',
        guest_email: email,
      },
    });
    expect(requested.status(), await requested.text()).toBe(201);
    const requestPath = ((await requested.json()) as { request_path: string }).request_path;

    // Before the operator confirms, check-in is not offered.
    await guest.page.goto(requestPath);
    await guest.page.getByText(/Status:/).waitFor();
    expect(await guest.page.locator('#check-in').count()).toBe(0);

    const operator = await openSignedInPage(browser);
    const [booking] = await getJson<Booking[]>(operator.page, `/api/bookings?q=${encodeURIComponent(email)}`);
    const confirmed = await operator.page.request.patch(`/api/bookings/${booking!.id}/status`, {
      data: { status: 'confirmed' },
    });
    expect(confirmed.status(), await confirmed.text()).toBe(200);

    // The link other messages give: the page, at its check-in (opened afresh, not as a jump on the page).
    await guest.page.goto('about:blank');
    await guest.page.goto(`${requestPath}#check-in`);
    const section = guest.page.locator('section#check-in');
    await section.getByRole('heading', { name: 'Online check-in' }).waitFor();
    await section.getByText('Indian law asks every place of stay').waitFor();
    const first = section.getByRole('group', { name: 'Guest 1' });
    const second = section.getByRole('group', { name: 'Guest 2' });
    await first.getByLabel('Full name').fill('Meera Joshi');
    await first.getByLabel('Permanent address').fill('7 Law College Road, Pune 411004');
    await first.getByLabel('ID type').selectOption('aadhaar');
    await first.getByLabel('ID number').fill('4321 8765 7305');
    await first.getByLabel('Expected arrival time').fill('15:00');

    await second.getByLabel('Full name').fill('Lena Fischer');
    await second.getByLabel('Nationality').selectOption('DE');
    // A foreign national's form asks what Form C needs, and only a passport.
    await second.getByRole('heading', { name: 'Form C: for the FRRO' }).waitFor();
    expect(await second.getByLabel('ID type').locator('option').allTextContents()).toEqual([
      'Choose…',
      'Passport',
    ]);
    await second.getByLabel('Permanent address').fill('Hauptstraße 5, 10115 Berlin');
    await second.getByLabel('ID type').selectOption('passport');
    await second.getByLabel('Passport number').fill('C01X00T47');
    await second.getByLabel('Expected arrival time').fill('21:15');
    await second.getByLabel('Passport place of issue').fill('Berlin');
    await second.getByLabel('Passport date of issue').fill('2020-03-01');
    await second.getByLabel('Passport date of expiry').fill('2030-02-28');
    await second.getByLabel('Visa number').fill('EV8812345');
    await second.getByLabel('Visa type').selectOption('e-Tourist');
    await second.getByLabel('Visa date of expiry').fill(addDaysToDate(checkIn, 60));
    await second.getByLabel('Date of arrival in India').fill(addDaysToDate(checkIn, -3));
    await second.getByLabel('Arriving from').fill('Frankfurt, Germany');
    await second.getByLabel('Purpose of visit').selectOption('Tourism');
    await second.getByLabel('Next destination').fill('Goa');

    // Sent from the keyboard: the whole Aadhaar number is refused, on its field, with every value kept.
    await second.getByLabel('Next destination').press('Enter');
    const idNumber = first.getByLabel('ID number');
    await first.getByText('Enter only the last four digits of your Aadhaar, not the whole number').waitFor();
    expect(await idNumber.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => idNumber.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await second.getByLabel('Passport number').inputValue()).toBe('C01X00T47');
    expect(await first.getByLabel('Full name').inputValue()).toBe('Meera Joshi');
    expect(await findAccessibilityViolations(guest.page)).toEqual([]);

    await idNumber.fill('7305');
    await section.getByRole('button', { name: 'Send check-in' }).focus();
    await guest.page.keyboard.press('Enter');
    await section.getByText('You are checked in').waitFor();
    const done = await section.textContent();
    expect(done).toContain('•••• 7305');
    expect(done).toContain('•••• 0T47');
    expect(done).not.toContain('C01X00T47');
    expect(await guest.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await findAccessibilityViolations(guest.page)).toEqual([]);
    expect(guest.pageErrors).toEqual([]);

    // The operator's register: both guests, ID numbers masked, and Lena's Form C sheet with every field.
    await gotoManagement(operator.page, '?view=guests');
    await operator.page.getByText('Meera Joshi').first().waitFor();
    await operator.page.getByText('Lena Fischer').first().waitFor();
    await operator.page.getByText('Passport •••• 0T47').first().waitFor();
    expect(await findAccessibilityViolations(operator.page)).toEqual([]);
    await operator.page
      .getByRole('button', { name: `Form C sheet for ${formatBookingReference(booking!.id)}` })
      .click();
    const sheet = operator.page.getByRole('dialog');
    await sheet.getByText('C01X00T47').waitFor();
    for (const value of ['EV8812345', 'e-Tourist', 'Berlin', 'Frankfurt, Germany', 'Tourism', 'Goa'])
      await sheet.getByText(value, { exact: true }).first().waitFor();
    await sheet.getByText(/^Due by /).waitFor();
    expect(await findAccessibilityViolations(operator.page)).toEqual([]);
    await sheet.getByLabel('FRRO reference for Lena Fischer').fill('FRRO/MH/2027/0042');
    await sheet.getByRole('button', { name: 'Record Form C filed' }).click();
    await sheet.getByText(/FRRO reference FRRO\/MH\/2027\/0042/).waitFor();
    await guest.context.close();
    await operator.context.close();
  });
});
