import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToDate } from '../../src/domain/dates';
import { getJson, gotoManagement, openSignedInPage, toastRegion, uniqueName } from './manage-helpers';
import { DESKTOP, findAccessibilityViolations, launchBrowser, PHONE } from './support/browser';

/** The operator words a property's before-arrival message, previews it on a stay, and sees that stay's schedule. */
describe('scheduled guest messages', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const viewport of [PHONE, DESKTOP]) {
    it(`edits a template with a placeholder, previews it on a booking and sees the booking's schedule at ${viewport.width} px`, async () => {
      const { page, context } = await openSignedInPage(browser, viewport);
      const created = await page.request.post('/api/properties', {
        data: {
          name: uniqueName('Messages Villa'),
          address: '3 Fort Road',
          city: 'Lonavala',
          country: 'India',
          base_price: 8000,
          max_guests: 6,
          currency: 'INR',
        },
      });
      expect(created.status()).toBe(201);
      const property = (await created.json()) as { id: string; name: string };
      const { today } = await getJson<{ today: string }>(page, '/api/availability');
      const checkIn = addDaysToDate(today, 20);
      const booked = await page.request.post(`/api/properties/${property.id}/bookings`, {
        data: {
          check_in: checkIn,
          check_out: addDaysToDate(checkIn, 3),
          guests_count: 3,
          guest_name: 'Rohan Desai',
          guest_email: 'rohan@example.com',
          guest_phone: '+91 98220 55555',
          status: 'confirmed',
          total_amount: 24_000,
        },
      });
      expect(booked.status(), await booked.text()).toBe(201);

      await gotoManagement(page, `?view=messages&property=${property.id}`);
      const editor = page.getByRole('form', { name: 'Before arrival template' });
      const subject = editor.getByLabel('Subject');
      await subject.fill('Welcome soon, ');
      const body = editor.getByRole('textbox', { name: 'Message' });
      await body.fill('Hello ');
      // The chip puts the placeholder where the cursor is.
      await body.press('End');
      await editor.getByRole('button', { name: /^Insert \{guestName\}/ }).click();
      await expect.poll(() => body.inputValue()).toBe('Hello {guestName}');
      await body.press('End');
      await body.pressSequentially(', see you on {checkInDate}.');
      const preview = page.locator('[data-preview]');
      await expect.poll(() => preview.textContent()).toContain('Hello Rohan Desai, see you on');
      expect(await preview.textContent()).toContain('Welcome soon,');
      expect(await findAccessibilityViolations(page)).toEqual([]);
      await editor.getByRole('button', { name: 'Save template' }).click();
      await expect.poll(() => toastRegion(page).textContent()).toContain('Template saved');

      // An unknown placeholder: the form says which, and nothing is saved.
      await body.fill('Hello {guset}');
      await editor.getByRole('button', { name: 'Save template' }).click();
      await expect.poll(() => editor.getByRole('alert').first().textContent()).toContain('{guset}');

      await gotoManagement(page, `?view=bookings&property=${property.id}`);
      const card = page.locator('li[data-booking-id]').filter({ hasText: 'Rohan Desai' });
      await card.getByRole('button', { name: 'Guest messages' }).click();
      const schedule = card.getByRole('list', { name: 'Scheduled messages' });
      const arrival = schedule.locator('[data-scheduled-kind="before_arrival"]');
      await expect.poll(() => arrival.textContent()).toContain('Scheduled');
      expect(await arrival.textContent()).toContain('09:00 (India time)');
      const whatsapp = card.getByRole('link', { name: 'Message on WhatsApp' });
      expect(await whatsapp.getAttribute('href')).toMatch(
        /^https:\/\/wa\.me\/919822055555\?text=Hello%20Rohan%20Desai/,
      );
      await card.getByRole('button', { name: 'Skip the before arrival message' }).click();
      await expect.poll(() => arrival.textContent()).toContain('Skipped');
      expect(await findAccessibilityViolations(page)).toEqual([]);
      await card.getByRole('button', { name: 'Restore the before arrival message' }).click();
      await expect.poll(() => arrival.textContent()).toContain('Scheduled');
      await context.close();
    });
  }
});
