import { format, parseISO } from 'date-fns';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToDate } from '../../src/domain/dates';
import { getJson, gotoManagement, openSignedInPage, toastRegion, uniqueName } from './manage-helpers';
import { findAccessibilityViolations, launchBrowser } from './support/browser';

type Property = { id: string; name: string; base_price: number };
type Booking = {
  id: string;
  guest_name: string;
  status: string;
  payment_status: string;
  total_amount: number;
};

/** The operator's side of direct bookings: actions on cards, manual bookings, calendar days, property edits. */
describe('changing bookings, calendar and properties', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function createProperty(page: Page, name: string) {
    const response = await page.request.post('/api/properties', {
      data: {
        name,
        address: '9 Test Lane',
        city: 'Nashik',
        country: 'India',
        base_price: 300,
        max_guests: 4,
      },
    });
    expect(response.status()).toBe(201);
    return (await response.json()) as Property;
  }

  it('adds a booking by hand, confirms nothing twice, cancels with a confirmation and marks it paid', async () => {
    const { page, context } = await openSignedInPage(browser);
    const property = await createProperty(page, uniqueName('Manual Villa'));
    const { today } = await getJson<{ today: string }>(page, '/api/availability');
    await gotoManagement(page, `?view=bookings&property=${property.id}`);

    await page.getByRole('button', { name: 'Add Booking' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Booking' });
    await dialog.getByLabel('Check-in').fill(addDaysToDate(today, 10));
    await dialog.getByLabel('Check-out').fill(addDaysToDate(today, 12));
    await dialog.getByLabel('Guest name').fill('Phone Guest');
    await dialog.getByLabel('Guest email').fill('phone.guest@example.com');
    // Not a source that collects the guest's money itself (Airbnb, Booking.com): the operator does.
    await dialog.getByLabel('Source').selectOption('vrbo');
    await dialog.getByLabel('External booking id').fill('BDC-1234567');
    await dialog.getByLabel('Status').selectOption('pending');
    expect(await findAccessibilityViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Add Booking' }).click();
    await expect.poll(() => toastRegion(page).textContent()).toContain('Booking added');

    const card = page.locator('li[data-booking-id]').filter({ hasText: 'Phone Guest' });
    await card.waitFor();
    expect(await card.textContent()).toContain('AED 600');
    expect(await card.textContent()).toContain('BDC-1234567');

    // Overlapping nights are refused, and what was typed stays.
    await page.getByRole('button', { name: 'Add Booking' }).click();
    await dialog.getByLabel('Check-in').fill(addDaysToDate(today, 11));
    await dialog.getByLabel('Check-out').fill(addDaysToDate(today, 13));
    await dialog.getByLabel('Guest name').fill('Second Guest');
    await dialog.getByLabel('Guest email').fill('second@example.com');
    await dialog.getByRole('button', { name: 'Add Booking' }).click();
    await expect
      .poll(() => dialog.getByRole('alert').textContent())
      .toBe('Those dates are no longer available');
    expect(await dialog.getByLabel('Guest name').inputValue()).toBe('Second Guest');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await card.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => card.locator('[data-status]').getAttribute('data-status')).toBe('confirmed');
    expect(await card.getByRole('button', { name: 'Confirm' }).count()).toBe(0);
    // The pressed button is gone; keyboard focus stays in this card's actions.
    const focusedGroup = () =>
      page.evaluate(() => document.activeElement?.closest('[role="group"]')?.getAttribute('aria-label'));
    await expect.poll(focusedGroup).toBe('Actions for Phone Guest');
    // Mark paid asks how it was paid before it records anything.
    await card.getByRole('button', { name: 'Mark paid' }).click();
    const markPaid = page.getByRole('dialog', { name: 'Mark Phone Guest’s booking paid?' });
    await markPaid.getByLabel(/^Method/).selectOption('cash');
    await markPaid.getByRole('button', { name: /^Record .+ paid$/ }).click();
    await markPaid.waitFor({ state: 'detached' });
    await expect.poll(() => card.textContent()).toContain('Payment: paid');

    await card.getByRole('button', { name: 'Cancel' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this booking?' });
    await confirm.getByRole('button', { name: 'Cancel booking' }).click();
    await expect.poll(() => card.locator('[data-status]').getAttribute('data-status')).toBe('cancelled');
    await expect.poll(focusedGroup).toBe('Actions for Phone Guest');
    const bookings = await getJson<Booking[]>(page, `/api/properties/${property.id}/bookings`);
    expect(bookings.map((booking) => [booking.guest_name, booking.status, booking.payment_status])).toEqual([
      ['Phone Guest', 'cancelled', 'paid'],
    ]);
    await context.close();
  });

  it('moves a booking in place, refuses nights another stay holds naming it, and keeps a private note', async () => {
    const { page, context } = await openSignedInPage(browser);
    const property = await createProperty(page, uniqueName('Edit Villa'));
    const { today } = await getJson<{ today: string }>(page, '/api/availability');
    const book = async (guest: string, from: number, to: number) => {
      const response = await page.request.post(`/api/properties/${property.id}/bookings`, {
        data: {
          check_in: addDaysToDate(today, from),
          check_out: addDaysToDate(today, to),
          guests_count: 2,
          guest_name: guest,
          guest_email: 'edit.guest@example.com',
          status: 'confirmed',
          total_amount: 900,
        },
      });
      expect(response.status(), await response.text()).toBe(201);
    };
    await book('Moving Guest', 20, 22);
    await book('Holding Guest', 30, 33);
    await gotoManagement(page, `?view=bookings&property=${property.id}`);
    const card = page.locator('li[data-booking-id]').filter({ hasText: 'Moving Guest' });
    await card.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: /^Edit booking/ });
    // Onto the other stay's nights: refused with its name, what was typed kept.
    await dialog.getByLabel('Check-in').fill(addDaysToDate(today, 31));
    await dialog.getByLabel('Check-out').fill(addDaysToDate(today, 34));
    await dialog.getByLabel('Private note').fill('Late arrival, keys with the caretaker');
    // A move is priced as a new stay: three nights at the base price, beside the price it has now.
    await dialog
      .getByTestId('price-new')
      .getByText(/^\D*900(\.00)?$/)
      .last()
      .waitFor();
    await dialog.getByRole('radio', { name: /Charge the new price/ }).check();
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog
      .getByText(/Holding Guest/)
      .first()
      .waitFor();
    expect(await dialog.getByLabel('Private note').inputValue()).toBe(
      'Late arrival, keys with the caretaker',
    );
    expect(await findAccessibilityViolations(page)).toEqual([]);
    // Free nights: saved, and the card shows the new dates and the note.
    await dialog.getByLabel('Check-in').fill(addDaysToDate(today, 40));
    await dialog.getByLabel('Check-out').fill(addDaysToDate(today, 43));
    // The new dates' quote, before the save sends it.
    await dialog
      .getByTestId('price-new')
      .getByText(format(parseISO(addDaysToDate(today, 40)), 'MMM d'), { exact: false })
      .waitFor();
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => toastRegion(page).textContent()).toContain('Booking changed');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => card.textContent()).toContain('Late arrival, keys with the caretaker');
    const [moved] = await getJson<(Booking & { check_in: string; operator_note: string })[]>(
      page,
      `/api/properties/${property.id}/bookings?q=Moving`,
    );
    expect([moved!.check_in, moved!.operator_note, moved!.total_amount]).toEqual([
      addDaysToDate(today, 40),
      'Late arrival, keys with the caretaker',
      900,
    ]);
    await context.close();
  });

  it('closes a range of days in the calendar, and the public form follows at once', async () => {
    const { page, context } = await openSignedInPage(browser);
    const availability = await getJson<{ today: string; property: { id: string } }>(
      page,
      '/api/availability',
    );
    // Three days of one month, which the calendar shows together (300 days ahead may end in the next).
    const later = addDaysToDate(availability.today, 300);
    const start =
      addDaysToDate(later, 2).slice(0, 7) === later.slice(0, 7)
        ? later
        : `${addDaysToDate(later, 2).slice(0, 7)}-01`;
    const end = addDaysToDate(start, 2);
    await gotoManagement(
      page,
      `?view=calendar&property=${availability.property.id}&month=${start.slice(0, 7)}`,
    );
    await page.locator(`li[data-date="${start}"] button`).click();
    await page.locator(`li[data-date="${end}"] button`).click();
    await page.getByRole('button', { name: 'Edit dates' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit dates' });
    expect(await dialog.getByLabel('From').inputValue()).toBe(start);
    expect(await dialog.getByLabel('To (included)').inputValue()).toBe(end);
    await dialog.getByLabel('Mark unavailable').check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => page.locator(`li[data-date="${start}"]`).getAttribute('data-status'))
      .toBe('unavailable');
    expect(await page.locator(`li[data-date="${end}"]`).getAttribute('data-status')).toBe('unavailable');

    const quote = await getJson<{ available: boolean; unavailable_nights: string[] }>(
      page,
      `/api/quote?check_in=${start}&check_out=${addDaysToDate(end, 1)}`,
    );
    expect(quote).toMatchObject({
      available: false,
      unavailable_nights: [start, addDaysToDate(start, 1), end],
    });

    // And open again, with a price for one night.
    await page.getByRole('button', { name: 'Edit dates' }).click();
    await dialog.getByLabel('Mark available').check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => page.locator(`li[data-date="${start}"]`).getAttribute('data-status'))
      .toBe('available');
    await context.close();
  });

  it('edits a property and deactivates it, keeping its bookings', async () => {
    const { page, context } = await openSignedInPage(browser);
    const property = await createProperty(page, uniqueName('Edit Villa'));
    const { today } = await getJson<{ today: string }>(page, '/api/availability');
    const booked = await page.request.post(`/api/properties/${property.id}/bookings`, {
      data: {
        check_in: addDaysToDate(today, 5),
        check_out: addDaysToDate(today, 6),
        guests_count: 1,
        guest_name: 'Kept Guest',
        guest_email: 'kept@example.com',
      },
    });
    expect(booked.status()).toBe(201);
    await gotoManagement(page, `?view=bookings&property=${property.id}`);
    await page.getByRole('button', { name: 'Edit Property' }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${property.name}` });
    await dialog.getByLabel('Name').fill('');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => dialog.getByText('Property name is required').isVisible()).toBe(true);
    const renamed = `${property.name} Renamed`;
    await dialog.getByLabel('Name').fill(renamed);
    await dialog.getByLabel(/Base Price/).fill('450');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => toastRegion(page).textContent()).toContain('Property updated');
    const list = await getJson<Property[]>(page, '/api/properties');
    expect(list.find((item) => item.id === property.id)).toMatchObject({ name: renamed, base_price: 450 });

    await page.getByRole('button', { name: 'Edit Property' }).click();
    await page.getByRole('button', { name: 'Deactivate property' }).click();
    await page.getByRole('button', { name: 'Yes, deactivate' }).click();
    await expect.poll(() => toastRegion(page).textContent()).toContain('Property deactivated');
    expect(page.url()).not.toContain(property.id);
    const after = await getJson<Property[]>(page, '/api/properties');
    expect(after.map((item) => item.id)).not.toContain(property.id);
    const kept = await getJson<Booking[]>(page, `/api/properties/${property.id}/bookings`);
    expect(kept.map((booking) => booking.guest_name)).toEqual(['Kept Guest']);
    await context.close();
  });
});
