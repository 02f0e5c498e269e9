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

  it('marks a stay paid on a phone by method and reference, its buttons away from Mark paid, and voids it', async () => {
    const { page, context } = await openSignedInPage(browser, PHONE);
    const created = await page.request.post('/api/properties', {
      data: {
        name: uniqueName('Mark Paid Villa'),
        address: '9 Test Lane',
        city: 'Nashik',
        country: 'India',
        base_price: 5000,
        max_guests: 4,
        currency: 'INR',
      },
    });
    const property = (await created.json()) as { id: string };
    const { today } = await getJson<{ today: string }>(page, '/api/availability');
    const booked = await page.request.post(`/api/properties/${property.id}/bookings`, {
      data: {
        check_in: addDaysToDate(today, 40),
        check_out: addDaysToDate(today, 42),
        guests_count: 2,
        guest_name: 'Rohan Deshmukh',
        guest_email: 'rohan@example.com',
        status: 'confirmed',
        total_amount: 12_500,
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);

    await gotoManagement(page, `?view=bookings&property=${property.id}`);
    const card = page.locator('li[data-booking-id]').filter({ hasText: 'Rohan Deshmukh' });
    const markPaid = card.getByRole('button', { name: 'Mark paid' });
    await markPaid.scrollIntoViewIfNeeded();
    await markPaid.click();
    const dialog = page.getByRole('dialog', { name: 'Mark Rohan Deshmukh’s booking paid?' });
    expect(await dialog.locator('[data-mark-paid-amount]').textContent()).toBe('₹12,500');
    const confirm = dialog.getByRole('button', { name: 'Record ₹12,500 paid' });
    const cancel = dialog.getByRole('button', { name: 'Not now' });
    // The worst place for the thumb: Mark paid scrolled to where the dialog showed its buttons.
    const shown = (await cancel.boundingBox())!;
    await cancel.click();
    await dialog.waitFor({ state: 'detached' });
    // A fresh page, as an operator comes to it, for the tap that counts.
    await page.reload();
    await markPaid.waitFor();
    // Room to scroll either way (one booking alone does not fill the page), then the scroll.
    await page.evaluate(() => {
      for (const where of ['beforebegin', 'afterend'] as const) {
        const room = document.createElement('div');
        room.style.height = '1000px';
        document.querySelector('li[data-booking-id]')?.closest('ul, ol')?.insertAdjacentElement(where, room);
      }
    });
    const before = (await markPaid.boundingBox())!;
    await page.evaluate((by) => window.scrollBy(0, by), before.y - shown.y);
    const pressed = (await markPaid.boundingBox())!;
    expect(Math.abs(pressed.y - shown.y)).toBeLessThan(2);
    await markPaid.click();
    // A second tap where Mark paid was lands on neither of the dialog's buttons.
    for (const button of [confirm, cancel]) {
      const box = (await button.boundingBox())!;
      const apart = box.y + box.height <= pressed.y || box.y >= pressed.y + pressed.height;
      expect(apart, JSON.stringify({ button: box, pressed })).toBe(true);
    }
    await page.mouse.click(pressed.x + pressed.width / 2, pressed.y + pressed.height / 2);
    expect(await dialog.isVisible()).toBe(true);
    expect(await findAccessibilityViolations(page)).toEqual([]);
    // Nothing is recorded until the method is chosen and the amount confirmed.
    await confirm.click();
    await dialog.getByText('Choose how the balance was paid').waitFor();
    await dialog.getByLabel(/^Method/).selectOption('bank_transfer');
    await dialog.getByLabel('UTR / reference').fill('UTR 7781234');
    await confirm.click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => card.locator('[data-payment]').textContent()).toBe('Payment: paid');

    // Recorded on the wrong stay, say: voided with a reason, struck through, and the balance is back.
    await card.getByRole('button', { name: 'Payments of Rohan Deshmukh' }).click();
    const payments = page.getByRole('dialog', { name: 'Payments · Rohan Deshmukh' });
    const row = payments.getByRole('row').filter({ hasText: 'UTR 7781234' });
    expect(await row.textContent()).toContain('Bank transfer');
    await row.getByRole('button', { name: /^Void payment of ₹12,500/ }).click();
    await payments.getByLabel(/^Reason/).fill('Paid for another stay');
    await payments.getByRole('button', { name: 'Void entry' }).click();
    await expect.poll(() => row.getAttribute('data-voided')).toBe('');
    expect(await row.textContent()).toContain('Paid for another stay');
    await expect.poll(() => payments.textContent()).toContain('Balance₹12,500');
    await page.keyboard.press('Escape');
    await expect.poll(() => card.locator('[data-payment]').textContent()).toBe('Payment: unpaid');
    await context.close();
  });
});
