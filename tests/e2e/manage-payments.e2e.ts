import { format, parseISO } from 'date-fns';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToDate } from '../../src/domain/dates';
import { getJson, gotoManagement, openSignedInPage, toastRegion, uniqueName } from './manage-helpers';
import { findAccessibilityViolations, launchBrowser, PHONE } from './support/browser';

const dayMonthYear = (date: string) => format(parseISO(date), 'd MMM yyyy');

/** The operator follows a booking's money: the deposit recorded with its UTR, the balance and its due day. */
describe("recording a booking's payments", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sets a deposit of 40 %, records it with a UTR, shows the balance and its due date, and refuses a refund above what was paid', async () => {
    const { page, context } = await openSignedInPage(browser, PHONE);
    const created = await page.request.post('/api/properties', {
      data: {
        name: uniqueName('Payments Villa'),
        address: '9 Test Lane',
        city: 'Nashik',
        country: 'India',
        base_price: 5000,
        max_guests: 4,
        currency: 'INR',
      },
    });
    expect(created.status()).toBe(201);
    const property = (await created.json()) as { id: string };
    const { today } = await getJson<{ today: string }>(page, '/api/availability');

    // The schedule, beside the prices: 40 % when confirmed (today), the balance 14 days before check-in.
    await gotoManagement(page, `?view=pricing&property=${property.id}`);
    const settings = page.getByRole('form', { name: 'Payment settings' });
    await settings.getByLabel(/^Deposit \(%\)/).fill('40');
    await settings.getByRole('button', { name: 'Save payment settings' }).click();
    await expect.poll(() => toastRegion(page).textContent()).toContain('Payment settings saved');

    const checkIn = addDaysToDate(today, 30);
    const booked = await page.request.post(`/api/properties/${property.id}/bookings`, {
      data: {
        check_in: checkIn,
        check_out: addDaysToDate(today, 33),
        guests_count: 2,
        guest_name: 'Anaya Kulkarni',
        guest_email: 'anaya@example.com',
        status: 'confirmed',
        total_amount: 10_000,
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);

    await gotoManagement(page, `?view=bookings&property=${property.id}`);
    const card = page.locator('li[data-booking-id]').filter({ hasText: 'Anaya Kulkarni' });
    const payments = card.getByRole('region', { name: 'Payments of Anaya Kulkarni' });
    await expect.poll(() => payments.textContent()).toContain('Paid ₹0 of ₹10,000 · Balance ₹10,000');
    expect(await payments.textContent()).toContain(`₹4,000 due ${dayMonthYear(today)}`);

    const opener = card.getByRole('button', { name: 'Payments of Anaya Kulkarni' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Payments · Anaya Kulkarni' });
    await dialog.getByText('Nothing recorded yet.').waitFor();
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    const amount = dialog.getByLabel(/^Amount \(INR\)/);
    expect(await amount.inputValue()).toBe('4000');
    expect(await dialog.getByLabel(/^Method/).inputValue()).toBe('upi');
    await dialog.getByLabel('UTR / reference').fill('612345678901');
    expect(await findAccessibilityViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await expect.poll(() => toastRegion(page).textContent()).toContain('Payment recorded');
    const row = dialog.getByRole('row').filter({ hasText: '612345678901' });
    await expect.poll(() => row.textContent()).toContain('₹4,000');
    expect(await dialog.textContent()).toContain(`₹6,000 due ${dayMonthYear(addDaysToDate(checkIn, -14))}`);

    // A refund above what was paid: the server's words at the amount, and what was typed stays.
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await dialog.getByLabel(/^Amount \(INR\)/).fill('5000');
    await dialog.getByLabel('UTR / reference').fill('NEFT 42');
    await dialog.getByRole('button', { name: 'Record refund' }).click();
    const refusal = dialog.getByText('A refund can be at most what was paid and not yet refunded: ₹4,000');
    await refusal.waitFor();
    expect(await refusal.getAttribute('role')).toBe('alert');
    expect(await dialog.getByLabel(/^Amount \(INR\)/).getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByLabel(/^Amount \(INR\)/).inputValue()).toBe('5000');
    expect(await dialog.getByLabel('UTR / reference').inputValue()).toBe('NEFT 42');

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true);
    await expect.poll(() => payments.textContent()).toContain('Paid ₹4,000 of ₹10,000 · Balance ₹6,000');
    expect(await payments.textContent()).toContain(`₹6,000 due ${dayMonthYear(addDaysToDate(checkIn, -14))}`);
    expect(await card.locator('[data-payment]').textContent()).toBe('Payment: partial');
    await context.close();
  });
});
