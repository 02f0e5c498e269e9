import { spawnSync } from 'node:child_process';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToDate } from '../../src/domain/dates';
import { getJson, gotoManagement, openSignedInPage, toastRegion, uniqueName } from './manage-helpers';
import { findAccessibilityViolations, launchBrowser, PHONE } from './support/browser';

/** A PDF's text as a person's PDF reader would read it, with every run of spaces made one. */
function readPdfText(pdf: Buffer): string {
  const result = spawnSync('pdftotext', ['-layout', '-', '-'], { input: pdf });
  if (result.error) throw result.error;
  return result.stdout.toString().replace(/[ \t]+/g, ' ');
}

/** The operator invoices a confirmed stay from its Payments dialog, downloads the PDF and credits part of it. */
describe('invoicing a stay', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('issues a tax invoice with the GST split, whose PDF carries what Rule 46 asks, then a credit note', async () => {
    const { page, context } = await openSignedInPage(browser, PHONE);
    const profile = await page.request.put('/api/business-profile', {
      data: {
        registered: true,
        legal_name: 'Shanti Villa Retreat LLP',
        trade_name: 'Where Peace Lives',
        address: 'Fort Road, Ahmednagar, Maharashtra 414001',
        state_code: '27',
        pan: 'AAPFU0939F',
        gstins: [{ state_code: '27', gstin: '27AAPFU0939F1ZV' }],
        invoice_prefix: 'WPL',
        signatory_name: 'Asha Kulkarni',
      },
    });
    expect(profile.status(), await profile.text()).toBe(200);
    const created = await page.request.post('/api/properties', {
      data: {
        name: uniqueName('Invoice Villa'),
        address: '4 Fort Road',
        city: 'Ahmednagar',
        country: 'India',
        state_code: '27',
        base_price: 5000,
        max_guests: 4,
        currency: 'INR',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const property = (await created.json()) as { id: string; name: string };
    const { today } = await getJson<{ today: string }>(page, '/api/availability');
    const booked = await page.request.post(`/api/properties/${property.id}/bookings`, {
      data: {
        check_in: addDaysToDate(today, 20),
        check_out: addDaysToDate(today, 22),
        guests_count: 2,
        guest_name: 'Meera Joshi',
        guest_email: 'meera@example.com',
        status: 'confirmed',
        total_amount: 10_000,
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);

    await gotoManagement(page, `?view=bookings&property=${property.id}`);
    const card = page.locator('li[data-booking-id]').filter({ hasText: 'Meera Joshi' });
    await card.getByRole('button', { name: 'Payments of Meera Joshi' }).click();
    const payments = page.getByRole('dialog', { name: 'Payments · Meera Joshi' });
    await payments.getByText('No invoices yet').waitFor();
    await payments.getByRole('button', { name: 'Issue invoice' }).click();

    const issue = page.getByRole('dialog', { name: 'Issue invoice · Meera Joshi' });
    await issue.getByText(/tax invoice will be issued from GSTIN 27AAPFU0939F1ZV/i).waitFor();
    expect(await issue.getByLabel(/^Recipient name/).inputValue()).toBe('Meera Joshi');
    await issue.getByLabel(/^Address/).fill('12 MG Road, Pune');
    await issue.getByLabel(/^State/).selectOption('27');
    expect(await findAccessibilityViolations(page)).toEqual([]);
    await issue.getByRole('button', { name: 'Issue invoice' }).click();
    await expect.poll(() => toastRegion(page).textContent()).toMatch(/WPL\/\d{4}\/\d{4}/);
    await issue.waitFor({ state: 'detached' });

    const link = payments.getByRole('link', { name: /^Download PDF of Tax Invoice WPL\// });
    const number = /WPL\/\d{4}\/\d{4}/.exec((await link.getAttribute('aria-label')) ?? '')![0];
    const pdf = await page.request.get((await link.getAttribute('href'))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const text = readPdfText(await pdf.body());
    // ₹10,000 tax included at 5 % (₹5,000 a night): ₹9,523.80 of value, ₹238.10 CGST and ₹238.10 SGST.
    for (const expected of [
      'Tax Invoice',
      number,
      'Shanti Villa Retreat LLP',
      '27AAPFU0939F1ZV',
      'Meera Joshi',
      '12 MG Road, Pune',
      '996311',
      '₹9,523.80',
      '₹238.10',
      'Place of supply: Maharashtra (27)',
      'Reverse charge: No',
      '₹10,000',
      'Indian Rupees Ten Thousand Only',
      'Asha Kulkarni',
    ])
      expect(text).toContain(expected);

    await payments.getByRole('button', { name: `Issue credit note against ${number}` }).click();
    const credit = page.getByRole('dialog', { name: `Credit note against ${number}` });
    await credit.getByLabel(/^Amount \(INR\)/).fill('2100');
    await credit.getByLabel(/^Reason/).fill('One dinner refunded');
    await credit.getByRole('button', { name: 'Issue credit note' }).click();
    await credit.waitFor({ state: 'detached' });
    const note = payments.getByRole('link', { name: /^Download PDF of Credit Note WPL\// });
    await note.waitFor();
    expect(await payments.textContent()).toContain(`Corrects ${number}: One dinner refunded`);
    expect(await payments.textContent()).toContain('₹7,900 left to credit');
    await context.close();
  });
});
